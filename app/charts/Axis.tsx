import { CutText } from './ChartBox';
import type { TickText } from '../results/format';
import { SUPERSCRIPT } from '../results/format';

export interface Tick extends TickText {
  value: number;
  offset: number;
  /** Empty for a minor tick (between labelled ticks of a log axis): shorter, fainter grid line. */
  label: string;
}

/** A tick's text, a power of ten's exponent raised after it (in any font, on the page or PNG). */
export function TickLabel({ tick }: { tick: TickText }) {
  if (tick.exponent === undefined) return tick.label;
  return (
    <>
      {tick.label}
      <tspan dy="-0.45em" fontSize={`${SUPERSCRIPT}em`}>
        {tick.exponent < 0 ? `\u2212${-tick.exponent}` : tick.exponent}
      </tspan>
    </>
  );
}

export interface AxisProps {
  orient: 'bottom' | 'left' | 'right';
  ticks: Tick[];
  /** Pixel length of the axis line. */
  length: number;
  label: string;
  /** Where the axis sits: y for a bottom axis, x for a left or right one. */
  position: number;
  /** Length of grid lines across the plot (0 for none). */
  grid?: number;
  /** Distance of the axis title from the axis line. */
  labelOffset?: number;
  /** The title in full, where `label` is cut to fit. */
  fullLabel?: string;
}

/** An axis with tick labels and an axis title; scales come from d3 in the chart. */
export function Axis({
  orient,
  ticks,
  length,
  label,
  position,
  grid = 0,
  labelOffset,
  fullLabel = label,
}: AxisProps) {
  if (orient === 'bottom') {
    return (
      <g className="axis" transform={`translate(0,${position})`}>
        <line x1={0} x2={length} y1={0} y2={0} />
        {ticks.map((t) => (
          <g key={t.value} transform={`translate(${t.offset},0)`}>
            {grid > 0 ? <line className={gridClass(t)} y1={0} y2={-grid} /> : null}
            <line y1={0} y2={t.label ? 5 : 3} />
            {t.label ? (
              <text y={18} textAnchor="middle">
                <TickLabel tick={t} />
              </text>
            ) : null}
          </g>
        ))}
        <CutText
          className="axis-label"
          text={label}
          full={fullLabel}
          x={length / 2}
          y={labelOffset ?? 38}
          textAnchor="middle"
        />
      </g>
    );
  }
  // A right axis mirrors a left one: ticks, labels and title on the outer side.
  const side = orient === 'left' ? -1 : 1;
  return (
    <g className="axis" transform={`translate(${position},0)`}>
      <line x1={0} x2={0} y1={0} y2={length} />
      {ticks.map((t) => (
        <g key={t.value} transform={`translate(0,${t.offset})`}>
          {grid > 0 ? <line className={gridClass(t)} x1={0} x2={-side * grid} /> : null}
          <line x1={side * (t.label ? 5 : 3)} x2={0} />
          {t.label ? (
            <text x={side * 8} dy="0.32em" textAnchor={side < 0 ? 'end' : 'start'}>
              <TickLabel tick={t} />
            </text>
          ) : null}
        </g>
      ))}
      <CutText
        className="axis-label"
        text={label}
        full={fullLabel}
        transform={`translate(${side * (labelOffset ?? 44)},${length / 2}) rotate(${side * 90})`}
        textAnchor="middle"
      />
    </g>
  );
}

function gridClass(tick: Tick): string {
  return tick.label ? 'grid' : 'grid minor';
}
