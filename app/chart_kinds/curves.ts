// What the curve kinds share (line, latency-load and speed-up charts: one preset schema,
// chart_specs/curves.ts): curves of the run's series against a swept x, fitted and model curves,
// marks, rules and guides; their table, shared axes, merged sides and the numbers they draw.
import type { BuildContext, Drawn, Extent, AxisEnds, SpecOf } from './kind';
import { lineChartTable } from '../charts/chart_table';
import type { RunView } from '../results/chart_builder';
import {
  chartAxis,
  formatTemplate,
  matchSeries,
  resolveRef,
  sameChart,
  colourName,
  stateOf,
} from '../results/chart_builder';
import type { AxisSpec, Curve, LineChartData, Mark, Rule } from '../results/chart_data';
import { axisUnit } from '../results/chart_data';
import { formatReadable } from '../results/format';
import type { SeriesData } from '../engine/types';
import { plottedReferences } from '../presets/schema';
import { runWord } from '../i18n/engine_words';

type CurveSpec = SpecOf<'line' | 'latency-load' | 'speedup'>;

/**
 * The palette position of each of a chart's curves, by key: a key shared with another chart of
 * the preset takes its shared position, the others the lowest free ones in order.
 */
function chartColours(
  curves: SeriesData[],
  shared: Map<string, number>,
  run: RunView,
): Map<string, number> {
  const keys = [...new Set(curves.map((s) => colourName(s, run.result)))];
  const colours = new Map<string, number>();
  for (const key of keys) {
    const position = shared.get(key);
    if (position !== undefined) colours.set(key, position);
  }
  const taken = new Set(colours.values());
  let next = 0;
  for (const key of keys) {
    if (colours.has(key)) continue;
    while (taken.has(next)) next++;
    colours.set(key, next);
    taken.add(next);
  }
  return colours;
}

/**
 * A chart's simulated curves, then its fitted lines (dashed, in the colour of the curve whose
 * key they carry); `colours` are the current run's, so a pinned run's curves match them.
 */
function lineCurves(
  spec: CurveSpec,
  run: RunView,
  colours: Map<string, number>,
  pin?: { index: number; label: string },
) {
  const main = matchSeries(spec.series, run.result);
  const fits = matchSeries(spec.fits ?? [], run.result).filter((s) => !main.includes(s));
  return [...main, ...fits].map((s): Curve => {
    const curve: Curve = {
      id: pin ? `pin${pin.index}-${s.name}` : s.name,
      label: pin ? `${pin.label}: ${runWord(s.label)}` : runWord(s.label),
      points: s.x.map((x, i) => ({ x, y: s.y[i] ?? Number.NaN })),
    };
    const colour = colours.get(colourName(s, run.result));
    if (colour !== undefined) curve.color = colour;
    if (spec.mode) curve.mode = spec.mode;
    if (fits.includes(s)) {
      curve.mode = 'line';
      curve.model = true;
    }
    if (pin) curve.pinned = true;
    if (spec.saturation) {
      const saturation = resolveRef(spec.saturation.replace('{series}', s.name), run);
      if (Number.isFinite(saturation)) curve.saturationX = saturation;
    }
    return curve;
  });
}

type RuleSpec = NonNullable<CurveSpec['rules']>[number];

function resolveRules(rules: RuleSpec[], run: RunView, model?: boolean): Rule[] {
  return rules
    .map((r): Rule => ({
      label: stateOf(r.instead, run)?.label ?? r.label,
      axis: r.axis,
      value: resolveRef(r.value, run),
      ...(typeof r.value === 'string' ? { source: r.value } : {}),
    }))
    .filter((r) => Number.isFinite(r.value))
    .map((r) => (model ? { ...r, model } : r));
}

/**
 * The analytical models' curves, dashed: in the colour of the simulated curve whose key they
 * carry, grey where they are drawn for none.
 */
function modelCurves(spec: CurveSpec, run: RunView, colours: Map<string, number>): Curve[] {
  if (!spec.models?.series) return [];
  return matchSeries(spec.models.series, run.result).map((s) => {
    const curve: Curve = {
      id: s.name,
      label: runWord(s.label),
      points: s.x.map((x, i) => ({ x, y: s.y[i] ?? Number.NaN })),
      mode: 'line',
      model: true,
    };
    const colour = colours.get(colourName(s, run.result));
    if (colour !== undefined) curve.color = colour;
    return curve;
  });
}

function currentMarks(spec: CurveSpec, run: RunView): Mark[] {
  return (spec.marks ?? [])
    .map((m) => ({
      label: m.label,
      x: resolveRef(m.x, run),
      y: resolveRef(m.y, run),
      kind: 'current' as const,
      ...(spec.marksLegend ? { legend: spec.marksLegend } : {}),
    }))
    .filter((m) => Number.isFinite(m.x) && Number.isFinite(m.y));
}

/**
 * What an axis drawing several series measures, true of each: their name where they share it,
 * else the words they all end with ("mean latency", "mean network latency" and "latency": latency),
 * else those they begin with, else each name.
 */
export function sharedName(names: string[]): string {
  const distinct = [...new Set(names)];
  if (distinct.length <= 1) return distinct[0] ?? '';
  const words = distinct.map((n) => n.split(' '));
  const common = (ends: string[][]) => {
    const shared: string[] = [];
    for (let i = 0; ends.every((w) => i < w.length && w[i] === ends[0]![i]); i++) {
      shared.push(ends[0]![i]!);
    }
    return shared;
  };
  const suffix = common(words.map((w) => [...w].reverse())).reverse();
  if (suffix.length > 0) return suffix.join(' ');
  const prefix = common(words);
  return prefix.length > 0 ? prefix.join(' ') : distinct.join(', ');
}

/** A line chart's data: the curves, marks, rules and guides its spec names, from the run and pins. */
export function buildCurves(spec: CurveSpec, context: BuildContext): LineChartData {
  const { preset, run, options } = context;
  const main = matchSeries(spec.series, run.result);
  const first = main[0];
  const colours = chartColours(main, context.sharedColours(), run);
  const curves = lineCurves(spec, run, colours);
  if (options.models) curves.push(...modelCurves(spec, run, colours));
  options.pins.forEach((pin, index) => {
    const pinSpec = sameChart(pin, spec, spec.kind);
    if (pinSpec) {
      curves.push(...lineCurves(pinSpec, pin.run, colours, { index, label: pin.label }));
    }
  });
  const marks: Mark[] = currentMarks(spec, run);
  options.pins.forEach((pin) => {
    const pinSpec = sameChart(pin, spec, spec.kind);
    if (!pinSpec) return;
    for (const m of currentMarks(pinSpec, pin.run)) {
      marks.push({ ...m, label: `${pin.label}: ${m.label}`, pinned: true });
    }
  });
  if (options.overlay) {
    for (const ref of plottedReferences(preset, spec.id)) {
      if (typeof ref.plot.x === 'number') {
        marks.push({
          label: ref.label,
          x: ref.plot.x,
          y: ref.value,
          kind: 'reference',
        });
      }
    }
  }
  const data: LineChartData = {
    x: chartAxis(
      spec.x,
      { label: runWord(sharedName(main.map((s) => s.xName))) || 'x', unit: first?.xUnit ?? '' },
      options.xLog,
    ),
    y: chartAxis(
      spec.y,
      { label: runWord(sharedName(main.map((s) => s.yName))) || 'y', unit: first?.yUnit ?? '' },
      options.yLog,
    ),
    curves,
    marks,
    rules: [
      ...resolveRules(spec.rules ?? [], run),
      ...(options.models ? resolveRules(spec.models?.rules ?? [], run, true) : []),
    ],
  };
  const state = stateOf(spec.instead, run);
  if (state) data.note = formatTemplate(state.text, run);
  if (spec.guides) {
    data.guides = spec.guides.map((g, i) => ({
      id: `guide-${i}`,
      label: g.label,
      slope: resolveRef(g.slope, run),
    }));
  }
  return data;
}

/** The keys of the series a curve chart draws (they keep one colour in every chart). */
function colourKeys(spec: CurveSpec, run: RunView): string[] {
  return matchSeries(spec.series, run.result).map((s) => colourName(s, run.result));
}

/**
 * The run's points in the order of its sweep: the x of its own curve with the most points (a
 * latency curve loses its saturated tail, which comes last).
 */
function longestCurve(data: LineChartData): Curve | undefined {
  const own = data.curves.filter((c) => !c.pinned && !c.model);
  return own.reduce<Curve | undefined>(
    (a, c) => (a && a.points.length >= c.points.length ? a : c),
    undefined,
  );
}

function sweepPoints(data: LineChartData): string[] {
  const x = data.x;
  return (longestCurve(data)?.points ?? []).map((p) => `${x.label} ${formatReadable(p.x, x)}`);
}

function extent(data: LineChartData): Extent {
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

const fixed = (spec: AxisSpec, ends: [number, number] | undefined): AxisSpec =>
  ends ? { ...spec, min: ends[0], max: ends[1] } : spec;

/**
 * The numbers a curve chart draws: every point's y, each curve's saturation load, every mark's y
 * and every rule. A point's x is the sweep's setting, not an outcome (where it is one, latency
 * against accepted load, the same values are another chart's y).
 */
function drawn(data: LineChartData): Drawn[] {
  const [x, y] = [axisUnit(data.x), axisUnit(data.y)];
  return [
    ...data.curves.flatMap((c) => [
      ...c.points.map((p) => ({
        value: p.y,
        unit: y,
        label: `${c.label} at ${p.x}`,
        source: c.id,
      })),
      ...(c.saturationX === undefined
        ? []
        : [{ value: c.saturationX, unit: x, label: `${c.label}: saturation` }]),
    ]),
    ...(data.marks ?? []).map((m) => ({ value: m.y, unit: y, label: m.label })),
    ...(data.rules ?? []).map((r) => ({
      value: r.value,
      unit: r.axis === 'x' ? x : y,
      label: r.label,
      ...(r.source ? { source: r.source } : {}),
    })),
  ].filter((d) => Number.isFinite(d.value));
}

/** The parts every curve kind has alike. */
export const curveParts = {
  table: lineChartTable,
  colourKeys,
  points: sweepPoints,
  pointAt: (data: LineChartData, x: number) =>
    (longestCurve(data)?.points ?? []).findIndex((p) => p.x === x),
  axes: {
    extent,
    fix: <D extends LineChartData>(data: D, ends: AxisEnds): D => ({
      ...data,
      x: fixed(data.x, ends.x),
      y: fixed(data.y, ends.y),
    }),
  },
  drawn,
  logAxes: (data: LineChartData) => ({ x: data.x, y: data.y }),
};
