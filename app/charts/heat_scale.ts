import { numberFormat } from '../presets/number_format';
import { fitText, textWidth, wrapWords } from '../results/format';
import { shareColor } from './palette';
import { axisTicks, scaledAxis } from './scales';
import type { Tick } from './Axis';
import { chartsT } from '../results/words';

/** Round tops under 50 %: 1, 2, 2.5, 3, 4, 5, 6 and 8 times a power of ten. */
const STEPS = [1, 2, 2.5, 3, 4, 5, 6, 8, 10];

/**
 * The top of a utilization heat map's colour scale: the smallest round share at or above the
 * busiest value while that is under 50 %, else 100 % (and 100 % when nothing was busy). A network
 * whose channels run at 10-18 % then spans the whole colour range, not its darkest fifth; a busy
 * one keeps the fixed scale. The colour bar prints the range, so colours are read against it.
 */
export function heatTop(values: (number | null)[]): number {
  const max = Math.max(0, ...values.filter((v): v is number => v !== null && Number.isFinite(v)));
  if (max <= 0 || max >= 0.5) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = STEPS.find((s) => s * power >= max * (1 - 1e-9)) ?? 10;
  return Math.min(1, step * power);
}

/** A share's colour on a scale from 0 to `top` (viridis; values past the top clamp). */
export function heatColor(value: number, top: number): string {
  return shareColor(value / top);
}

/** The colour bar of a heat map: a gradient from 0 to `top` with percent ticks below it. */
export interface ColorBarLayout {
  x: number;
  y: number;
  width: number;
  height: number;
  stops: { offset: number; color: string }[];
  ticks: Tick[];
}

const BAR = { height: 10, stops: 11 } as const;

/** Height of a colour bar with its tick labels, for a font size. */
export function colorBarHeight(fontSize: number): number {
  return BAR.height + 4 + (fontSize - 1) + 4;
}

export function colorBarLayout(
  top: number,
  at: { x: number; y: number },
  width: number,
  fontSize: number,
): ColorBarLayout {
  const axis = scaledAxis(
    { label: 'utilization', unit: '', scale: 'linear', min: 0, max: top, format: 'percent' },
    [0, top],
    [0, width],
  );
  const stops = Array.from({ length: BAR.stops }, (_, i) => {
    const offset = i / (BAR.stops - 1);
    return { offset, color: shareColor(offset) };
  });
  return { ...at, width, height: BAR.height, stops, ticks: axisTicks(axis, 'x', fontSize - 1) };
}

/** Space between a legend's caption rows, and between the legend and what it heads. */
export const ROW_GAP = 6;

/**
 * Parts joined with " · " into lines of at most `width` px; a part too long for a line of its own
 * goes on over the next where it may break (wrapWords), and only a word longer than a line is cut.
 */
export function wrapParts(parts: string[], width: number, fontSize: number): string[] {
  const lines: string[] = [];
  const fits = (text: string) => textWidth(text, fontSize) <= width;
  for (const part of parts) {
    const last = lines.at(-1);
    if (last !== undefined && fits(`${last} · ${part}`)) {
      lines[lines.length - 1] = `${last} · ${part}`;
      continue;
    }
    lines.push(...wrapWords(part, width, fontSize).map((line) => fitText(line, width, fontSize)));
  }
  return lines;
}

/**
 * The legend above a graph or crosspoint map, in its own coordinates: the caption's parts in
 * lines that fit `width`, then the colour bar from 0 to `top` (as wide as `width` allows, at most
 * 280 px), and its height.
 */
export function heatLegendLayout(parts: string[], top: number, width: number, fontSize: number) {
  const small = fontSize - 1;
  const inset = textWidth('0\u00a0%', small) / 2;
  const overhang = textWidth('100\u00a0%', small) / 2;
  const barWidth = Math.max(60, Math.min(280, width - inset - overhang));
  const caption = wrapParts(parts, width, fontSize);
  const barY = caption.length * (fontSize + ROW_GAP);
  const bar = colorBarLayout(top, { x: inset, y: barY }, barWidth, fontSize);
  return { caption, bar, height: barY + colorBarHeight(fontSize) + ROW_GAP };
}

/** A share as a short percentage for captions. */
export function sharePercent(value: number): string {
  return `${numberFormat({ maximumFractionDigits: 1 }).format(value * 100)}\u00a0%`;
}

/** The caption part saying the colours run to a round top under 100 %, when they do. */
export function heatScaleNote(top: number): string[] {
  return top < 1 ? [chartsT('heatmap.scaleNote', { top: sharePercent(top) })] : [];
}

/** The caption parts saying the maximum and mean of some values' statistics, or that none has data. */
export function maxMean(stats: { max: number; mean: number } | null | undefined): string[] {
  return stats
    ? [
        chartsT('heatmap.max', { value: sharePercent(stats.max) }),
        chartsT('heatmap.mean', { value: sharePercent(stats.mean) }),
      ]
    : [chartsT('noData')];
}
