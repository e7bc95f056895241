// How a class's answers to a step are drawn: numbers as a dot plot (a histogram past a few dozen),
// on a log axis when they span orders of magnitude, and choices as bars; the run's answer and the
// reader's own marked. Pure: the chart component draws what this lays out.
import { scaleLinear, scaleLog } from 'd3-scale';

import type { Prediction, Truth } from './protocol';
import { predictedNumber } from './predictions';

/** The most answers drawn as dots; past it, a histogram's bars. */
export const MOST_DOTS = 40;
const BINS = 24;

export interface NumberPlot {
  kind: 'dots' | 'histogram';
  log: boolean;
  /** The axis's ends and ticks, in the answers' own numbers. */
  domain: [number, number];
  ticks: { value: number; x: number }[];
  /** Each bin's place (0 to 1 along the axis) and its count. */
  bins: { x0: number; x1: number; count: number }[];
  /** Where the run's answer and the reader's own lie (0 to 1); null when not shown. */
  truth: number | null;
  mine: number | null;
  /** The largest count of a bin. */
  tallest: number;
}

/** The numbers drawn: finite, and positive on a log axis. */
export function numberPlot(
  values: number[],
  truth: number | null,
  mine: number | null,
): NumberPlot {
  const all = [...values, ...(truth === null ? [] : [truth]), ...(mine === null ? [] : [mine])];
  const finite = all.filter(Number.isFinite);
  const lo = Math.min(...finite);
  const hi = Math.max(...finite);
  // Guesses of a cost often span orders of magnitude: a linear axis would crush most into one bin.
  const log = finite.length > 1 && lo > 0 && hi / lo >= 100;
  let scale;
  if (log) scale = scaleLog().domain([lo, hi]).nice();
  else {
    const pad = lo === hi ? Math.max(1, Math.abs(lo) * 0.1) : 0;
    scale = scaleLinear()
      .domain(finite.length === 0 ? [0, 1] : [lo - pad, hi + pad])
      .nice();
  }
  scale.range([0, 1]).clamp(true);
  const [d0, d1] = scale.domain() as [number, number];
  const counts = new Array<number>(BINS).fill(0);
  for (const v of values) {
    if (!Number.isFinite(v) || (log && v <= 0)) continue;
    counts[Math.min(BINS - 1, Math.floor(scale(v) * BINS))]!++;
  }
  const bins = counts.map((count, i) => ({ x0: i / BINS, x1: (i + 1) / BINS, count }));
  const place = (v: number | null) => (v === null || !Number.isFinite(v) ? null : scale(v));
  return {
    kind: values.length > MOST_DOTS ? 'histogram' : 'dots',
    log,
    domain: [d0, d1],
    ticks: scale.ticks(log ? 4 : 5).map((value) => ({ value, x: scale(value) })),
    bins,
    truth: place(truth),
    mine: place(mine),
    tallest: Math.max(1, ...counts),
  };
}

/** The middle answer of a list of numbers; null for none. */
export function median(values: number[]): number | null {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Each choice's count (absent counts as none), for `n` choices. */
export function choiceCounts(choices: number[], n: number): number[] {
  return Array.from({ length: n }, (_, i) => choices[i] ?? 0);
}

/** The number a truth marks on a number plot; null for a choice's. */
export const truthNumber = (truth: Truth | undefined): number | null =>
  truth && 'value' in truth ? truth.value : null;

/** The reader's own prediction as a number on the plot; null when none or not a number. */
export const mineNumber = (mine: Prediction | undefined): number | null =>
  mine ? predictedNumber(mine) : null;
