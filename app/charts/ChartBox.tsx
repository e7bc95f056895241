import './charts.css';

import type { ReactNode, RefObject, SVGProps } from 'react';
import { createContext, useContext, useState } from 'react';

import type { AxisSpec } from '../results/chart_data';
import { axisTitleLines, fitAxisTitle } from '../results/format';

/** Props every shared chart takes. */
export interface ChartProps<Data> {
  /** Identifies the chart for tests and exports (the svg's data-chart). */
  name: string;
  title: string;
  /** Text alternative; without it the chart describes what it draws, with key numbers. */
  description?: string;
  data: Data;
  /** Width in px; without it the chart follows its container's width. */
  width?: number;
  /** Height in px; without it 0.6 of the width, kept between 240 and 480. */
  height?: number;
  /**
   * Text size in the chart's units; without it chartFontSize's for the width. A figure for paper
   * draws in points at the size its text is to print at.
   */
  fontSize?: number;
}

export interface ChartSize {
  width: number;
  height: number;
  /** As ChartProps' fontSize. */
  fontSize?: number;
}

/**
 * Text size for a chart of this width, unless one is given: legible when narrow, a little larger
 * when wide.
 */
export function chartFontSize({ width, fontSize }: { width: number; fontSize?: number }): number {
  return fontSize ?? (width >= 960 ? 13 : 12);
}

// A paper figure's lines and symbols, as a share of the screen's: a curve's 2 px prints 1.25 pt,
// within the 1 to 1.5 pt a journal asks of a figure at column width.
const PAPER_INK = 0.625;

/** A chart drawn for paper: at a text size given in points, its text never cut. */
export function forPaper(size: { fontSize?: number }): boolean {
  return size.fontSize !== undefined;
}

/** How thick a chart's lines and how large its symbols are, as a share of the screen's. */
export function inkScale(size: { fontSize?: number }): number {
  return forPaper(size) ? PAPER_INK : 1;
}

/** An axis's title in lines: for paper whole (axisTitleLines), else one line cut to fit. */
export function titleLines(
  spec: AxisSpec,
  width: number,
  size: { fontSize?: number },
  fontSize: number,
): string[] {
  return forPaper(size)
    ? axisTitleLines(spec, width, fontSize)
    : [fitAxisTitle(spec, width, fontSize)];
}

/**
 * The least height of a chart's plot area at this width, px: a long legend or many bar labels
 * make the chart taller rather than the plot flatter (a 320 px phone keeps a readable plot).
 */
export function minPlotHeight(width: number): number {
  return Math.round(Math.min(240, Math.max(140, width * 0.45)));
}

/** Shows a cut label's full form under the chart (null hides it); absent outside a ChartBox. */
const FullTextContext = createContext<((text: string | null) => void) | null>(null);

/**
 * A label drawn as `text`. Where that is cut from `full` ("one-way la… (cycles)"), it can take
 * the focus, by keyboard or a tap, and the chart then shows the full form below itself; a
 * pointer hovering over it gets it as a tooltip too.
 */
export function CutText({
  text,
  full,
  ...props
}: { text: string; full: string } & Omit<SVGProps<SVGTextElement>, 'children'>) {
  const show = useContext(FullTextContext);
  if (text === full) return <text {...props}>{text}</text>;
  return (
    <text
      {...props}
      className={props.className ? `${props.className} cut` : 'cut'}
      tabIndex={0}
      aria-label={full}
      onFocus={() => show?.(full)}
      onBlur={() => show?.(null)}
    >
      <title>{full}</title>
      {text}
    </text>
  );
}

/**
 * The element a chart measures its width from, holding the SVG, the full form of the cut label
 * in focus, and a live region that reads out keyboard-selected values to screen readers (the SVG
 * itself is one image to them).
 */
export function ChartBox({
  boxRef,
  announce,
  children,
}: {
  boxRef: RefObject<HTMLDivElement | null>;
  announce: string;
  children: ReactNode;
}) {
  const [full, setFull] = useState<string | null>(null);
  return (
    <div className="chart-box" ref={boxRef}>
      <FullTextContext.Provider value={setFull}>{children}</FullTextContext.Provider>
      <p className="chart-full" aria-live="polite" hidden={full === null}>
        {full}
      </p>
      <p className="chart-live" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}
