// The line chart's legend: its curves, guides and marks, and what a crowded label names there.
import type { Guide, LineChartData, Mark, Rule } from '../results/chart_data';
import { markLegendEntry } from './Legend';
import type { LegendEntry } from './legend_layout';
import { keyedEntries } from './legend_key';
import { palette } from './palette';
import type { CurveStyle } from './line_style';
import { curveKey, curveLabel, markerOf, STYLE } from './line_style';
import { chartsT } from '../results/words';

/** The legend's entries; `keyed` for paper, a kind of model named once (keyedEntries). */
export function legendEntries(
  data: LineChartData,
  guides: Guide[],
  styles: CurveStyle[],
  keyed = false,
): LegendEntry[] {
  const drawn = data.curves.map((curve, i): LegendEntry => {
    const mode = curve.mode ?? STYLE.mode;
    return {
      key: curveKey(curve),
      label: curveLabel(curve),
      faded: curve.pinned,
      symbol: {
        kind: 'series',
        color: styles[i]?.color ?? palette.grey,
        line: mode !== 'points',
        point: mode !== 'line' || styles[i]?.marker !== undefined,
        dash: styles[i]?.dash,
        ...(styles[i]?.hollow ? { hollow: true } : {}),
        ...markerOf(styles[i]?.marker, STYLE.markerArea),
      },
    };
  });
  const curves = keyed ? keyedEntries(data.curves, drawn) : drawn;
  // One entry per kind of mark: the run's, in the order they come, then the paper's.
  const byKind = (kind: Mark['kind']) => (data.marks ?? []).filter((m) => m.kind === kind);
  const markEntries = [...byKind('current'), ...byKind('reference')].map(markLegendEntry);
  const marks = new Map(markEntries.map((e) => [e.key, e]));
  return [
    ...curves.filter((e) => !e.faded),
    ...curves.filter((e) => e.faded),
    ...guides.map((g): LegendEntry => ({
      key: `guide:${g.id}`,
      label: g.label,
      symbol: {
        kind: 'series',
        color: STYLE.guideColor,
        line: true,
        point: false,
        dash: STYLE.dash,
      },
    })),
    ...marks.values(),
  ];
}

/** What the legend names because a label of it found no spot clear of the data. */
export interface LegendNamed {
  /** Rules, by index into data.rules. */
  rules: ReadonlySet<number>;
  /** The saturation ticks. */
  saturation: boolean;
}

/** The legend entry saying what a saturation tick is. */
export function saturationEntry(): LegendEntry {
  return { key: 'saturation', label: chartsT('line.saturation'), symbol: { kind: 'tick' } };
}

/** A rule's legend entry: a short piece of its line, across for a y rule, upright for an x. */
export function ruleEntry(rule: Rule, label: string): LegendEntry {
  return {
    key: `rule:${rule.axis}:${rule.label}`,
    label,
    symbol: { kind: 'rule', axis: rule.axis, model: rule.model === true },
  };
}
