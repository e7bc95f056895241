// A timeline chart's data binned: each row's state shares per bin, as given and as drawn.
import type { TimelineData } from '../results/chart_data';

/** One processor's bins, as given and as drawn. */
export interface TimelineRow {
  label: string;
  /** `values[s][b]`: the share as given; null where the data has no finite value. */
  values: (number | null)[][];
  /** `drawn[s][b]`: the share as stacked, clamped to 0..1 and the stack capped at the bin. */
  drawn: number[][];
  /** `idle[b]`: what the drawn states leave of bin b. */
  idle: number[];
}

/** `bins` shares as given, null where there is no finite value. */
function givenShares(shares: number[], bins: number): (number | null)[] {
  return Array.from({ length: bins }, (_, b) => {
    const v = shares[b];
    return v !== undefined && Number.isFinite(v) ? v : null;
  });
}

/**
 * The timeline as drawn: the end made positive, as many bins as the longest series, missing and
 * non-finite shares as no data, so bad data draws instead of throwing.
 */
export function timelineBins(data: TimelineData) {
  const end = Number.isFinite(data.end) && data.end > 0 ? data.end : 1;
  const series = data.rows.flatMap((r) => r.fractions.slice(0, data.states.length));
  const bins = Math.max(0, ...series.map((f) => f.length));
  const rows = data.rows.map((row): TimelineRow => {
    const values = data.states.map((_, s) => givenShares(row.fractions[s] ?? [], bins));
    const drawn = values.map(() => new Array<number>(bins).fill(0));
    const idle: number[] = [];
    for (let b = 0; b < bins; b++) {
      let total = 0;
      drawn.forEach((d, s) => {
        // Negative shares and float noise in 1 - total take no room; the stack stops at 1.
        const share = Math.max(0, Math.min(values[s]?.[b] ?? 0, 1 - total));
        d[b] = share;
        total += share;
      });
      idle.push(Math.max(0, 1 - total));
    }
    return { label: row.label, values, drawn, idle };
  });
  return { end, bins, rows, start: (b: number) => (b * end) / Math.max(1, bins) };
}
