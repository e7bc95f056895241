import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { Engine } from '../engine/engine';
import type {
  CostModelSignature,
  LogpSignature,
  ModelInfo,
  RunResult,
  SeriesData,
} from '../engine/types';
import { presets } from '../presets/bundled';
import { emptyMachinesLink } from './link';
import type { FittedRow } from './machines';
import { costModelPreset } from './signatures';
import {
  fittedRows,
  logpPresets,
  machineRequest,
  machinesChartData,
  paperRows,
  targetOrder,
} from './machines';

function series(name: string, label: string, x: number[], y: number[]): SeriesData {
  return {
    name,
    label,
    xName: '',
    xUnit: 'bytes',
    yName: '',
    yUnit: 'us',
    x,
    y,
    labels: [],
    key: '',
  };
}

// A machine's declared signature, its outputs named unlike the engine's LogP model's: the page
// reads which output is what from the declaration, not from the names' shape.
const fittedAs = (param: string) => ({
  param,
  us: `fit_${param}_*_us`,
  cycles: `fit_${param}_*_c`,
});
const signature: LogpSignature = {
  oneWayUs: 'lat_*_us',
  oneWayCycles: 'lat_*_c',
  fitted: ['o_send', 'o_recv', 'L', 'g', 'G'].map(fittedAs),
  overlap: fittedAs('overlap'),
  clockMhz: 'mhz_*',
};
const costModels: CostModelSignature = {
  curves: 'table1_*',
  own: 'table1_self',
  ts: 'ts_list',
  tb: 'tb_list',
};

// A target's fitted scalars; without `cycles`, a target whose fit has not arrived in cycles.
const scalars = (key: string, us: number[], cycles: number[]) => [
  ...['o_send', 'o_recv', 'L', 'g', 'G'].flatMap((p, i) => [
    { name: `fit_${p}_${key}_us`, value: us[i] ?? 0, unit: '', description: '' },
    ...(cycles.length > 0
      ? [{ name: `fit_${p}_${key}_c`, value: cycles[i] ?? 0, unit: '', description: '' }]
      : []),
  ]),
  { name: `mhz_${key}`, value: 20, unit: 'MHz', description: '' },
];

// A machine's result as the engine gives it: two targets, one-way series in both units.
const result: RunResult = {
  scalars: [
    ...scalars('a', [1, 2, 3, 4, 0.5], [20, 40, 60, 80, 10]),
    ...scalars('b', [5, 5, 5, 5, 1], []),
  ],
  series: [
    series('lat_a_us', 'A', [1, 10], [6, 10.5]),
    series('lat_a_c', 'A', [1, 10], [120, 210]),
    series('lat_b_us', 'B', [1, 10], [15, 24]),
    series('lat_b_c', 'B', [1, 10], [300, 480]),
  ],
  networks: [],
  timelines: [],
};
const models: ModelInfo[] = await createInProcessEngine(await loadNodeModule()).listModels();
const machines = logpPresets(presets, models);
const preset = machines[0]!;

describe('the all-machines chart', () => {
  it('draws every target of every machine in the chosen unit, log-log', () => {
    const us = machinesChartData([{ preset, result, signature }], null, 'us', ['b', 'a']);
    expect(us.x.scale).toBe('log');
    expect(us.y.scale).toBe('log');
    expect(us.curves.map((c) => [c.id, c.color, c.points.map((p) => p.y)])).toEqual([
      ['a', 1, [6, 10.5]],
      ['b', 0, [15, 24]],
    ]);
    const cycles = machinesChartData([{ preset, result, signature }], null, 'cycles', ['b', 'a']);
    expect(cycles.y.unit).toBe('processor cycles');
    expect(cycles.curves[0]!.points.map((p) => p.y)).toEqual([120, 210]);
  });

  it("draws the papers' cost models dashed, labelled as table data, in microseconds only", () => {
    const paper: RunResult = {
      ...result,
      series: [
        series('table1_self', 'J-Machine (node model)', [1, 2], [1, 1]),
        series('table1_cm5_am', 'CM-5, Active Messages', [1, 2], [3.42, 3.54]),
      ],
    };
    const data = machinesChartData([], { result: paper, signature: costModels }, 'us', ['a']);
    expect(data.curves.map((c) => [c.id, c.model, c.label])).toEqual([
      ['table1_cm5_am', true, 'CM-5, Active Messages: table data (paper)'],
    ]);
    expect(
      machinesChartData([], { result: paper, signature: costModels }, 'cycles', ['a']).curves,
    ).toEqual([]);
    expect(paperRows(paper, { ts_list: [3.3], tb_list: [0.12] }, costModels)).toEqual([
      {
        kind: 'paper',
        key: 'table1_cm5_am',
        label: 'CM-5, Active Messages',
        tsUs: 3.3,
        tbUs: 0.12,
      },
    ]);
  });
});

describe('the fitted table rows', () => {
  it('reads o, L, g and G per target in both units, and leaves out a target not yet fitted', () => {
    const rows = fittedRows(preset, result, signature);
    expect(rows.map((r) => r.key)).toEqual(['a']);
    expect(rows[0]!.us).toEqual({ o_send: 1, o_recv: 2, L: 3, g: 4, G: 0.5 });
    expect(rows[0]!.cycles.G).toBe(10);
    expect(rows[0]!.clockMhz).toBe(20);
  });

  it('covers the five machine families in the presets, with stable colours', () => {
    expect(machines.map((p) => p.model).sort()).toEqual([
      'jmachine_logp',
      'multipsi_logp',
      'paragon_logp',
      'pie64_logp',
      'transputer_logp',
    ]);
    const order = targetOrder(machines, models);
    expect(order).toContain('t805_p4');
    expect(new Set(order).size).toBe(order.length);
  });

  it("finds the papers' cost models where a model declares them, drawn by one preset", () => {
    expect(costModelPreset(presets, models)?.preset.id).toBe('jmachine-overheads');
  });
});

describe('a machine run through the engine', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = createInProcessEngine(await loadNodeModule());
  });

  it('shows no machine a negative parameter: overheads that overlap the transfer hold L at 0', async () => {
    const rows: FittedRow[] = [];
    for (const p of machines) {
      const model = models.find((m) => m.name === p.model);
      const run = await engine.run(machineRequest(p, model, emptyMachinesLink));
      rows.push(...fittedRows(p, run.result, model!.logp!));
    }
    expect(rows.length).toBeGreaterThanOrEqual(9);
    for (const row of rows) {
      for (const value of [...Object.values(row.us), ...Object.values(row.cycles)]) {
        expect(value, row.key).toBeGreaterThanOrEqual(0);
      }
    }
    const p4 = rows.find((r) => r.key === 't805_p4')!;
    expect(p4.us.L).toBe(0);
    expect(p4.overlap.us).toBeGreaterThan(5);
    expect(rows.filter((r) => r.overlap.us > 0).map((r) => r.key)).toEqual(['t805_p4']);
  });

  it("moves only that machine's row when one of its parameters changes", async () => {
    const transputers = machines.find((p) => p.id === 'transputer-logp')!;
    const model = models.find((m) => m.name === transputers.model);
    const run = async (link = emptyMachinesLink) =>
      fittedRows(
        transputers,
        (await engine.run(machineRequest(transputers, model, link))).result,
        model!.logp!,
      );
    const before = await run();
    const after = await run({
      ...emptyMachinesLink,
      params: { 'transputer-logp': { t805_clock_mhz: 12.5 } },
    });
    const row = (rows: typeof before, key: string) => rows.find((r) => r.key === key)!;
    expect(row(after, 't805_raw').us.o_send).toBeCloseTo(2 * row(before, 't805_raw').us.o_send, 9);
    expect(row(after, 't805_raw').cycles.o_send).toBe(row(before, 't805_raw').cycles.o_send);
    expect(row(after, 't9000_p4')).toEqual(row(before, 't9000_p4'));
  });
});
