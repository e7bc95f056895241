// Two runs side by side are read against each other, so a chart both panes draw gets the same
// axis ends on both sides when its axes measure the same quantity (label, unit and scale agree).
import type { AxisEnds } from './kind';
import type { BuiltChart } from './registry';
import { chartKind, withData } from './registry';
import { axisDomain } from '../charts/scales';
import type { AxisSpec } from '../results/chart_data';

/** Axis ends by chart id. */
export type AxisOverrides = Record<string, AxisEnds>;

const sameQuantity = (a: AxisSpec, b: AxisSpec) =>
  a.label === b.label && a.unit === b.unit && a.scale === b.scale;

/** The ends both axes take: the rounded domain of both sides' values together. */
function joint(
  a: { spec: AxisSpec; values: number[] },
  b: { spec: AxisSpec; values: number[] },
): [number, number] | undefined {
  if (!sameQuantity(a.spec, b.spec)) return undefined;
  return axisDomain(a.spec, [...a.values, ...b.values], 5);
}

/**
 * Shared axis ends for the charts two panes both draw, by chart id; a chart whose quantities
 * differ (another preset's chart of the same id) keeps its own.
 */
export function sharedAxes(
  left: Map<string, BuiltChart>,
  right: Map<string, BuiltChart>,
): AxisOverrides {
  const out: AxisOverrides = {};
  for (const [id, chart] of left) {
    const other = right.get(id);
    if (!other || other.kind !== chart.kind) continue;
    const axes = chartKind(chart.kind).axes;
    if (!axes) continue;
    const a = axes.extent(chart.data);
    const b = axes.extent(other.data);
    const ends: AxisEnds = {};
    const x = a.x && b.x ? joint(a.x, b.x) : undefined;
    const y = joint(a.y, b.y);
    if (x) ends.x = x;
    if (y) ends.y = y;
    if (ends.x || ends.y) out[id] = ends;
  }
  return out;
}

/** A chart drawn on the given ends (a chart drawn on its own scales, as it is). */
export function shareAxes(chart: BuiltChart, ends: AxisEnds): BuiltChart {
  const axes = chartKind(chart.kind).axes;
  return axes ? withData(chart, axes.fix(chart.data, ends)) : chart;
}
