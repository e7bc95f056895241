// The words a line chart writes on its plot: the rules' labels, the marks with theirs, the note.
import { CutText } from './ChartBox';
import { MarkSymbol } from './Legend';
import type { LineChartGeometry } from './line_geometry';

/** The labels of the rules beside their lines and of those named at the plot's edge. */
export function RuleLabels({ g }: { g: LineChartGeometry }) {
  const small = g.fontSize - 1;
  return [...g.rules, ...g.edgeRules].map((r) => (
    <CutText
      key={`${r.axis}:${r.label}`}
      className="annotation"
      text={r.text}
      full={r.full}
      x={r.labelX}
      y={r.labelY}
      textAnchor={r.labelAnchor}
      fontSize={small}
    />
  ));
}

/** Each mark's symbol, and its label (with a leader line) where one found a spot. */
export function Marks({ g }: { g: LineChartGeometry }) {
  const small = g.fontSize - 1;
  return g.marks.map((m) => (
    <g
      key={`${m.kind}:${m.label}`}
      className={m.pinned ? 'mark pinned' : 'mark'}
      data-mark={m.pinned ? 'pinned' : m.kind}
    >
      <g transform={`translate(${m.px},${m.py})`}>
        <MarkSymbol kind={m.kind} />
      </g>
      {m.placement?.leader ? (
        <line
          className="leader"
          x1={m.placement.leader.x1}
          y1={m.placement.leader.y1}
          x2={m.placement.leader.x2}
          y2={m.placement.leader.y2}
        />
      ) : null}
      {m.placement ? (
        <CutText
          text={m.text}
          full={m.label}
          x={m.placement.textX}
          y={m.placement.textY}
          fontSize={small}
        />
      ) : null}
    </g>
  ));
}

/** The data's note across the middle of the plot, in lines that fit it. */
export function PlotNote({ g }: { g: LineChartGeometry }) {
  if (g.note.length === 0) return null;
  return (
    <text
      className="annotation chart-note"
      textAnchor="middle"
      fontSize={g.fontSize}
      y={g.innerHeight / 2 - ((g.note.length - 1) * (g.fontSize + 4)) / 2}
    >
      {g.note.map((text, i) => (
        <tspan key={i} x={g.innerWidth / 2} dy={i === 0 ? 0 : g.fontSize + 4}>
          {text}
        </tspan>
      ))}
    </text>
  );
}
