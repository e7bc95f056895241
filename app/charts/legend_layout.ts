// Where a legend's entries go: in rows as they come, smaller on paper.
import { fitText, textWidth, wrapWords } from '../results/format';

/** How a legend entry is drawn: a curve sample, a bar swatch, a colour ramp or a mark symbol. */
export type LegendSymbol =
  /** A curve's line and point; `marker` is the point's shape as path data (else a circle). */
  | {
      kind: 'series';
      color: string;
      line: boolean;
      point: boolean;
      dash?: string;
      marker?: string;
      /** The point in outline (a model's). */
      hollow?: boolean;
    }
  /** A bar's swatch; `hatch` is the palette position of its fill pattern (Hatch.tsx). */
  | { kind: 'swatch'; color: string; pinned?: boolean; hatch?: number }
  | { kind: 'ramp'; colors: string[] }
  | { kind: 'mark'; mark: 'current' | 'reference' }
  /** A rule's line: across for a y rule, upright for an x rule; grey and dashed for a model. */
  | { kind: 'rule'; axis: 'x' | 'y'; model: boolean }
  /** An upright tick across a curve (where it saturates). */
  | { kind: 'tick' };

export interface LegendEntry {
  key: string;
  label: string;
  symbol: LegendSymbol;
  /** Drawn lighter: an entry for a pinned run. */
  faded?: boolean;
}

export interface LegendItem extends LegendEntry {
  x: number;
  y: number;
  /** The entry's label in full; `label` may be cut to fit the width. */
  full: string;
  /** The label as drawn: one line, or wrapped onto more where it is wider than the legend. */
  lines: string[];
}

export interface LegendLayout {
  items: LegendItem[];
  height: number;
  rowHeight: number;
  /** The symbols' scale (inkScale): a paper figure's are smaller than the screen's. */
  ink: number;
  /** Width of a symbol's sample and the gap after it, before the label. */
  symbolWidth: number;
  gap: number;
}

/** A symbol's sample at ink 1, px, as Legend draws it. */
export const SYMBOL_WIDTH = 22;
// At ink 1, px: the gap from a symbol to its label, the space between entries and above and
// below a row's text.
const GAP = 6;
const SPACING = 16;
const ROW_PAD = 8;

/**
 * A label's words on as many lines as `width` needs, none cut: side by side's names ("Virtual
 * channels: 1 per channel; Torus dateline: off: 8-flit packets") are read whole. Only a single
 * word wider than the line is cut.
 */
function wrapLabel(text: string, width: number, fontSize: number): string[] {
  return wrapWords(text, width, fontSize).map((l) => fitText(l, width, fontSize));
}

interface Measures {
  fontSize: number;
  rowHeight: number;
  symbolWidth: number;
  gap: number;
  spacing: number;
}

function item(entry: LegendEntry, lines: string[], x: number, y: number): LegendItem {
  return { ...entry, label: lines.join(' '), lines, full: entry.label, x, y };
}

function rows(entries: LegendEntry[], width: number, m: Measures): LegendItem[] {
  const items: LegendItem[] = [];
  let x = 0;
  let y = 0;
  for (const entry of entries) {
    const lines = wrapLabel(entry.label, width - m.symbolWidth - m.gap, m.fontSize);
    const widest = Math.max(0, ...lines.map((l) => textWidth(l, m.fontSize)));
    const itemWidth = m.symbolWidth + m.gap + widest;
    if (x > 0 && x + itemWidth > width) {
      x = 0;
      y += m.rowHeight;
    }
    items.push(item(entry, lines, x, y));
    if (lines.length > 1) {
      // The next entry starts on the row after the last line.
      y += m.rowHeight * (lines.length - 1);
      x = width;
    } else x += itemWidth + m.spacing;
  }
  return items;
}

/**
 * Entries laid out left to right, wrapping to another row when `width` is full; an entry too
 * long for a row has one to itself, its label on as many lines as it needs. At `ink` below 1 (a
 * paper figure) its symbols, gaps and rows are smaller with it.
 */
export function legendLayout(
  entries: LegendEntry[],
  width: number,
  fontSize: number,
  ink = 1,
): LegendLayout {
  const m: Measures = {
    fontSize,
    rowHeight: fontSize + ROW_PAD * ink,
    symbolWidth: SYMBOL_WIDTH * ink,
    gap: GAP * ink,
    spacing: SPACING * ink,
  };
  const items = rows(entries, width, m);
  const height = Math.max(0, ...items.map((i) => i.y + m.rowHeight * i.lines.length));
  return { items, height, rowHeight: m.rowHeight, ink, symbolWidth: m.symbolWidth, gap: m.gap };
}
