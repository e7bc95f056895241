// Side by side as one figure: a chart both panes draw, with both runs on one plot and shared
// axes, each side's curves (or bars) named by what differs between the two (differences.ts), so a
// projector or a report shows the comparison itself rather than two charts to line up by eye.
// What each kind merges is in its file in app/chart_kinds/; these are the parts they merge with.
import type { AxisSpec, Bar, Curve, LineChartData, Mark, Rule } from './chart_data';
import type { ParamSpec, Params } from '../engine/types';
import type { Preset } from '../presets/schema';
import { joinSentences } from '../i18n/join';
import { figureCaption } from './figure_info';
import { chartsT } from './words';

/** Each side's name in the figure: what differs from the other side. */
export interface SideNames {
  left: string;
  right: string;
}

type Side = keyof SideNames;

/** Whether two axes measure the same quantity: label, unit and scale agree. */
export const sameQuantity = (a: AxisSpec, b: AxisSpec) =>
  a.label === b.label && a.unit === b.unit && a.scale === b.scale;

/** One axis for both: the first's, its fixed ends widened to hold the second's. */
export function jointAxis(a: AxisSpec, b: AxisSpec): AxisSpec {
  const out: AxisSpec = { ...a };
  if (a.min === undefined || b.min === undefined) delete out.min;
  else out.min = Math.min(a.min, b.min);
  if (a.max === undefined || b.max === undefined) delete out.max;
  else out.max = Math.max(a.max, b.max);
  return out;
}

/**
 * Palette positions of a side's simulated curves as the chart draws them: the builder's, else by
 * first appearance (as LineChart colours them).
 */
function positions(curves: Curve[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of curves) {
    if (c.model || out.has(c.id)) continue;
    out.set(c.id, c.color ?? out.size);
  }
  return out;
}

const samePoints = (a: Curve, b: Curve) =>
  a.points.length === b.points.length &&
  a.points.every((p, i) => p.x === b.points[i]!.x && p.y === b.points[i]!.y);

/**
 * Both sides' curves: a side's simulated curve named by the side alone where it has one, else
 * "side: curve"; the right side's in the colours after the left's. A model's curve both sides
 * draw alike is drawn once, unnamed by side. Pinned runs stay out: the figure compares two runs.
 */
function mergeCurves(left: Curve[], right: Curve[], names: SideNames): Curve[] {
  const own = { left: left.filter((c) => !c.pinned), right: right.filter((c) => !c.pinned) };
  const colour = { left: positions(own.left), right: positions(own.right) };
  const shift = Math.max(-1, ...colour.left.values()) + 1;
  const out: Curve[] = [];
  for (const side of ['left', 'right'] as const) {
    const other = side === 'left' ? own.right : own.left;
    const simulated = own[side].filter((c) => !c.model).length;
    for (const c of own[side]) {
      if (c.model && other.some((o) => o.model && o.id === c.id && samePoints(o, c))) {
        if (side === 'left') out.push({ ...c, id: `both:${c.id}` });
        continue;
      }
      const position = c.model ? c.color : colour[side].get(c.id);
      const curve: Curve = {
        ...c,
        id: `${side}:${c.id}`,
        label: simulated === 1 && !c.model ? names[side] : `${names[side]}: ${c.label}`,
      };
      if (position === undefined) delete curve.color;
      else curve.color = side === 'right' ? position + shift : position;
      out.push(curve);
    }
  }
  return out;
}

/** The items of both sides, each named "side: item" unless both sides have it alike. */
function mergeNamed<T extends { label: string }>(
  left: T[],
  right: T[],
  names: SideNames,
  same: (a: T, b: T) => boolean,
): T[] {
  const shared = left.filter((a) => right.some((b) => same(a, b)));
  const named = (side: Side, items: T[]) =>
    items
      .filter((a) => !shared.includes(a) && !(side === 'right' && shared.some((s) => same(s, a))))
      .map((a) => ({ ...a, label: `${names[side]}: ${a.label}` }));
  return [...shared, ...named('left', left), ...named('right', right)];
}

/** Both sides' curves, marks, rules and guides on one line chart; null on other axes. */
export function mergeLines(
  a: LineChartData,
  b: LineChartData,
  names: SideNames,
): LineChartData | null {
  if (!sameQuantity(a.x, b.x) || !sameQuantity(a.y, b.y)) return null;
  const current = (marks: Mark[] | undefined) =>
    (marks ?? []).filter((m) => m.kind === 'current' && !m.pinned);
  const paper = (marks: Mark[] | undefined) => (marks ?? []).filter((m) => m.kind === 'reference');
  const sameMark = (m: Mark, n: Mark) => m.label === n.label && m.x === n.x && m.y === n.y;
  const sameRule = (r: Rule, s: Rule) =>
    r.label === s.label && r.axis === s.axis && r.value === s.value && r.model === s.model;
  const data: LineChartData = {
    x: jointAxis(a.x, b.x),
    y: jointAxis(a.y, b.y),
    curves: mergeCurves(a.curves, b.curves, names),
    marks: [
      ...current(a.marks).map((m) => ({ ...m, label: `${names.left}: ${m.label}` })),
      ...current(b.marks).map((m) => ({ ...m, label: `${names.right}: ${m.label}` })),
      // The paper's values are the same whichever run is drawn against them.
      ...mergeNamed(paper(a.marks), paper(b.marks), names, sameMark),
    ],
    rules: mergeNamed(a.rules ?? [], b.rules ?? [], names, sameRule),
  };
  if (a.guides || b.guides) {
    const guides = mergeNamed(
      a.guides ?? [],
      b.guides ?? [],
      names,
      (g, h) => g.label === h.label && g.slope === h.slope,
    );
    // Ids stay apart where a guide is drawn for each side.
    data.guides = guides.map((g, i) => ({ ...g, id: `guide-${i}` }));
  }
  return data;
}

/** Both sides' own bars, each named by its side. */
export function mergeBars(left: Bar[], right: Bar[], names: SideNames): Bar[] {
  const named = (side: Side, bars: Bar[]) =>
    bars.filter((b) => !b.pinned).map((b) => ({ ...b, label: `${names[side]}: ${b.label}` }));
  return [...named('left', left), ...named('right', right)];
}

/** What a side's caption reads from its pane (PaneSlot's grid). */
export interface SideRun {
  preset: Preset;
  specs: ParamSpec[];
  params: Params;
  paperValues: Params;
  seed: number;
}

/**
 * The caption lines of a figure of both sides: each side by its name, experiment, what it
 * changes from the paper and its seed; the sources (once where they agree); the link back.
 */
export function sideCaption(
  chart: string,
  runs: Record<Side, SideRun>,
  names: SideNames,
  link: string | null,
): string[] {
  const lines = (side: Side) => {
    const run = runs[side];
    const spec = run.preset.charts.find((c) => c.id === chart);
    if (!spec) return null;
    return figureCaption({ ...run, spec, link: null });
  };
  const [left, right] = [lines('left'), lines('right')];
  const side = (name: string, caption: string[] | null) =>
    caption
      ? chartsT('figure.side', { side: name, caption: joinSentences([caption[0]!, caption[1]!]) })
      : name;
  const sources = [...new Set([left?.[2], right?.[2]].filter((s): s is string => Boolean(s)))];
  return [
    side(names.left, left),
    side(names.right, right),
    ...sources,
    ...(link === null ? [] : [chartsT('figure.madeWith', { link })]),
  ];
}
