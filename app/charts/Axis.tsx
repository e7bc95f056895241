export interface Tick {
  value: number;
  offset: number;
  label: string;
}

export interface AxisProps {
  orient: 'bottom' | 'left';
  ticks: Tick[];
  /** Pixel length of the axis line. */
  length: number;
  label: string;
  /** Where the axis sits: y for a bottom axis, x for a left one. */
  position: number;
  /** Length of grid lines across the plot (0 for none). */
  grid?: number;
}

/** A linear axis with tick labels and an axis title; scales come from d3 in the chart. */
export function Axis({ orient, ticks, length, label, position, grid = 0 }: AxisProps) {
  if (orient === 'bottom') {
    return (
      <g className="axis" transform={`translate(0,${position})`}>
        <line x1={0} x2={length} y1={0} y2={0} />
        {ticks.map((t) => (
          <g key={t.value} transform={`translate(${t.offset},0)`}>
            {grid > 0 ? <line className="grid" y1={0} y2={-grid} /> : null}
            <line y1={0} y2={5} />
            <text y={18} textAnchor="middle">
              {t.label}
            </text>
          </g>
        ))}
        <text className="axis-label" x={length / 2} y={38} textAnchor="middle">
          {label}
        </text>
      </g>
    );
  }
  return (
    <g className="axis" transform={`translate(${position},0)`}>
      <line x1={0} x2={0} y1={0} y2={length} />
      {ticks.map((t) => (
        <g key={t.value} transform={`translate(0,${t.offset})`}>
          {grid > 0 ? <line className="grid" x1={0} x2={grid} /> : null}
          <line x1={-5} x2={0} />
          <text x={-8} dy="0.32em" textAnchor="end">
            {t.label}
          </text>
        </g>
      ))}
      <text
        className="axis-label"
        transform={`translate(-44,${length / 2}) rotate(-90)`}
        textAnchor="middle"
      >
        {label}
      </text>
    </g>
  );
}
