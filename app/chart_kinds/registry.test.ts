// Every chart kind has every part: it builds from a preset's spec of it, draws, exports as a
// figure and a table, says the numbers it draws, and the parts it declares (shared axes, merged
// sides, trace points) run on its data. A kind missing from the registry or the fixtures fails to compile.
import { describe, expect, it } from 'vitest';

import type { BuiltChart, DataOf } from './registry';
import {
  buildChart,
  builtChartTable,
  chartKind,
  drawnValues,
  mergeSides,
  sweepStart,
  watchPoints,
} from './registry';
import { shareAxes, sharedAxes } from './shared_axes';
import { torus4x4HotSpot } from '../charts/fixtures/channel_heatmap';
import { ring4Cycle } from '../charts/fixtures/dependency_graph';
import { jMachineLatencyLoad } from '../charts/fixtures/latency_load';
import { paragonG } from '../charts/fixtures/line_chart';
import { multiPsiSpeedup } from '../charts/fixtures/speedup';
import { multiPsiExchangeMs } from '../charts/fixtures/stacked_bar';
import { multiPsiTimeline6 } from '../charts/fixtures/timeline';
import { multiPsiWorkRates } from '../charts/fixtures/work_rate_stacks';
import { renderFigure } from '../exports/figure';
import { chartOptions } from '../results/chart_builder';
import type { ChartKindName } from '../presets/chart_specs';
import { ChartSpecSchema } from '../presets/chart_specs';
import { loadPresetsFromDisk } from '../presets/from_disk';

const FIXTURES: { [K in ChartKindName]: DataOf<K> } = {
  line: paragonG,
  'latency-load': jMachineLatencyLoad,
  speedup: multiPsiSpeedup,
  'stacked-bars': multiPsiExchangeMs,
  'work-rate-stacks': multiPsiWorkRates,
  'channel-heatmap': torus4x4HotSpot,
  timeline: multiPsiTimeline6,
  'channel-dependencies': ring4Cycle,
};

/** Every kind the preset schema accepts, read from the schema itself. */
const KIND_NAMES: ChartKindName[] = ChartSpecSchema.options.flatMap(
  (schema) => schema.shape.kind.options,
);

const fixture = (kind: ChartKindName) => ({ kind, data: FIXTURES[kind] }) as BuiltChart;

const presets = loadPresetsFromDisk();
const noOutputs = {
  result: { scalars: [], series: [], networks: [], timelines: [] },
  params: {},
};

describe('the chart kinds', () => {
  it('has a fixture for every kind a preset may name, and no other', () => {
    expect(Object.keys(FIXTURES).sort()).toEqual([...KIND_NAMES].sort());
  });

  it.each(KIND_NAMES)('%s builds from a preset spec before the run has any output', (kind) => {
    const found = presets.flatMap((preset) =>
      preset.charts.filter((c) => c.kind === kind).map((spec) => ({ preset, spec })),
    );
    expect(found.length, `no preset draws a ${kind} chart`).toBeGreaterThan(0);
    for (const { preset, spec } of found) {
      const chart = buildChart(spec, preset, noOutputs, chartOptions({}, []));
      expect(chart.kind).toBe(kind);
      expect(builtChartTable(chart).columns.length).toBeGreaterThan(0);
    }
  });

  it.each(KIND_NAMES)('%s draws, exports and tables its fixture', (kind) => {
    const chart = fixture(kind);
    const figure = renderFigure({
      name: kind,
      title: kind,
      chart,
      caption: ['a caption'],
      theme: 'print',
    });
    expect(figure.text).toContain(`data-chart="${kind}"`);
    expect(figure.width).toBeGreaterThan(0);
    const table = builtChartTable(chart);
    expect(table.rows.length, `${kind} tables no rows`).toBeGreaterThan(0);
    for (const row of table.rows) expect(row).toHaveLength(table.columns.length);
  });

  // Every kind takes the text size a paper figure gives it: its own text (the chart's svg) at
  // 8 pt, laid out at one column's 252 pt rather than its 12 px at 800.
  it.each(KIND_NAMES)('%s draws its fixture for one column at 8 pt', (kind) => {
    const figure = renderFigure({
      name: kind,
      title: kind,
      chart: fixture(kind),
      caption: [],
      theme: 'print',
      paper: { widthPt: 252, fontPt: 8 },
    });
    expect(figure).toMatchObject({ width: 252, paper: true });
    expect(figure.text).toMatch(/<svg class="archex-chart" [^>]*width="252" [^>]*font-size="8"/);
    expect(figure.text).not.toMatch(/font-size="1[1-3]"/);
  });

  it.each(KIND_NAMES)('%s runs the parts it declares on its fixture', (kind) => {
    const chart = fixture(kind);
    const parts = chartKind(kind);
    expect(watchPoints(chart).length > 0).toBe(parts.points !== undefined);
    const merged = mergeSides(chart, chart, { left: 'A', right: 'B' });
    expect(merged?.kind ?? null).toBe(parts.merge ? kind : null);
    const ends = sharedAxes(new Map([['c', chart]]), new Map([['c', chart]])).c;
    expect(ends !== undefined).toBe(parts.axes !== undefined);
    expect(shareAxes(chart, ends ?? {}).kind).toBe(kind);
  });

  it.each(KIND_NAMES)('%s says the numbers it draws, each one its table lists', (kind) => {
    const chart = fixture(kind);
    const drawn = drawnValues(chart);
    const listed = new Set(builtChartTable(chart).rows.flat());
    for (const d of drawn)
      expect(listed.has(d.value), `${kind}: ${d.label} = ${d.value}`).toBe(true);
    // A dependency graph's numbers only name channels and classes: it says a cycle in words.
    expect(drawn.length > 0, `${kind} says what it draws`).toBe(kind !== 'channel-dependencies');
  });
});

describe('sweepStart()', () => {
  const lcs = presets.find((p) => p.id === 'jmachine-lcs')!;
  const spec = (id: string) => lcs.charts.find((c) => c.id === id)!;
  const nodes = [1, 2, 4, 8, 16, 32, 64, 128];
  const run = (breakdown: number) => ({
    result: {
      ...noOutputs.result,
      series: [
        {
          name: 'speedup_lcs',
          label: 'LCS',
          xName: 'nodes',
          xUnit: 'nodes',
          yName: 'speedup',
          yUnit: 'x',
          key: '',
          labels: [],
          x: nodes,
          y: nodes.map((n) => n * 0.9),
        },
      ],
    },
    params: { breakdown_nodes: breakdown },
  });

  it('opens a work-rate stack’s view at the machine it draws, not the first point', () => {
    expect(sweepStart(spec('work-rates'), lcs, run(64))).toBe(6);
    expect(sweepStart(spec('work-rates'), lcs, run(2))).toBe(1);
  });

  it('opens at the first point where the chart is about no point, or the sweep lacks it', () => {
    expect(sweepStart(spec('work-rates'), lcs, run(4096))).toBe(0);
    expect(sweepStart(spec('speedup'), lcs, run(64))).toBe(0);
  });
});
