// A timeline chart in words: its text alternative.
import type { TimelineData } from '../results/chart_data';
import { numberFormat } from '../presets/number_format';
import { formatValue } from '../results/format';
import { timelineBins } from './timeline_bins';
import { joinItems, joinSentences } from '../i18n/join';
import { chartsT } from '../results/words';
import { idleLabel } from './timeline_style';

/** A percentage for the description. */
function percent(value: number): string {
  return `${numberFormat({ maximumFractionDigits: 1 }).format(value * 100)}\u00a0%`;
}

/** The text alternative: rows, time span and bins, mean shares, least and most idle rows. */
export function describeTimeline(data: TimelineData): string {
  const t = timelineBins(data);
  const n = t.rows.length;
  const fx = (v: number) => formatValue(v, data.time);
  const states = data.states.map((s) => s.label);
  const parts = [
    chartsT('timeline.describe', {
      n,
      rows: String(n),
      time: data.time.label,
      end: fx(t.end),
      binned: t.bins > 0 ? 'yes' : 'no',
      bins: String(t.bins),
      bin: t.bins > 0 ? fx(t.end / t.bins) : '',
      stacked: states.length > 0 ? 'yes' : 'no',
      states: states.join(chartsT('timeline.then')),
    }),
  ];
  const cells = n * t.bins;
  if (cells === 0) return joinSentences([...parts, chartsT('timeline.noData')]);
  const mean = (values: number[][]) =>
    values.reduce((sum, v) => sum + v.reduce((a, b) => a + b, 0), 0) / cells;
  const stateMeans = data.states.map((s, i) =>
    chartsT('bars.part', {
      segment: s.label,
      value: percent(mean(t.rows.map((r) => r.drawn[i] ?? []))),
    }),
  );
  const idleMean = chartsT('bars.part', {
    segment: idleLabel(),
    value: percent(mean(t.rows.map((r) => r.idle))),
  });
  parts.push(chartsT('timeline.mean', { means: joinItems([...stateMeans, idleMean]) }));
  if (n > 1) {
    const idle = t.rows.map((r) => r.idle.reduce((a, b) => a + b, 0) / t.bins);
    const least = idle.indexOf(Math.min(...idle));
    const most = idle.indexOf(Math.max(...idle));
    parts.push(
      chartsT('timeline.leastMost', {
        least: t.rows[least]?.label ?? '',
        leastIdle: percent(idle[least] ?? 0),
        most: t.rows[most]?.label ?? '',
        mostIdle: percent(idle[most] ?? 0),
      }),
    );
  }
  const missing = t.rows.reduce(
    (sum, r) => sum + r.values.reduce((s, v) => s + v.filter((x) => x === null).length, 0),
    0,
  );
  if (missing > 0) parts.push(chartsT('timeline.missing', { missing: String(missing) }));
  return joinSentences(parts);
}
