// Two runs side by side are read against each other, so a chart both panes draw gets the same
// axis ends on both sides when its axes measure the same quantity (label, unit and scale agree).
import type { AxisSpec } from '../results/chart_data';
import { axisDomain } from './scales';
import type { BuiltChart } from '../results/chart_builder';

export interface AxisEnds {
  x?: [number, number];
  y?: [number, number];
}

/** Axis ends by chart id. */
export type AxisOverrides = Record<string, AxisEnds>;

interface Extent {
  x?: { spec: AxisSpec; values: number[] };
  y: { spec: AxisSpec; values: number[] };
}

/** The values a chart's axes must show; null for charts drawn on their own scales (maps). */
function extent(chart: BuiltChart): Extent | null {
  switch (chart.kind) {
    case 'line':
    case 'latency-load':
    case 'speedup': {
      const { data } = chart;
      const points = data.curves.flatMap((c) => c.points);
      const marks = data.marks ?? [];
      const rules = data.rules ?? [];
      return {
        x: {
          spec: data.x,
          values: [
            ...points.map((p) => p.x),
            ...marks.map((m) => m.x),
            ...rules.filter((r) => r.axis === 'x').map((r) => r.value),
          ],
        },
        y: {
          spec: data.y,
          values: [
            ...points.map((p) => p.y),
            ...marks.map((m) => m.y),
            ...rules.filter((r) => r.axis === 'y').map((r) => r.value),
          ],
        },
      };
    }
    case 'stacked-bars': {
      const totals = chart.data.bars.map((b) => b.segments.reduce((sum, s) => sum + s.value, 0));
      const marks = (chart.data.marks ?? []).map((m) => m.value);
      return { y: { spec: chart.data.y, values: [...totals, ...marks] } };
    }
    default:
      return null;
  }
}

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
    const a = extent(chart);
    const b = extent(other);
    if (!a || !b) continue;
    const ends: AxisEnds = {};
    const x = a.x && b.x ? joint(a.x, b.x) : undefined;
    const y = joint(a.y, b.y);
    if (x) ends.x = x;
    if (y) ends.y = y;
    if (ends.x || ends.y) out[id] = ends;
  }
  return out;
}

const fixed = (spec: AxisSpec, ends: [number, number] | undefined): AxisSpec =>
  ends ? { ...spec, min: ends[0], max: ends[1] } : spec;

/** A chart drawn on the given ends. */
export function shareAxes(chart: BuiltChart, ends: AxisEnds): BuiltChart {
  switch (chart.kind) {
    case 'line':
    case 'latency-load':
      return {
        ...chart,
        data: { ...chart.data, x: fixed(chart.data.x, ends.x), y: fixed(chart.data.y, ends.y) },
      };
    case 'speedup':
      return {
        ...chart,
        data: { ...chart.data, x: fixed(chart.data.x, ends.x), y: fixed(chart.data.y, ends.y) },
      };
    case 'stacked-bars':
      return { ...chart, data: { ...chart.data, y: fixed(chart.data.y, ends.y) } };
    default:
      return chart;
  }
}
