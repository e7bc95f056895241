import type { SVGProps } from 'react';

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
  /** The title: one line, cut to fit on screen (`fullLabel` in full), or a paper figure's lines. */
  label: string[];
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
  fullLabel,
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
        <AxisTitle
          lines={label}
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
      <AxisTitle
        lines={label}
        full={fullLabel}
        transform={`translate(${side * (labelOffset ?? 44)},${length / 2}) rotate(${side * 90})`}
        textAnchor="middle"
      />
    </g>
  );
}

/** Between the lines of a title on more than one, ems. */
const TITLE_LEADING = 1.2;

/** A title's height past its first line's, in a text size's units: what a chart makes room for. */
export function titleExtra(lines: string[], fontSize: number): number {
  return Math.max(0, lines.length - 1) * TITLE_LEADING * fontSize;
}

/**
 * An axis title: one line, cut where `full` is longer, or lines outward from the farthest: below
 * a bottom axis; beside an upright one, whose margin makes room for them, toward it.
 */
function AxisTitle({
  lines,
  full,
  ...props
}: { lines: string[]; full?: string | undefined } & SVGProps<SVGTextElement>) {
  const [first = ''] = lines;
  if (lines.length === 1) {
    return <CutText className="axis-label" text={first} full={full ?? first} {...props} />;
  }
  return (
    <text className="axis-label" {...props}>
      {lines.map((line, i) => (
        <tspan key={i} x={props.x ?? 0} dy={`${i === 0 ? 0 : TITLE_LEADING}em`}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

function gridClass(tick: Tick): string {
  return tick.label ? 'grid' : 'grid minor';
}
