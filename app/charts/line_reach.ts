// Whether a line chart's rule is within reach of its data, and how one out of reach is named.
import type { AxisSpec, Rule } from '../results/chart_data';
import { formatReadable } from '../results/format';
import { chartsT } from '../results/words';

/**
 * A rule stretches its axis by at most this share of the data's span (from zero on a linear axis,
 * in decades on a log one); one further out is named at the plot's edge, with its value and an
 * arrow pointing where it lies, so a bound far past the data does not squeeze the curves.
 */
const RULE_REACH = 0.25;

/** The rule lies within reach of the data on its axis, or there is no data to stretch. */
export function ruleWithinReach(spec: AxisSpec, data: number[], value: number): boolean {
  const log = spec.scale === 'log';
  const t = (v: number) => (log ? Math.log10(v) : v);
  const shown = data.filter((v) => Number.isFinite(v) && (!log || v > 0)).map(t);
  if (shown.length === 0) return true;
  const fixed = [spec.min, spec.max].filter((v): v is number => v !== undefined && (!log || v > 0));
  const ends = [...shown, ...fixed.map(t), ...(log ? [] : [0])];
  const [lo, hi] = [Math.min(...ends), Math.max(...ends)];
  const span = hi - lo || Math.abs(hi) || 1;
  const v = t(value);
  return v >= lo - RULE_REACH * span && v <= hi + RULE_REACH * span;
}

/** The label of a rule out of reach, named at the edge: its value and where it lies. */
export function edgeRuleText(rule: Rule, spec: AxisSpec, beyond: boolean): string {
  const arrow = rule.axis === 'x' ? (beyond ? '→' : '←') : beyond ? '↑' : '↓';
  return chartsT('line.ruleAtEdge', {
    rule: rule.label,
    value: formatReadable(rule.value, spec),
    arrow,
  });
}
