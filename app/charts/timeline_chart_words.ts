// A timeline chart in words: its text alternative.
import type { TimelineData } from '../results/chart_data';
import { formatValue } from '../results/format';
import { timelineBins } from './timeline_bins';

const shortPercent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A percentage for the description. */
function percent(value: number): string {
  return `${shortPercent.format(value * 100)}\u00a0%`;
}

/** The text alternative: rows, time span and bins, mean shares, least and most idle rows. */
export function describeTimeline(data: TimelineData): string {
  const t = timelineBins(data);
  const n = t.rows.length;
  const fx = (v: number) => formatValue(v, data.time);
  const states = data.states.map((s) => s.label);
  const stacked =
    states.length > 0 ? `, each stacking ${states.join(', then ')} from its bottom` : '';
  const parts = [
    `Timeline of ${n} ${n === 1 ? 'processor' : 'processors'}, ${data.time.label} 0 to ` +
      `${fx(t.end)}${t.bins > 0 ? ` in ${t.bins} bins of ${fx(t.end / t.bins)}` : ''}: one ` +
      `band per processor from the top${stacked}; the rest of each bin is idle.`,
  ];
  const cells = n * t.bins;
  if (cells === 0) return [...parts, 'No data.'].join(' ');
  const mean = (values: number[][]) =>
    values.reduce((sum, v) => sum + v.reduce((a, b) => a + b, 0), 0) / cells;
  const stateMeans = data.states.map(
    (s, i) => `${s.label} ${percent(mean(t.rows.map((r) => r.drawn[i] ?? [])))}`,
  );
  const idleMean = percent(mean(t.rows.map((r) => r.idle)));
  parts.push(`Mean over all processors: ${[...stateMeans, `idle ${idleMean}`].join(', ')}.`);
  if (n > 1) {
    const idle = t.rows.map((r) => r.idle.reduce((a, b) => a + b, 0) / t.bins);
    const least = idle.indexOf(Math.min(...idle));
    const most = idle.indexOf(Math.max(...idle));
    parts.push(
      `Least idle: ${t.rows[least]?.label} (idle ${percent(idle[least] ?? 0)}); most idle: ` +
        `${t.rows[most]?.label} (idle ${percent(idle[most] ?? 0)}).`,
    );
  }
  const missing = t.rows.reduce(
    (sum, r) => sum + r.values.reduce((s, v) => s + v.filter((x) => x === null).length, 0),
    0,
  );
  if (missing > 0) parts.push(`${missing} values have no data.`);
  return parts.join(' ');
}
