import { scaleBand, scaleLinear } from 'd3-scale';

import { Axis } from './Axis';
import { ChartFrame } from './ChartFrame';
import { palette } from './palette';

export interface ExchangeCosts {
  label: string;
  reductionMs: number;
  hardwareMs: number;
  firmwareMs: number;
  softwareMs: number;
}

const COMPONENTS = [
  { key: 'reductionMs', name: 'reduction', color: palette.green },
  { key: 'hardwareMs', name: 'hardware', color: palette.sky },
  { key: 'firmwareMs', name: 'firmware', color: palette.orange },
  { key: 'softwareMs', name: 'software', color: palette.blue },
] as const;

const CHART_SIZE = { width: 640, height: 200 };
const MARGIN = { top: 36, right: 150, bottom: 48, left: 80 };

/**
 * Stacked bars of one exchange (goal out, one reduction, termination back) per machine, each in
 * units of that machine's own reduction time, as the ratio column of Taki's Tables 1 and 2.
 */
export function costBreakdownGeometry(bars: ExchangeCosts[], size = CHART_SIZE) {
  const innerWidth = size.width - MARGIN.left - MARGIN.right;
  const innerHeight = size.height - MARGIN.top - MARGIN.bottom;
  const totals = bars.map(
    (b) => (b.reductionMs + b.hardwareMs + b.firmwareMs + b.softwareMs) / b.reductionMs,
  );
  const x = scaleLinear()
    .domain([0, Math.max(1, ...totals)])
    .range([0, innerWidth])
    .nice();
  const y = scaleBand<string>()
    .domain(bars.map((b) => b.label))
    .range([0, innerHeight])
    .padding(0.3);
  const rows = bars.map((bar, i) => {
    let start = 0;
    const segments = COMPONENTS.map((c) => {
      const ratio = bar[c.key] / bar.reductionMs;
      const segment = {
        ...c,
        ms: bar[c.key],
        ratio,
        x: x(start),
        width: x(start + ratio) - x(start),
      };
      start += ratio;
      return segment;
    });
    const totalMs = bar.reductionMs + bar.hardwareMs + bar.firmwareMs + bar.softwareMs;
    return { label: bar.label, y: y(bar.label) ?? 0, total: totals[i] ?? 0, totalMs, segments };
  });
  return {
    innerWidth,
    innerHeight,
    margin: MARGIN,
    bandHeight: y.bandwidth(),
    rows,
    xTicks: x.ticks(6).map((v) => ({ value: v, offset: x(v), label: String(v) })),
    totalX: (total: number) => x(total),
  };
}

const ms = (v: number) => (v >= 1 ? v.toFixed(2) : v.toPrecision(2));

export function CostBreakdownChart({ bars }: { bars: ExchangeCosts[] }) {
  const g = costBreakdownGeometry(bars);
  const description = g.rows
    .map(
      (r) =>
        `${r.label}: ${r.total.toFixed(1)} reductions (${ms(r.totalMs)} ms): ` +
        r.segments.map((s) => `${s.name} ${ms(s.ms)} ms`).join(', '),
    )
    .join('. ');
  return (
    <ChartFrame
      name="cost_breakdown"
      size={CHART_SIZE}
      margin={g.margin}
      title="Inter-PE exchange cost in units of one reduction"
      description={description}
    >
      <g className="legend" transform="translate(0,-24)">
        {COMPONENTS.map((c, i) => (
          <g key={c.key} transform={`translate(${i * 110},0)`}>
            <rect width={12} height={12} fill={c.color} />
            <text x={16} y={10}>
              {c.name}
            </text>
          </g>
        ))}
      </g>
      <Axis
        orient="bottom"
        ticks={g.xTicks}
        length={g.innerWidth}
        position={g.innerHeight}
        grid={g.innerHeight}
        label="time in units of one reduction of the same machine"
      />
      {g.rows.map((row) => (
        <g key={row.label} transform={`translate(0,${row.y})`}>
          <text x={-8} y={g.bandHeight / 2} dy="0.32em" textAnchor="end">
            {row.label}
          </text>
          {row.segments.map((s) => (
            <rect
              key={s.key}
              x={s.x}
              width={Math.max(0, s.width)}
              height={g.bandHeight}
              fill={s.color}
            >
              <title>{`${row.label} ${s.name}: ${ms(s.ms)} ms = ${s.ratio.toFixed(2)} reductions`}</title>
            </rect>
          ))}
          <text className="bar-total" x={g.totalX(row.total) + 6} y={g.bandHeight / 2} dy="0.32em">
            {`${row.total.toFixed(1)}× (${ms(row.totalMs)} ms)`}
          </text>
        </g>
      ))}
    </ChartFrame>
  );
}
