// What a line chart draws inside its plot: the rules' and guides' lines, each curve with its
// markers, and the saturation ticks.
import { RULE_DASH } from './Legend';
import type { LineChartGeometry } from './line_geometry';
import { markerPaint, STYLE } from './line_style';
import { chartsT } from '../results/words';

type PlacedCurve = LineChartGeometry['curves'][number];

/** The lines clipped to the plot: rules, guides, then the curves, pinned ones underneath. */
export function PlotLines({ g, clipId }: { g: LineChartGeometry; clipId: string }) {
  const pinnedFirst = [...g.curves.filter((c) => c.pinned), ...g.curves.filter((c) => !c.pinned)];
  return (
    <g clipPath={`url(#${clipId})`}>
      {[...g.rules, ...g.legendRules].map((r) => (
        <line
          key={`${r.axis}:${r.label}`}
          className={r.model ? 'rule model' : 'rule'}
          x1={r.x1}
          x2={r.x2}
          y1={r.y1}
          y2={r.y2}
          strokeDasharray={r.model ? RULE_DASH.model : RULE_DASH.plain}
        />
      ))}
      {g.guides.map((guide) => (
        <path
          key={guide.id}
          className="guide"
          d={guide.path}
          fill="none"
          stroke={guide.color}
          strokeWidth={1.5 * g.ink}
          strokeDasharray={STYLE.dash}
        />
      ))}
      {pinnedFirst.map((curve) => (
        <CurveLine key={curve.key} curve={curve} ink={g.ink} />
      ))}
    </g>
  );
}

/** One curve: its path, and a marker (or a circle) on the points that carry one. */
function CurveLine({ curve, ink }: { curve: PlacedCurve; ink: number }) {
  return (
    <g
      className="curve"
      data-curve={curve.id}
      opacity={curve.pinned ? STYLE.pinnedOpacity : undefined}
      stroke={curve.color}
      fill={curve.color}
    >
      {curve.path ? (
        <path
          d={curve.path}
          fill="none"
          strokeWidth={STYLE.strokeWidth * ink}
          strokeLinejoin="round"
          strokeDasharray={curve.dash}
        />
      ) : null}
      {curve.markers.map((p, i) =>
        curve.marker ? (
          <path
            key={i}
            d={curve.marker}
            transform={`translate(${p.px},${p.py})`}
            {...markerPaint(curve.hollow, ink)}
          />
        ) : (
          <circle
            key={i}
            cx={p.px}
            cy={p.py}
            r={(curve.mode === 'points' ? STYLE.scatterRadius : STYLE.pointRadius) * ink}
            {...markerPaint(curve.hollow, ink)}
          />
        ),
      )}
    </g>
  );
}

/** Each curve's saturation tick, with "sat." above it where the label found room. */
export function SaturationTicks({ g }: { g: LineChartGeometry }) {
  const small = g.fontSize - 1;
  return g.curves.map((curve) =>
    curve.saturation ? (
      <g
        key={curve.key}
        className="saturation"
        transform={`translate(${curve.saturation.px},${curve.saturation.py})`}
        opacity={curve.pinned ? STYLE.pinnedOpacity : undefined}
      >
        <line y1={-7} y2={7} stroke={curve.color} strokeWidth={2 * g.ink} />
        {curve.saturation.labelled ? (
          <text className="annotation" y={-10} textAnchor="middle" fontSize={small}>
            {chartsT('line.sat')}
          </text>
        ) : null}
      </g>
    ) : null,
  );
}
