// The timeline's rows: their height for a choice and a count, and which of them are labelled.
import { vt } from '../view_words';

/** Width of the rows' labels, px. */
export const LABEL_WIDTH = 84;
/** The rows' box grows to this height, px, then scrolls. */
export const MAX_HEIGHT = 560;
/** The rows' height: fitted (4 to 18 px, scrolling past 140 rows), all in view, or fixed. */
export const ROW_CHOICES = ['auto', 'all', '8', '16'] as const;
export type RowChoice = (typeof ROW_CHOICES)[number];
/** A choice of the rows' height, in words. */
export const rowLabel = (choice: RowChoice) => vt('timeline.rowChoice', { choice });

export const LABEL_HEIGHT = 14;

/** Rows too thin for a label each: every k-th (k a power of two) and the last. */
export function labelledRows(lanes: number, row: number): number[] {
  let every = 1;
  while (every * row < LABEL_HEIGHT * 1.5) every *= 2;
  const out = lanes > 0 ? [0] : [];
  for (let i = every; i < lanes - every / 2; i += every) out.push(i);
  if (lanes > 1) out.push(lanes - 1);
  return out;
}

/** A row's height in CSS pixels for `lanes` rows. */
export function rowHeight(choice: RowChoice, lanes: number): number {
  const n = Math.max(1, lanes);
  if (choice === 'all') return Math.min(18, MAX_HEIGHT / n);
  if (choice === 'auto') return Math.max(4, Math.min(18, Math.floor(MAX_HEIGHT / n)));
  return Number(choice);
}
