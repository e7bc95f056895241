import { beforeAll, describe, expect, it } from 'vitest';

import type { Column, NetworkMap, RunResult, Timeline } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import type { ChartSpec, Preset } from '../presets/schema';
import { markKind } from '../charts/Legend';
import { lineChartGeometry } from '../charts/line_geometry';
import { speedupGeometry } from '../charts/SpeedupChart';
import { palette } from '../charts/palette';
import { withheldWords } from './chart_data';
import { GRAPH } from './drawing/drawing';
import type { ChartOptions, RunView } from './chart_builder';
import { buildChart } from '../chart_kinds/registry';
import { presetRun } from '../presets/shared_runs';
import {
  chartOptions,
  formatTemplate,
  matchSeries,
  readoutDetail,
  readoutText,
  resolveRef,
  stateOf,
} from './chart_builder';

const presets = loadPresetsFromDisk();
const v1 = presets.find((p) => p.id === 'multipsi-v1-comm')!;
const v2 = presets.find((p) => p.id === 'multipsi-v2-estimate')!;
const custom = presets.find((p) => p.id === 'custom-network')!;
const lineSpec = v1.charts.find((c) => c.id === 'perf-overhead')!;
const barSpec = v1.charts.find((c) => c.id === 'cost-breakdown')!;

// A hand-made run: two curves, a few scalars.
const series = (name: string, label: string, y: number[]) => ({
  name,
  label,
  xName: 'X',
  xUnit: '',
  yName: 'perf',
  yUnit: 'fraction',
  x: [0, 1, 2],
  y,
  labels: [] as string[],
  key: '',
});
const result: RunResult = {
  networks: [],
  timelines: [],
  scalars: [
    { name: 'overhead', value: 1, unit: '', description: '' },
    { name: 'relative_performance', value: 0.5, unit: 'fraction', description: '' },
    { name: 'allowed_overhead', value: 1, unit: '', description: '' },
    { name: 'floor_performance', value: 0.5, unit: 'fraction', description: '' },
    { name: 'base_reduction_ms', value: 2, unit: 'ms', description: '' },
    { name: 'base_hardware_ms', value: 4, unit: 'ms', description: '' },
    { name: 'base_firmware_ms', value: 6, unit: 'ms', description: '' },
    { name: 'base_software_ms', value: 8, unit: 'ms', description: '' },
  ],
  series: [
    series('perf_vs_overhead_w1', 'W = 0.5', [0.5, 0.25, 0.17]),
    series('perf_vs_overhead', 'current', [1, 0.5, 0.33]),
    series('perf_vs_overhead_w0', 'W = 1', [1, 0.5, 0.33]),
    series('other', 'other', [0, 0, 0]),
  ],
};
const run: RunView = { result, params: { comm_rate: 0.05, curve_work_rates: [1, 0.5] } };
const options: ChartOptions = { overlay: true, models: true, pins: [] };

describe('resolveRef() and formatTemplate()', () => {
  it('reads constants, parameters and scalars; NaN when missing', () => {
    expect(resolveRef(3, run)).toBe(3);
    expect(resolveRef('param.comm_rate', run)).toBe(0.05);
    expect(resolveRef('param.curve_work_rates', run)).toBeNaN();
    expect(resolveRef('overhead', run)).toBe(1);
    expect(resolveRef('nope', run)).toBeNaN();
  });
  it('fills numbers and percentages, a dash for what is missing', () => {
    expect(formatTemplate('{relative_performance:%} at X {overhead}, {nope}', run)).toBe(
      '50\u00a0% at X 1, –',
    );
    const counts: RunView = {
      params: { big: 38879, share: 0.123456 },
      result: { scalars: [], series: [], networks: [], timelines: [] },
    };
    expect(formatTemplate('{param.big} and {param.share}', counts)).toBe('38,879 and 0.1235');
  });
  it('says yes or no for a check, and leaves out a bracketed part whose value is missing', () => {
    const checked: RunView = {
      params: { ok: 1, bad: 0, big: 512 },
      result: { scalars: [], series: [], networks: [], timelines: [] },
    };
    expect(formatTemplate('{param.ok:yes}, {param.bad:yes}, {param.big:yes}', checked)).toBe(
      'yes, no, 512',
    );
    expect(
      formatTemplate('speedup {overhead}x[; 512 nodes {nope}x][; rate {param.comm_rate}]', run),
    ).toBe('speedup 1x; rate 0.05');
    // A part said only where a state holds: set, 0 and absent.
    expect(formatTemplate('a[ (b{param.ok:if})][ (c{param.bad:if})][ (d{nope:if})]', checked)).toBe(
      'a (b)',
    );
  });
  it('holds back a ratio with its times sign, and keeps an x that begins a word', () => {
    const held = (value: number) => value === 1;
    expect(formatTemplate('speedup {overhead}x; {overhead}× more', run, held)).toBe(
      `speedup ${withheldWords()}; ${withheldWords()} more`,
    );
    expect(formatTemplate('{param.comm_rate}xlate', run)).toBe('0.05xlate');
  });
});

describe('readoutText()', () => {
  it('shows a fraction as a percentage, so "of peak" does not read as a unit of 1', () => {
    expect(readoutText({ label: 'x', value: 'relative_performance', unit: 'of peak' }, run)).toBe(
      '50\u00a0% of peak',
    );
    const terminal = presets.find((p) => p.id === 'jmachine-terminal-bandwidth')!;
    const peak: RunView = {
      params: {},
      result: {
        networks: [],
        timelines: [],
        scalars: [
          { name: 'discard_fraction_of_peak_8w', value: 1, unit: 'fraction', description: '' },
        ],
        series: [],
      },
    };
    expect(readoutText(terminal.readouts[0]!, peak)).toBe('100\u00a0% of peak');
  });
  it('writes a fraction shown as a percentage without the unit "fraction" again', () => {
    expect(readoutText({ label: 'x', value: 'relative_performance', unit: 'fraction' }, run)).toBe(
      '50\u00a0%',
    );
  });
  it('shows other numbers with their unit, a dash when missing', () => {
    expect(readoutText({ label: 'x', value: 'base_reduction_ms', unit: 'ms' }, run)).toBe('2 ms');
    expect(readoutText({ label: 'x', value: 'overhead', unit: '' }, run)).toBe('1');
    expect(readoutText({ label: 'x', value: 'nope', unit: 'ms' }, run)).toBe('– ms');
  });
  it('writes the unit as units.ts does: µs for us, × glued to a ratio', () => {
    expect(readoutText({ label: 'x', value: 'base_reduction_ms', unit: 'us' }, run)).toBe('2 µs');
    expect(readoutText({ label: 'x', value: 'overhead', unit: 'us buffering' }, run)).toBe(
      '1 µs buffering',
    );
    expect(readoutText({ label: 'x', value: 'overhead', unit: 'x' }, run)).toBe('1×');
    // A detail names a scalar's unit through the engine's declaration of it.
    expect(formatTemplate('g {base_reduction_ms:unit}, G {overhead:unit}', run)).toBe(
      'g 2\u00a0ms, G 1',
    );
  });
});

describe('readoutText() and readoutDetail() in a state', () => {
  const deadlock = presets.find((p) => p.id === 'network-deadlock')!;
  const [latency, accepted] = deadlock.readouts;
  const scalar = (name: string, value: number, unit = '') => ({
    name,
    value,
    unit,
    description: '',
  });
  const network = (scalars: RunResult['scalars']): RunView => ({
    params: {},
    result: { networks: [], timelines: [], series: [], scalars },
  });
  const common = [
    scalar('offered_flits_per_node_cycle', 0.5),
    scalar('model_capacity_bound', 0.7),
    scalar('saturated', 0, 'boolean'),
  ];

  it('says a deadlocked point deadlocked, not "0 cycles, +/- 0" and "delivered 100 %"', () => {
    const state = network([
      ...common,
      scalar('accepted_flits_per_node_cycle', 0),
      scalar('acceptance', 0.5454, 'fraction'),
      scalar('deadlocked', 1, 'boolean'),
      scalar('deadlock_cycle', 150),
    ]);
    expect(readoutText(latency!, state)).toBe('none: deadlocked at cycle 150');
    expect(readoutDetail(latency!, state)).toBe(
      'the packets caught in the knot are never delivered, so this load has no latency',
    );
    expect(readoutText(accepted!, state)).toBe('0 flits/node/cycle');
    expect(readoutDetail(accepted!, state)).toBe(
      'offered 0.5, capacity bound 0.7; deadlocked at cycle 150: 54.5\u00a0% of the packets ' +
        'created before it were delivered, none after',
    );
    const histogram = buildChart(
      deadlock.charts.find((c) => c.id === 'histogram')!,
      deadlock,
      state,
      chartOptions({}, []),
    );
    expect(histogram.kind === 'line' && histogram.data.note).toBe(
      'No latency to draw: the network deadlocked at cycle 150 and delivers nothing from then ' +
        'on; the packets caught in its knot never arrive.',
    );
  });

  it('gives a saturated point no confidence interval to read as exact', () => {
    const state = network([
      ...common.filter((c) => c.name !== 'saturated'),
      scalar('saturated', 1, 'boolean'),
      scalar('accepted_flits_per_node_cycle', 0.318),
      scalar('acceptance', 1, 'fraction'),
      scalar('latency_mean_cycles', 164.08),
      scalar('latency_p50_cycles', 150),
      scalar('latency_p99_cycles', 400),
      scalar('measured_packets', 1780),
    ]);
    expect(readoutText(latency!, state)).toBe('164.1 cycles and growing');
    expect(readoutDetail(latency!, state)).toBe(
      'not sustained: queues grow for as long as the load is offered, so this is the mean of ' +
        'the 1,780 packets measured so far, with no confidence interval; p50 150, p99 400',
    );
    expect(readoutDetail(accepted!, state)).not.toContain('delivered');
  });

  it('shows the number and its detail where no state holds', () => {
    const state = network([
      ...common,
      scalar('latency_mean_cycles', 20),
      scalar('latency_ci_cycles', 0.5),
      scalar('latency_p50_cycles', 19),
      scalar('latency_p95_cycles', 30),
      scalar('latency_p99_cycles', 40),
    ]);
    expect(readoutText(latency!, state)).toBe('20 cycles');
    expect(readoutDetail(latency!, state)).toBe('p50 19, p95 30, p99 40; +/- 0.5 (95 %)');
  });
});

describe('matchSeries()', () => {
  it('takes exact names and prefixes in pattern order, each series once', () => {
    const names = matchSeries(['perf_vs_overhead', 'perf_vs_overhead*'], result).map((s) => s.name);
    expect(names).toEqual(['perf_vs_overhead', 'perf_vs_overhead_w1', 'perf_vs_overhead_w0']);
  });
});

describe('chartOptions()', () => {
  it('fills in the defaults a link leaves out and keeps what it sets', () => {
    expect(chartOptions({}, [])).toEqual(options);
    expect(chartOptions({ overlay: false, yLog: true, plane: 3 }, [])).toEqual({
      ...options,
      overlay: false,
      yLog: true,
      plane: 3,
    });
    expect(chartOptions({ xLog: false }, [])).toEqual({ ...options, xLog: false });
    expect(chartOptions({ models: false }, [])).toEqual({ ...options, models: false });
  });
});

describe('buildChart()', () => {
  it('colours each fitted line as the curve whose key it carries, drawn as a dashed line', () => {
    const pie = presets.find((p) => p.id === 'pie64-congestion-writemn')!;
    const wait = pie.charts.find((c) => c.id === 'wait')!;
    // Names that do not end alike: the key, not the name, says which curve a fit belongs to.
    const fitRun: RunView = {
      params: {},
      result: {
        networks: [],
        timelines: [],
        scalars: [],
        series: [
          { ...series('tw_clocks_1', 'WRITEMN, 1 word', [1, 2, 3]), key: 'one' },
          { ...series('tw_clocks_16', 'WRITEMN, 16 words', [1, 2, 3]), key: 'sixteen' },
          { ...series('limit_line_x', 'a/x, 16 words', [3, 2]), key: 'sixteen' },
          { ...series('limit_line_1', 'a/x, 1 word', [3, 2]), key: 'one' },
          { ...series('limit_line_9', 'a/x, 9 words', [3, 2]), key: 'nine' },
        ],
      },
    };
    const built = buildChart(wait, pie, fitRun, options);
    if (built.kind !== 'line') throw new Error(built.kind);
    expect(built.data.curves.map((c) => [c.id, c.color, c.model, c.mode])).toEqual([
      ['tw_clocks_1', 0, undefined, 'line+points'],
      ['tw_clocks_16', 1, undefined, 'line+points'],
      ['limit_line_x', 1, true, 'line'],
      ['limit_line_1', 0, true, 'line'],
      ['limit_line_9', undefined, true, 'line'],
    ]);
  });

  it('keeps a series in one colour in every chart of its preset and in pinned runs', () => {
    const matmul = presets.find((p) => p.id === 'paragon-matmul')!;
    const keyed = (prefix: string, key: string) => ({
      ...series(`${prefix}${key}`, key, [1, 2, 3]),
      key,
    });
    const keys = ['bsp_p8', 'bsp_p64', 'bpram_p8', 'bpram_p64'];
    // The engine lists the shares as it runs them, in another order than Fig. 6 draws them.
    const shares = ['bsp_p8', 'bpram_p8', 'bsp_p64', 'bpram_p64'];
    const view: RunView = {
      params: {},
      result: {
        networks: [],
        timelines: [],
        scalars: [],
        series: [
          ...shares.map((k) => keyed('comm_share_', k)),
          ...keys.map((k) => keyed('mflops_', k)),
          ...keys.map((k) => keyed('mflops_pred_', k)),
        ],
      },
    };
    const colours = (id: string, pinned: RunView | null = null) => {
      const spec = matmul.charts.find((c) => c.id === id)!;
      const pins = pinned ? [{ label: '#1', preset: matmul, run: pinned }] : [];
      const built = buildChart(spec, matmul, view, { ...options, pins });
      if (built.kind !== 'line') throw new Error(built.kind);
      return built.data.curves.map((c) => [c.label, c.color, c.pinned === true]);
    };
    const fig6 = new Map(colours('mflops').map(([label, color]) => [label, color]));
    expect([...fig6.values()].slice(0, 4)).toEqual([0, 1, 2, 3]);
    for (const [label, color] of colours('comm-share')) expect(color).toBe(fig6.get(label));
    // A pinned run with only BSP, p = 64 draws it in BSP, p = 64's colour.
    const pin: RunView = {
      params: {},
      result: { scalars: [], series: [keyed('mflops_', 'bsp_p64')], networks: [], timelines: [] },
    };
    expect(colours('mflops', pin).filter(([, , pinned]) => pinned)).toEqual([
      ['#1: bsp_p64', 1, true],
    ]);
  });

  it('draws a line spec: curves, the current mark and the rules', () => {
    const built = buildChart(lineSpec, v1, run, options);
    if (built.kind !== 'line') throw new Error(built.kind);
    expect(built.data.curves.map((c) => c.id)).toEqual([
      'perf_vs_overhead',
      'perf_vs_overhead_w1',
      'perf_vs_overhead_w0',
    ]);
    expect(built.data.curves[0]!.points[1]).toEqual({ x: 1, y: 0.5 });
    expect(built.data.marks).toEqual([
      { label: 'this configuration', x: 1, y: 0.5, kind: 'current' },
    ]);
    expect(built.data.rules).toEqual([
      { label: 'largest X for the floor', axis: 'x', value: 1, source: 'allowed_overhead' },
      { label: 'performance floor', axis: 'y', value: 0.5, source: 'floor_performance' },
    ]);
    expect(built.data.x).toEqual({
      label: 'relative communication overhead X',
      unit: '',
      scale: 'linear',
      min: 0,
    });
  });

  it('a log axis drops a fixed end it cannot show', () => {
    const built = buildChart(lineSpec, v1, run, { ...options, xLog: true });
    if (built.kind !== 'line') throw new Error(built.kind);
    expect(built.data.x.scale).toBe('log');
    expect(built.data.x.min).toBeUndefined();
  });

  it("draws a preset's log axis as log until the link chooses, and the choice goes both ways", () => {
    // Fig. 10: the preset makes the communication-rate axis logarithmic.
    const program1 = presets.find((p) => p.id === 'multipsi-v1-program1')!;
    const fig10 = program1.charts.find((c) => c.id === 'comm-rate')!;
    const comm: RunView = {
      params: {},
      result: {
        scalars: [],
        series: [series('comm_rate_vs_pes_d1', 'Depth 1', [0.1, 1, 3])],
        networks: [],
        timelines: [],
      },
    };
    const scales = (choice: ChartOptions) => {
      const built = buildChart(fig10, program1, comm, choice);
      if (built.kind !== 'line') throw new Error(built.kind);
      return [built.data.x.scale, built.data.y.scale];
    };
    expect(scales(options)).toEqual(['linear', 'log']);
    expect(scales({ ...options, yLog: false })).toEqual(['linear', 'linear']);
    expect(scales({ ...options, xLog: true, yLog: true })).toEqual(['log', 'log']);
    expect(scales({ ...options, xLog: false })).toEqual(['linear', 'log']);
  });

  it('adds pinned runs of charts with the same id, labelled, and skips the others', () => {
    const pinRun: RunView = { ...run, result: { ...result, series: [result.series[1]!] } };
    const other: Preset = { ...v2, charts: [{ ...lineSpec, id: 'elsewhere' } as ChartSpec] };
    const built = buildChart(lineSpec, v1, run, {
      ...options,
      pins: [
        { label: '#1 V2', preset: v2, run: pinRun },
        { label: '#2 X', preset: other, run: pinRun },
      ],
    });
    if (built.kind !== 'line') throw new Error(built.kind);
    const pinned = built.data.curves.filter((c) => c.pinned);
    expect(pinned.map((c) => [c.id, c.label])).toEqual([
      ['pin0-perf_vs_overhead', '#1 V2: current'],
    ]);
    expect(built.data.marks?.filter((m) => m.pinned)).toEqual([
      { label: '#1 V2: this configuration', x: 1, y: 0.5, kind: 'current', pinned: true },
    ]);
  });

  it('draws the models beside the simulation, grey and dashed, and leaves them out when off', () => {
    const spec: ChartSpec = {
      id: 'accepted',
      kind: 'line',
      title: 'Accepted',
      about: { what: 'w', mechanism: 'm', citation: 'c' },
      series: ['perf_vs_overhead'],
      rules: [{ label: 'always', axis: 'y', value: 'overhead' }],
      models: {
        series: ['perf_vs_overhead_w*'],
        rules: [
          { label: 'model: bound', axis: 'x', value: 'allowed_overhead' },
          { label: 'model: absent here', axis: 'y', value: 'no_such_scalar' },
        ],
      },
    };
    const on = buildChart(spec, v1, run, options);
    if (on.kind !== 'line') throw new Error(on.kind);
    expect(on.data.curves.map((c) => [c.id, c.model ?? false])).toEqual([
      ['perf_vs_overhead', false],
      ['perf_vs_overhead_w1', true],
      ['perf_vs_overhead_w0', true],
    ]);
    expect(on.data.curves[1]!.points).toEqual([
      { x: 0, y: 0.5 },
      { x: 1, y: 0.25 },
      { x: 2, y: 0.17 },
    ]);
    // A model the run lacks (another topology's) is left out, not drawn at NaN.
    expect(on.data.rules).toEqual([
      { label: 'always', axis: 'y', value: 1, source: 'overhead' },
      { label: 'model: bound', axis: 'x', value: 1, source: 'allowed_overhead', model: true },
    ]);
    const off = buildChart(spec, v1, run, { ...options, models: false });
    if (off.kind !== 'line') throw new Error(off.kind);
    expect(off.data.curves.map((c) => c.id)).toEqual(['perf_vs_overhead']);
    expect(off.data.rules).toEqual([{ label: 'always', axis: 'y', value: 1, source: 'overhead' }]);
  });

  it('names a rule by the first of its states that holds in the run', () => {
    const rule = {
      label: 'model: capacity bound of the routing',
      axis: 'x' as const,
      value: 'allowed_overhead',
      instead: [{ when: 'dimension_order', label: "model: dimension order's capacity bound" }],
    };
    const spec: ChartSpec = {
      id: 'bound',
      kind: 'line',
      title: 'Bound',
      about: { what: 'w', mechanism: 'm', citation: 'c' },
      series: ['perf_vs_overhead'],
      models: { rules: [rule] },
    };
    const labels = (view: RunView) => {
      const built = buildChart(spec, v1, view, options);
      if (built.kind !== 'line') throw new Error(built.kind);
      return built.data.rules?.map((r) => r.label);
    };
    expect(labels(run)).toEqual(['model: capacity bound of the routing']);
    const adaptive: RunView = {
      ...run,
      result: {
        ...result,
        scalars: [
          ...result.scalars,
          { name: 'dimension_order', value: 1, unit: 'boolean', description: '' },
        ],
      },
    };
    expect(labels(adaptive)).toEqual(["model: dimension order's capacity bound"]);
  });

  it('draws stacked bars divided by their unit, with the paper overlay when asked', () => {
    const built = buildChart(barSpec, v1, run, options);
    if (built.kind !== 'stacked-bars') throw new Error(built.kind);
    expect(built.data.bars[0]!.segments.map((s) => s.value)).toEqual([1, 2, 3, 4]);
    expect(built.data.marks).toEqual([
      { label: 'Exchange total / one reduction', bar: 'measured', value: 17 },
    ]);
    const bare = buildChart(barSpec, v1, run, { ...options, overlay: false });
    if (bare.kind !== 'stacked-bars') throw new Error(bare.kind);
    expect(bare.data.marks).toEqual([]);
  });

  it("says why the Multi-PSI's what-if bar equals the measured one, and only while it does", () => {
    const exchange = (whatif: number[]): RunView => ({
      ...run,
      result: {
        ...result,
        scalars: [
          ...result.scalars,
          ...['reduction', 'hardware', 'firmware', 'software'].map((part, i) => ({
            name: `whatif_${part}_ms`,
            value: whatif[i] ?? NaN,
            unit: 'ms',
            description: '',
          })),
        ],
      },
    });
    const notes = (view: RunView, preset = v1) => {
      const spec = preset.charts.find((c) => c.id === 'cost-breakdown')!;
      const built = buildChart(spec, preset, view, options);
      if (built.kind !== 'stacked-bars') throw new Error(built.kind);
      return built.data.notes;
    };
    // The measured machine (every speed-up 1), and every part twice as fast: the same bar.
    expect(notes(exchange([2, 4, 6, 8]))).toEqual([expect.stringMatching(/^What-if = measured/)]);
    expect(notes(exchange([1, 2, 3, 4]))).toHaveLength(1);
    expect(notes(exchange([1, 2, 3, 4]), v2)).toHaveLength(1);
    // One speed-up changed (the V2 estimate's firmware stays): no note.
    expect(notes(exchange([0.02, 0.8, 6, 0.08]))).toBeUndefined();
  });

  it('draws work-rate stacks: one bar per series, one segment per processor, named as x', () => {
    const spec: ChartSpec = {
      id: 'stacks',
      kind: 'work-rate-stacks',
      title: 't',
      about: { what: 'w', mechanism: 'm', citation: 'c' },
      series: ['work_rate_depth*'],
      processors: 'param.pes',
    };
    const wr = (name: string, y: number[]) => ({
      ...series(name, name, y),
      xName: 'IU',
      x: y.map((_, i) => i),
    });
    const stacks: RunView = {
      params: { pes: 3 },
      result: {
        scalars: [],
        series: [wr('work_rate_depth1', [1, 0.5, 0.25])],
        networks: [],
        timelines: [],
      },
    };
    const built = buildChart(spec, { ...v1, charts: [spec] }, stacks, options);
    if (built.kind !== 'work-rate-stacks') throw new Error(built.kind);
    expect(built.data.processors).toBe(3);
    expect(built.data.processor).toBe('IU');
    expect(built.data.bars[0]!.segments).toEqual([
      { key: 'pe0', label: 'IU 0', value: 1 },
      { key: 'pe1', label: 'IU 1', value: 0.5 },
      { key: 'pe2', label: 'IU 2', value: 0.25 },
    ]);
  });
  const ints = (name: string, values: number[], labels: string[] = []): Column => ({
    name,
    unit: '',
    type: 'int32',
    labels,
    values: Int32Array.from(values),
  });
  const reals = (name: string, values: number[]): Column => ({
    name,
    unit: 'fraction',
    type: 'float64',
    labels: [],
    values: Float64Array.from(values),
  });
  const network = (over: Partial<NetworkMap>): NetworkMap => ({
    name: 'channel_util',
    label: 'channels',
    shape: 'mesh',
    sizes: [],
    drawing: GRAPH,
    nodes: 0,
    routers: { columns: [] },
    terminals: { columns: [] },
    channels: { columns: [] },
    crosspoints: { columns: [] },
    ...over,
  });
  const withNetworks = (networks: NetworkMap[]): RunView => ({
    params: {},
    result: { scalars: [], series: [], networks, timelines: [] },
  });
  const heatmapSpec = presets
    .find((p) => p.id === 'custom-network')!
    .charts.find((c) => c.kind === 'channel-heatmap')!;

  it('draws a network other than a cube as its graph of channels, from its description', () => {
    // A 2 x 2 crossbar: switch 0 sends to terminals 0 and 1 (numbered after the one switch).
    const crossbar = network({
      shape: 'crossbar',
      drawing: { ...GRAPH, kind: 'crossbar', radix: 2 },
      routers: { columns: [ints('router', [0])] },
      terminals: { columns: [ints('router', [0, 0]), ints('port', [0, 1])] },
      channels: {
        columns: [
          ints('router', [0, 0]),
          ints('port', [0, 1]),
          ints('to_router', [-1, -1]),
          ints('to_port', [-1, -1]),
          ints('to_terminal', [0, 1]),
          reals('utilization', [0.25, Number.NaN]),
        ],
      },
    });
    const built = buildChart(heatmapSpec, custom, withNetworks([crossbar]), options);
    if (built.kind !== 'channel-heatmap') throw new Error(built.kind);
    expect(built.data.graph).toEqual({
      routers: 1,
      terminals: 2,
      channels: [
        { from: 0, to: 1, value: 0.25 },
        { from: 0, to: 2, value: null },
      ],
      shape: 'crossbar',
    });
    const none = buildChart(heatmapSpec, custom, withNetworks([]), options);
    if (none.kind !== 'channel-heatmap') throw new Error(none.kind);
    expect(none.data.channels).toEqual([]);
  });

  it('draws a cube from its routers coordinates, each channel way and wrap as described', () => {
    // A 2-ary ring: +x and -x of node 0 both reach node 1; the -x one wraps around.
    const ring = network({
      shape: 'torus',
      sizes: [{ name: 'x', value: 2 }],
      drawing: { ...GRAPH, kind: 'ring', axes: ['x'], extent: [2], wraps: true },
      routers: { columns: [ints('x', [0, 1])] },
      channels: {
        columns: [
          ints('router', [0, 0, 0, 1, 1, 1]),
          ints('to_router', [1, 1, -1, 0, 0, -1]),
          ints('direction', [0, 1, -1, 0, 1, -1], ['+x', '-x']),
          ints('wrap', [0, 1, 0, 1, 0, 0]),
          reals('utilization', [0.1, 0.2, 0.3, 0.4, 0.5, 0.6]),
        ],
      },
    });
    const built = buildChart(heatmapSpec, custom, withNetworks([ring]), options);
    if (built.kind !== 'channel-heatmap') throw new Error(built.kind);
    expect(built.data.graph).toBeUndefined();
    expect(built.data.dims).toEqual([2]);
    expect(built.data.torus).toBe(true);
    expect(built.data.channels).toEqual([
      { from: [0, 0, 0], to: [1, 0, 0], direction: '+x', wrap: false, value: 0.1 },
      { from: [0, 0, 0], to: [1, 0, 0], direction: '-x', wrap: true, value: 0.2 },
      { from: [1, 0, 0], to: [0, 0, 0], direction: '+x', wrap: true, value: 0.4 },
      { from: [1, 0, 0], to: [0, 0, 0], direction: '-x', wrap: false, value: 0.5 },
    ]);
    expect(built.data.top).toBeUndefined();
  });

  it('colours a map and its model on one scale, the top over both columns', () => {
    const ring = (model: number[]) =>
      network({
        shape: 'torus',
        sizes: [{ name: 'x', value: 2 }],
        drawing: { ...GRAPH, kind: 'ring', axes: ['x'], extent: [2], wraps: true },
        routers: { columns: [ints('x', [0, 1])] },
        channels: {
          columns: [
            ints('router', [0, 0, 1, 1]),
            ints('to_router', [1, 1, 0, 0]),
            ints('direction', [0, 1, 0, 1], ['+x', '-x']),
            ints('wrap', [0, 1, 1, 0]),
            reals('utilization', [0.1, 0.12, 0.05, 0.08]),
            reals('model_utilization', model),
          ],
        },
      });
    const modelSpec = custom.charts.find((c) => c.id === 'channel-model')!;
    const tops = (model: number[]) =>
      [heatmapSpec, modelSpec].map((spec) => {
        const built = buildChart(spec, custom, withNetworks([ring(model)]), options);
        if (built.kind !== 'channel-heatmap') throw new Error(built.kind);
        return built.data.top;
      });
    // The measured map alone would top at 12 %, the model's at 25 %: both take 25 %.
    expect(tops([0.1, 0.1, 0.25, 0.1])).toEqual([0.25, 0.25]);
    // Past the bound the model's demand tops the scale at 100 %.
    expect(tops([1.4, 0, 0, 0])).toEqual([1, 1]);
  });

  it('draws a timeline: one row per processor, the states in the spec order, the bins given', () => {
    const spec: ChartSpec = {
      id: 'timeline',
      kind: 'timeline',
      title: 't',
      about: { what: 'w', mechanism: 'm', citation: 'c' },
      timeline: 'timeline',
      states: [
        { key: 'reducing', label: 'reducing' },
        { key: 'communicating', label: 'messages' },
      ],
    };
    const timeline: Timeline = {
      name: 'timeline',
      label: 'PEs',
      timeUnit: 's',
      edges: Float64Array.from([0, 1, 2, 3]),
      rows: ['PE 1', 'PE 2'],
      // Row by row, state by state, bin by bin; the engine lists communicating first here.
      states: ['communicating', 'reducing'],
      shares: Float64Array.from([0, 0.25, 0, 1, 0.5, 0, 0.25, 0, 0, 0.75, 0.75, 0.75]),
    };
    const view: RunView = {
      params: {},
      result: {
        scalars: [],
        series: [],
        networks: [],
        timelines: [timeline],
      },
    };
    const built = buildChart(spec, { ...v1, charts: [spec] }, view, options);
    if (built.kind !== 'timeline') throw new Error(built.kind);
    expect(built.data.end).toBe(3);
    expect(built.data.time).toEqual({ label: 'time', unit: 's', scale: 'linear' });
    expect(built.data.states.map((s) => s.key)).toEqual(['reducing', 'communicating']);
    expect(built.data.rows).toEqual([
      {
        label: 'PE 1',
        fractions: [
          [1, 0.5, 0],
          [0, 0.25, 0],
        ],
      },
      {
        label: 'PE 2',
        fractions: [
          [0.75, 0.75, 0.75],
          [0.25, 0, 0],
        ],
      },
    ]);
  });
});

describe('every shipped preset', () => {
  const runs = new Map<string, RunView>();
  // Every preset's whole run, shared with the other tests of the suite (TSP alone takes minutes):
  // the timeout only guards against a hang; speed is the bench's to measure.
  beforeAll(async () => {
    const outcomes = await Promise.all(presets.map((preset) => presetRun(preset)));
    presets.forEach((preset, i) => runs.set(preset.id, outcomes[i]!));
  }, 1_200_000);

  it("names each machine's processors as its engine does: PE, IU, worker", () => {
    const stacks = (id: string) => {
      const preset = presets.find((p) => p.id === id)!;
      const spec = preset.charts.find((c) => c.kind === 'work-rate-stacks')!;
      const built = buildChart(spec, preset, runs.get(id)!, options);
      if (built.kind !== 'work-rate-stacks') throw new Error(built.kind);
      return [built.data.processor, built.data.bars[0]!.segments[0]!.label];
    };
    expect(stacks('multipsi-v1-program1')).toEqual(['PE', 'PE 1']);
    expect(stacks('pie64-load-dispatch')).toEqual(['IU', 'IU 1']);
    expect(stacks('transputer-farm')).toEqual(['worker', 'worker 1']);
  });

  it("calls the farm's sequential times and ping-pong's paper lines what they are", () => {
    const marks = (id: string, chart: string) => {
      const preset = presets.find((p) => p.id === id)!;
      const spec = preset.charts.find((c) => c.id === chart)!;
      const built = buildChart(spec, preset, runs.get(id)!, { ...options, overlay: false });
      if (built.kind !== 'line') throw new Error(built.kind);
      return built.data.marks!.map((m) => [m.label, markKind(m)]);
    };
    expect(marks('transputer-farm', 'time')).toEqual([
      ['T805 sequential', 'sequential time, one processor'],
      ['T9000 sequential', 'sequential time, one processor'],
    ]);
    expect(marks('paragon-pingpong', 'pingpong').map(([, kind]) => kind)).toEqual([
      "paper's equation at 64 KB",
      "paper's equation at 64 KB",
    ]);
    expect(marks('multipsi-v1-comm', 'perf-overhead')).toEqual([['this configuration', 'current']]);
  });

  it("says the deadlock lesson's chosen load deadlocked, in its readouts and histogram", () => {
    const preset = presets.find((p) => p.id === 'network-deadlock')!;
    const view = runs.get(preset.id)!;
    const cycle = resolveRef('deadlock_cycle', view);
    expect(cycle).toBeGreaterThan(0);
    expect(readoutText(preset.readouts[0]!, view)).toBe(`none: deadlocked at cycle ${cycle}`);
    expect(readoutDetail(preset.readouts[1]!, view)).toMatch(
      new RegExp(`deadlocked at cycle ${cycle}: [\\d.]+\u00a0% of the packets created before`),
    );
    const spec = preset.charts.find((c) => c.id === 'histogram')!;
    const chart = buildChart(spec, preset, view, chartOptions({}, []));
    if (chart.kind !== 'line') throw new Error(chart.kind);
    expect(chart.data.curves[0]!.points).toEqual([]);
    const drawn = lineChartGeometry(chart.data, { width: 600, height: 300 });
    expect(drawn.note.join(' ')).toBe(chart.data.note);
    expect(drawn.note.length).toBeGreaterThan(1);
  });

  it('reads the chosen load and the curve at that load from one run', () => {
    // The J-Machine's random traffic: its chosen load, 0.03, is a load of its curve.
    const preset = presets.find((p) => p.id === 'jmachine-random-traffic')!;
    const view = runs.get(preset.id)!;
    const offered = resolveRef('offered_flits_per_node_cycle', view);
    const curve = (name: string) => {
      const s = view.result.series.find((x) => x.name === name)!;
      return s.y[s.x.indexOf(offered)];
    };
    expect(curve('latency_vs_offered')).toBe(resolveRef('latency_mean_cycles', view));
    expect(curve('accepted_vs_offered')).toBe(resolveRef('accepted_flits_per_node_cycle', view));
  });

  it('draws accepted load against the y = x it leaves, over loads up to the capacity bound', () => {
    // Each network preset's default sweep runs to near its capacity bound, so the curve is seen
    // to leave the diagonal and flatten well under the bound (the J-Machine's near half of it,
    // as the paper's 6 of 14.4 Gbit/s).
    for (const id of ['custom-network', 'jmachine-random-traffic']) {
      const preset = presets.find((p) => p.id === id)!;
      const view = runs.get(id)!;
      const built = buildChart(
        preset.charts.find((c) => c.id === 'accepted')!,
        preset,
        view,
        {
          ...options,
          models: false,
        },
      );
      if (built.kind !== 'line') throw new Error(built.kind);
      expect(built.data.guides, id).toEqual([
        { id: 'guide-0', label: 'accepted = offered', slope: 1 },
      ]);
      const points = built.data.curves[0]!.points;
      const last = points.at(-1)!;
      expect(last.x, id).toBeGreaterThanOrEqual(0.9 * resolveRef('model_capacity_bound', view));
      expect(last.y / last.x, id).toBeLessThan(0.75);
    }
  });

  it("draws a model or fit in its curve's colour and a series in one colour in all charts", () => {
    // The colours as drawn, by series name.
    const drawn = (preset: Preset, spec: ChartSpec) => {
      const built = buildChart(spec, preset, runs.get(preset.id)!, options);
      if (built.kind !== 'line' && built.kind !== 'latency-load' && built.kind !== 'speedup') {
        return null;
      }
      const g = lineChartGeometry(built.data, { width: 640, height: 400 });
      return built.data.curves.map((c, i) => ({ ...c, drawn: g.curves[i]!.color }));
    };
    // Every curve whose colour differs from the one it must have: a model's or fit's curve's
    // (grey without one), a series' in the charts of its preset before.
    const wrong: string[] = [];
    for (const preset of presets) {
      const keyOf = new Map(runs.get(preset.id)!.result.series.map((s) => [s.name, s.key]));
      const key = (id: string) => keyOf.get(id) || id;
      const colourOf = new Map<string, string>();
      for (const spec of preset.charts) {
        const curves = drawn(preset, spec) ?? [];
        const simulated = new Map(curves.filter((c) => !c.model).map((c) => [key(c.id), c.drawn]));
        for (const c of curves) {
          const expected = c.model
            ? (simulated.get(key(c.id)) ?? palette.grey)
            : (colourOf.get(key(c.id)) ?? c.drawn);
          if (!c.model) colourOf.set(key(c.id), expected);
          if (c.drawn !== expected) wrong.push(`${preset.id} ${spec.id} ${c.label}: ${c.drawn}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // The two cases, by name.
    const colours = (id: string, chart: string) => {
      const preset = presets.find((p) => p.id === id)!;
      const curves = drawn(
        preset,
        preset.charts.find((c) => c.id === chart)!,
      )!;
      return new Map(curves.map((c) => [c.label, c.drawn]));
    };
    const throughput = colours('pie64-congestion-writemn', 'throughput');
    expect(throughput.get('Patel, WRITEMN, 4 words')).toBe(throughput.get('WRITEMN, 4 words'));
    expect(colours('paragon-matmul', 'comm-share').get('BSP, p = 64')).toBe(
      colours('paragon-matmul', 'mflops').get('BSP, p = 64, simulated'),
    );
    // Series of one label in two charts: the ring's 8-flit packets, their latency and their hops.
    const hops = colours('network-deadlock', 'hops').get('8-flit packets');
    expect(hops).toBe(colours('network-deadlock', 'latency-load').get('8-flit packets'));
    expect(hops).toBe(colours('network-deadlock', 'accepted').get('8-flit packets'));
  });

  it('titles an axis with what every curve on it measures', () => {
    // custom-network's mean, network and 99th-percentile latencies were all "mean latency".
    const wrong: string[] = [];
    for (const preset of presets) {
      const ran = runs.get(preset.id)!;
      for (const spec of preset.charts) {
        if (spec.kind !== 'line' && spec.kind !== 'latency-load' && spec.kind !== 'speedup') {
          continue;
        }
        const built = buildChart(spec, preset, ran, options);
        if (built.kind !== spec.kind) throw new Error(built.kind);
        for (const s of matchSeries(spec.series, ran.result)) {
          if (!spec.y?.label && !s.yName.includes(built.data.y.label)) {
            wrong.push(
              `${preset.id} ${spec.id}: ${s.name} (${s.yName}) under ${built.data.y.label}`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("draws 64 PEs' Fig. 8 on log axes, so the curves spread under the ideal line", () => {
    const spread = (id: string) => {
      const preset = presets.find((p) => p.id === id)!;
      const spec = preset.charts.find((c) => c.id === 'rps-vs-pes')!;
      const built = buildChart(spec, preset, runs.get(id)!, options);
      if (built.kind !== 'speedup') throw new Error(built.kind);
      const g = speedupGeometry(built.data, { width: 640, height: 384 });
      const ys = g.curves.flatMap((c) => c.points.map((p) => p.py));
      return {
        scales: [built.data.x.scale, built.data.y.scale],
        share: (Math.max(...ys) - Math.min(...ys)) / g.innerHeight,
      };
    };
    for (const id of ['multipsi-v2-program1', 'multipsi-v2-program2']) {
      const { scales, share } = spread(id);
      expect(scales, id).toEqual(['log', 'log']);
      // On linear axes the 1- to 64-PE curves filled about a tenth of the height.
      expect(share, id).toBeGreaterThan(0.4);
      // Fig. 10 spreads 1 to 64 PEs across its width, not 1 to 8 into the first tenth.
      const preset = presets.find((p) => p.id === id)!;
      const comm = buildChart(
        preset.charts.find((c) => c.id === 'comm-rate')!,
        preset,
        runs.get(id)!,
        options,
      );
      if (comm.kind !== 'line') throw new Error(comm.kind);
      expect(comm.data.x.scale, id).toBe('log');
    }
    // Six PEs read well on linear axes, as the paper draws them.
    expect(spread('multipsi-v1-program1').scales).toEqual(['linear', 'linear']);
  });

  it('names only series and numbers its run produces', { timeout: 120_000 }, () => {
    for (const preset of presets) {
      const view = runs.get(preset.id)!;
      for (const spec of preset.charts) {
        const patterns =
          'series' in spec ? spec.series : 'prefix' in spec ? [`${spec.prefix}*`] : [];
        // A chart drawn only at some values (its `when`) may have nothing at the preset's own.
        for (const pattern of spec.when === undefined ? patterns : []) {
          expect(matchSeries([pattern], view.result), `${preset.id} ${pattern}`).not.toEqual([]);
        }
        const refs = [
          ...('marks' in spec ? (spec.marks ?? []).flatMap((m) => [m.x, m.y]) : []),
          // The saturation search's rule is drawn only when the search runs (saturation_steps).
          ...('rules' in spec
            ? (spec.rules ?? []).map((r) => r.value).filter((v) => v !== 'saturation_bisected')
            : []),
          ...('bars' in spec
            ? spec.bars.flatMap((b) => [...b.segments.map((s) => s.value), b.divideBy ?? 1])
            : []),
          // A readout whose state holds says that state in words instead of its number.
          ...preset.readouts.filter((r) => !stateOf(r.instead, view)?.text).map((r) => r.value),
        ];
        for (const ref of refs) {
          expect(Number.isFinite(resolveRef(ref, view)), `${preset.id} ${ref}`).toBe(true);
        }
      }
      for (const r of preset.readouts) {
        const shown = [formatTemplate(r.label, view), readoutText(r, view), readoutDetail(r, view)];
        expect(shown.join(' '), `${preset.id}: ${r.label}`).not.toContain('–');
      }
    }
  });
});
