// Loads the real wasm module in Node and calls every binding declared in archex.d.mts; checks the
// results against the native build of the same engine, bit for bit: the sanitized one, so a run that
// reads memory it should not fails here rather than differing by chance.
import type { ArchexModule, BindingError, ModelInfo, ParamSpec } from '#wasm/archex';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

import { loadNodeModule } from '../app/engine/node_module';

const nativeRunner = fileURLToPath(new URL('../engine/build-sanitize/archex_run', import.meta.url));

type Params = Record<string, number | number[]>;

let archex: ArchexModule;
let models: ModelInfo[];

beforeAll(async () => {
  archex = await loadNodeModule();
  models = archex.listModels();
});

/** The error of a simulation built with these arguments (and frees it). */
function rejected(model: string, params: Params, seed: number): BindingError | null {
  const sim = new archex.Simulation(model, params, seed);
  const error = sim.error();
  sim.delete();
  return error;
}

/** The error of a one-point simulation built with these arguments (and frees it). */
function rejectedPoint(model: string, params: Params, point: number): BindingError | null {
  const sim = new archex.Simulation(model, params, 1, point);
  const error = sim.error();
  sim.delete();
  return error;
}

describe('listModels()', () => {
  it('carries what each J-Machine program reads, and no reads for a model of one part', () => {
    const reads = models.find((m) => m.name === 'jmachine_programs')?.reads;
    expect(reads?.param).toBe('programs');
    expect(reads?.always).toContain('nodes');
    expect(reads?.byValue).toHaveLength(5);
    expect(reads?.byValue[4]).toEqual(expect.arrayContaining(['tsp_runs', 'tsp_cities']));
    expect(reads?.byValue[4]).not.toContain('cpi_tuned');
    expect(models.find((m) => m.name === 'multipsi_perf')?.reads).toBeUndefined();
  });

  it("names BookSim2's routing functions as the custom network's routing choices", () => {
    const network = models.find((m) => m.name === 'network_traffic')!;
    const routing = network.params.find((p) => p.name === 'routing')!;
    const names = network.foreignNames!;
    expect(names.length).toBeGreaterThan(10);
    for (const n of names) {
      expect(n).toMatchObject({ tool: 'BookSim2', param: 'routing' });
      expect(routing.choices).toContain(n.value);
      expect(n.on.length).toBeGreaterThan(0);
    }
    const on = (name: string, shape: string) =>
      names.find((n) => n.name === name && n.on.includes(shape))?.value;
    expect(on('dor', 'mesh')).toBe('dimension order');
    expect(on('ugal', 'dragonflynew')).toBe('UGAL');
    expect(on('nca', 'fattree')).toBe('random tie-break');
    expect(on('dor', 'torus')).toBeUndefined();
    // A model no other tool's files describe declares none.
    expect(models.find((m) => m.name === 'jmachine_programs')!.foreignNames).toBeUndefined();
  });

  it('describes every model with its parameter specs', () => {
    const perf = models.find((m) => m.name === 'multipsi_perf');
    expect(perf?.title).toBe('Multi-PSI: communication vs performance');
    expect(perf?.citation).toMatch(/ICOT TR-370/);
    const pes = perf?.params.find((p) => p.name === 'pes');
    expect(pes).toEqual({
      name: 'pes',
      label: 'Processing elements',
      unit: 'PEs',
      default: 6,
      min: 1,
      max: 1024,
      step: 1,
      integer: true,
      ratio: 0,
      description: expect.stringMatching(/ideal performance/),
      maxItems: 0,
      defaultList: [],
      choices: [],
      unitFrom: '',
      choiceNames: [],
      when: [],
    });
    const rates = perf?.params.find((p) => p.name === 'curve_work_rates');
    expect(rates).toEqual({
      name: 'curve_work_rates',
      label: 'Work rates to compare',
      unit: 'fraction',
      default: 1,
      min: 0.01,
      max: 1,
      step: 0.01,
      integer: false,
      ratio: 0,
      description: expect.stringMatching(/performance = W \/ \(1 \+ X\)/),
      maxItems: 6,
      defaultList: [0.75, 0.5, 0.25],
      choices: [],
      unitFrom: '',
      choiceNames: [],
      when: [],
    });
    const traffic = models.find((m) => m.name === 'network_traffic');
    expect(traffic?.params.find((p) => p.name === 'sweep_rates')?.unitFrom).toBe('sweep_scale');
    // A dragonfly's minimal route is the routing dimension order's other name there.
    expect(traffic?.params.find((p) => p.name === 'routing')?.choiceNames).toContainEqual({
      value: 0,
      name: 'minimal',
      when: { param: 'topology', is: ['dragonfly', 'flattened butterfly'] },
    });
    // What a run reads only on some choices, each shape's own declared by its part.
    const when = (name: string) => traffic?.params.find((p) => p.name === name)?.when;
    expect(when('fly_radix')).toEqual([{ param: 'topology', is: ['fly'] }]);
    expect(when('dateline')).toEqual([
      { param: 'topology', is: ['torus'] },
      { param: 'switching', is: ['wormhole'] },
    ]);
    expect(when('dims')).toEqual([{ param: 'topology', is: ['mesh', 'torus'] }]);
    expect(when('injection_rate')).toEqual([]);
    // Machine sizes are powers of two: declared, so a slider offers only those.
    const programs = models.find((m) => m.name === 'jmachine_programs');
    const sizes = programs?.params.filter((p) => p.ratio > 1).map((p) => [p.name, p.ratio]);
    expect(sizes).toEqual([
      ['nodes', 2],
      ['breakdown_nodes', 2],
    ]);
  });
});

describe('recordTrace(), trace()', () => {
  /** A traced one-point run: its trace (and frees it). */
  function traced(model: string, params: Params, point: number, from: number, length: number) {
    const sim = new archex.Simulation(model, params, 7, point);
    expect(sim.trace()).toBeNull();
    expect(sim.recordTrace({ from, length })).toBe(true);
    expect(sim.error()).toBeNull();
    sim.advance(Number.MAX_SAFE_INTEGER);
    const trace = sim.trace();
    sim.delete();
    if (trace === null) throw new Error('no trace');
    return trace;
  }

  it('gives every kind of event as typed columns, the same bits as the native engine', () => {
    const cases: [string, Params, number, number, number][] = [
      ['network_traffic', { dims: [4, 4], vcs: 2, injection_rate: 0.3 }, 0, 1000, 200],
      ['network_traffic', { topology: 2, switching: 1, injection_rate: 0.2 }, 0, 500, 200],
      ['multipsi_queens', { depths: [2], pes: 6 }, 0, 0, 1e6],
      ['jmachine_programs', { programs: [0], nodes: [16], breakdown_nodes: 16 }, 0, 0, 1e6],
    ];
    for (const [model, params, point, from, length] of cases) {
      const args = [model, '--seed', '7', '--point', String(point), '--trace', `${from},${length}`];
      for (const [k, v] of Object.entries(params)) args.push(`${k}=${String(v)}`);
      const out = execFileSync(nativeRunner, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
      const native = JSON.parse(out) as {
        trace: { end: number; kinds: Record<string, Record<string, number[]>> };
      };
      const trace = traced(model, params, point, from, length);
      expect(trace.end).toBe(native.trace.end);
      expect(trace.kinds.map((k) => k.name)).toEqual(Object.keys(native.trace.kinds));
      let events = 0;
      for (const kind of trace.kinds) {
        const expected = native.trace.kinds[kind.name]!;
        expect(kind.times).toBeInstanceOf(Float64Array);
        expect(kind.counts).toBeInstanceOf(Uint32Array);
        expect(Array.from(kind.times), `${model} ${kind.name}`).toEqual(expected.times);
        expect(Array.from(kind.counts)).toEqual(expected.counts);
        for (const field of kind.fields) {
          expect(Array.from(field.values), `${kind.name}.${field.name}`).toEqual(
            expected[field.name],
          );
        }
        events += kind.counts.reduce((a, b) => a + b, 0);
      }
      expect(events, model).toBeGreaterThan(100);
    }
  });

  it('keeps each field in the narrowest type and names the cases of a field', () => {
    const trace = traced('network_traffic', { dims: [4, 4] }, 0, 1000, 100);
    expect(trace).toMatchObject({ clock: 'cycle', unit: 'cycles', from: 1000, length: 100 });
    const moved = trace.kinds.find((k) => k.name === 'flit_moved')!;
    const field = (name: string) => moved.fields.find((f) => f.name === name)!.values;
    expect(field('packet')).toBeInstanceOf(Uint32Array);
    expect(field('channel')).toBeInstanceOf(Uint8Array);
    expect(field('vc')).toBeInstanceOf(Uint8Array);
    const blocked = trace.kinds.find((k) => k.name === 'flit_blocked')!;
    expect(blocked.fields.find((f) => f.name === 'reason')?.labels).toContain('no_credit');
    const queens = traced('multipsi_queens', { depths: [2], pes: 6 }, 0, 0, 1e6);
    expect(queens.clock).toBe('ms');
  });

  it("declares the roles of a field's values, one per label, where a view reads them", () => {
    const queens = traced('multipsi_queens', { depths: [2], pes: 6 }, 0, 0, 1e6);
    const message = queens.kinds
      .find((k) => k.role === 'goal_message_sent')!
      .fields.find((f) => f.name === 'message')!;
    expect(message.roles).toHaveLength(message.labels.length);
    expect(message.labels[message.roles.indexOf('goal_thrown')]).toBe('throw_goal');
    expect(message.labels[message.roles.indexOf('goal_resumed')]).toBe('return_value');
    expect(message.roles.filter((r) => r === '')).toHaveLength(message.labels.length - 2);
    // A field whose values are nothing to a view declares no roles.
    const network = traced('network_traffic', { dims: [4, 4] }, 0, 1000, 100);
    const blocked = network.kinds.find((k) => k.name === 'flit_blocked')!;
    expect(blocked.fields.find((f) => f.name === 'reason')?.roles).toEqual([]);
  });

  it('says where the run ended, even before the window opens', () => {
    const params = { dims: [4, 4], injection_rate: 0.05 };
    const late = traced('network_traffic', params, 0, 5_000_000, 100);
    expect(late.runEnd).toBeGreaterThan(0);
    expect(late.runEnd).toBeLessThan(late.from);
    expect(late.end).toBe(late.from);
    const over = traced('network_traffic', params, 0, late.runEnd - 50, 100);
    expect(over.runEnd).toBe(late.runEnd);
    expect(over.end).toBe(over.runEnd);
    const inside = traced('network_traffic', params, 0, 100, 100);
    expect(inside.runEnd).toBe(late.runEnd);
    expect(inside.end).toBe(200);
  });

  it("carries the machine's timeline declaration and the states a field names", () => {
    const trace = traced('paragon_pingpong', { message_bytes: [2048] }, 0, 0, 1e6);
    expect(
      trace.timeline.lanes.map((l) => [l.kind, l.snapshot, l.abbreviation, l.initial]),
    ).toEqual([
      ['cp_state', 'cp_state_at_start', 'CP', 'idle'],
      ['mp_state', 'mp_state_at_start', 'MP', 'idle'],
    ]);
    expect(trace.timeline.messages).toEqual([
      expect.objectContaining({ id: 'message', size: 'bytes', unit: 'bytes', lane: 'mp_state' }),
    ]);
    const state = trace.kinds.find((k) => k.name === 'cp_state')!.fields[1]!;
    expect(state.labels).toEqual(state.states.map((s) => s.name));
    expect(state.states.find((s) => s.name === 'wait_send')).toMatchObject({
      label: 'wait send',
      activity: 'wait_send',
    });
    // A network's trace declares no rows, only its deadlock, an instant of the knot's channels.
    const network = traced('network_traffic', { dims: [4, 4] }, 0, 1000, 100);
    expect(network.timeline).toEqual({
      lanes: [],
      messages: [],
      marks: [],
      networkMarks: [{ kind: 'deadlock', label: 'deadlock', channel: 'channel', vc: 'vc' }],
    });
  });

  it('says why a trace cannot be recorded, and the run is over', () => {
    const cases: [string, Params, number | undefined, object, string, string][] = [
      ['network_traffic', {}, undefined, { from: 0, length: 10 }, 'param', 'point'],
      ['multipsi_perf', {}, undefined, { from: 0, length: 10 }, 'param', 'trace'],
      ['network_traffic', {}, 0, { from: -1, length: 10 }, 'param', 'trace_from'],
      [
        'network_traffic',
        {},
        0,
        { from: 0, length: 10, maxEvents: 0.5 },
        'param',
        'trace_max_events',
      ],
    ];
    for (const [model, params, point, request, kind, param] of cases) {
      const sim =
        point === undefined
          ? new archex.Simulation(model, params, 1)
          : new archex.Simulation(model, params, 1, point);
      expect(sim.recordTrace(request as { from: number; length: number })).toBe(false);
      expect(sim.error()).toMatchObject({ kind, param });
      expect(sim.done()).toBe(true);
      expect(sim.trace()).toBeNull();
      sim.delete();
    }
    const started = new archex.Simulation('network_traffic', {}, 1, 0);
    started.advance(1);
    expect(started.recordTrace({ from: 0, length: 10 })).toBe(false);
    expect(started.error()).toEqual({
      kind: 'input',
      message: 'a trace is asked for before the run starts',
    });
    started.delete();
  });
});

describe('outputs and networks', () => {
  it('listModels() gives each model its declared outputs', () => {
    const traffic = models.find((m) => m.name === 'network_traffic');
    expect(traffic?.outputs).toContainEqual({
      name: 'channel_util',
      kind: 'network',
      unit: 'fraction',
      description: expect.stringMatching(/utilization/),
    });
    const perf = models.find((m) => m.name === 'multipsi_perf');
    expect(perf?.outputs.find((o) => o.name === 'perf_vs_overhead_w*')?.kind).toBe('series');
  });

  it('describeMachine() describes a network without running it, or names the bad parameter', () => {
    const described = archex.describeMachine('network_traffic', { topology: 2 }, undefined);
    if (!('networks' in described)) throw new Error(described.error.message);
    const fly = described.networks[0]!;
    expect(fly.shape).toBe('fly');
    const stage = fly.channels.columns.find((c) => c.name === 'stage');
    expect(stage?.type).toBe('int32');
    expect(stage?.values).toBeInstanceOf(Int32Array);
    expect(stage?.labels[0]).toBe('stage 1');
    expect(archex.describeMachine('network_traffic', { topology: 10 }, undefined)).toMatchObject({
      error: { kind: 'param', param: 'topology' },
    });
  });

  it("describeMachine() with a point gives the networks that point runs on, in the point's size", () => {
    const terminals = (point: number | undefined) => {
      const d = archex.describeMachine('jmachine_programs', { nodes: [2, 16] }, point);
      if (!('networks' in d)) throw new Error(d.error.message);
      return d.networks[0]!.terminals.columns[0]!.values.length;
    };
    // The whole machine is the largest run's; each point's is its own size's.
    expect([terminals(undefined), terminals(0), terminals(1)]).toEqual([16, 2, 16]);
    expect(archex.describeMachine('jmachine_programs', { nodes: [2] }, -1)).toMatchObject({
      error: { param: 'point' },
    });
  });

  it("gives a cube's turns each direction's dimension and sign beside its name", () => {
    const params = { dims: [4, 4], routing: 6, sweep_rates: [0.02], warmup_cycles: 100 };
    const sim = new archex.Simulation('network_traffic', { ...params, max_cycles: 1000 }, 1, 0);
    sim.advance(Number.MAX_SAFE_INTEGER);
    const graph = sim.result().networks.find((n) => n.name === 'channel_dependencies');
    sim.delete();
    const column = (name: string) => graph!.turns!.columns.find((c) => c.name === name)!;
    const named = (end: string) =>
      Array.from(column(end).values, (_v, i) => {
        const sign = column(`${end}_sign`).values[i] === 1 ? '+' : '-';
        return `${sign}${'xy'[column(`${end}_dimension`).values[i]!]}`;
      });
    for (const end of ['from', 'to']) {
      expect(named(end)).toEqual(Array.from(column(end).values, (v) => column(end).labels[v]));
    }
    expect(named('from')).toHaveLength(8);
  });

  it('describeMachine() gives each network the drawing its topology declares', () => {
    const drawingOf = (params: Record<string, number | number[]>) => {
      const described = archex.describeMachine('network_traffic', params, undefined);
      if (!('networks' in described)) throw new Error(described.error.message);
      return described.networks[0]!.drawing;
    };
    const topologies = models
      .find((m) => m.name === 'network_traffic')!
      .params.find((p) => p.name === 'topology')!.choices;
    const topology = (name: string) => topologies.indexOf(name);
    const plain = { radix: 0, terminalsPerRouter: 1, wraps: false, wholeRows: false };
    expect(drawingOf({ topology: topology('mesh'), dims: [4, 2], concentration: 2 })).toEqual({
      ...plain,
      kind: 'grid',
      axes: ['x', 'y'],
      extent: [4, 2],
      terminalsPerRouter: 2,
    });
    expect(drawingOf({ topology: topology('torus'), dims: [8], vcs: 2 })).toEqual({
      ...plain,
      kind: 'ring',
      axes: ['x'],
      extent: [8],
      wraps: true,
    });
    // Past three dimensions, a cube is folded onto a grid of arcs between neighbours.
    expect(drawingOf({ topology: topology('mesh'), dims: [2, 2, 2, 2] })).toEqual({
      ...plain,
      kind: 'arc grid',
      axes: ['x', 'y', 'z', 'd4'],
      extent: [2, 2, 2, 2],
    });
    expect(drawingOf({ topology: topology('fly'), fly_radix: 4, fly_stages: 3 })).toEqual({
      ...plain,
      kind: 'stages',
      axes: ['stage', 'row'],
      extent: [3, 16],
      radix: 4,
    });
    expect(drawingOf({ topology: topology('crossbar'), crossbar_ports: 8 })).toEqual({
      ...plain,
      kind: 'crossbar',
      axes: [],
      extent: [],
      radix: 8,
    });
    expect(drawingOf({ topology: topology('router network'), router_network: 2 })).toEqual({
      ...plain,
      kind: 'graph',
      axes: [],
      extent: [],
    });
    const dragonfly = {
      topology: topology('dragonfly'),
      dragonfly_terminals: 2,
      dragonfly_routers: 4,
      dragonfly_globals: 2,
    };
    expect(drawingOf(dragonfly)).toEqual({
      ...plain,
      kind: 'groups',
      axes: ['group', 'router'],
      extent: [9, 4],
      terminalsPerRouter: 2,
    });
    expect(
      drawingOf({ topology: topology('fat tree'), fattree_arity: 4, fattree_levels: 3 }),
    ).toEqual({ ...plain, kind: 'tree', axes: ['level', 'switch'], extent: [3, 16], radix: 4 });
    const flatfly = {
      topology: topology('flattened butterfly'),
      flatfly_arity: 4,
      flatfly_dimensions: 2,
      flatfly_terminals: 4,
    };
    expect(drawingOf(flatfly)).toEqual({
      ...plain,
      kind: 'arc grid',
      axes: ['x', 'y'],
      extent: [4, 4],
      terminalsPerRouter: 4,
      wholeRows: true,
    });
  });

  it("combine() keeps a network's drawing, draws one without it as a graph, refuses a bad kind", () => {
    const params = { topology: 7, sweep_rates: [0.1], warmup_cycles: 200, max_cycles: 1000 };
    const sim = new archex.Simulation('network_traffic', params, 3, 0);
    sim.advance(Number.MAX_SAFE_INTEGER);
    const raw = sim.result();
    sim.delete();
    const network = raw.networks[0]!;
    expect(network.drawing.kind).toBe('arc grid');
    const combiner = new archex.Simulation('network_traffic', params, 3);
    const combined = (networks: unknown[]) =>
      combiner.combine([
        { point: 0, result: { ...raw, networks: networks as typeof raw.networks } },
      ]);
    const kept = combined([network]);
    if (!('result' in kept)) throw new Error(kept.error.message);
    expect(kept.result.networks[0]!.drawing).toEqual(network.drawing);
    const { drawing: _, ...older } = network;
    const graph = combined([older]);
    if (!('result' in graph)) throw new Error(graph.error.message);
    expect(graph.result.networks[0]!.drawing.kind).toBe('graph');
    expect(
      combined([{ ...network, drawing: { ...network.drawing, kind: 'spiral' } }]),
    ).toMatchObject({
      error: { message: expect.stringMatching(/drawing\.kind: no drawing kind 'spiral'/) },
    });
    combiner.delete();
  });

  it('combine() takes networks as typed arrays or as plain arrays after a trip through JSON', () => {
    const params = { dims: [4, 4], sweep_rates: [0.1], warmup_cycles: 200, max_cycles: 1000 };
    const sim = new archex.Simulation('network_traffic', params, 3, 0);
    sim.advance(Number.MAX_SAFE_INTEGER);
    const raw = sim.result();
    sim.delete();
    const plain = JSON.parse(
      JSON.stringify(raw, (_, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as never) : v)),
    ) as typeof raw;
    const combiner = new archex.Simulation('network_traffic', params, 3);
    for (const result of [raw, plain]) {
      const outcome = combiner.combine([
        { point: 0, result: { ...result, series: result.series } },
      ]);
      if (!('result' in outcome)) throw new Error(outcome.error.message);
      expect(outcome.result.networks).toEqual(raw.networks);
    }
    combiner.delete();
  });
});

describe('Simulation', () => {
  it('advance(), progress(), done(), model(), seed(), params(), result(), delete()', () => {
    // Two curves of 10 points: 20 units of work.
    const params = { curve_points: 10, pes: 8, curve_work_rates: [0.5] };
    const sim = new archex.Simulation('multipsi_perf', params, 42);
    expect(sim.model()).toBe('multipsi_perf');
    expect(sim.seed()).toBe(42);
    expect(sim.params().pes).toBe(8);
    expect(sim.params().pe_rps).toBe(1000);
    expect(sim.done()).toBe(false);
    expect(sim.progress()).toBe(0);
    expect(sim.advance(8)).toBe(false);
    expect(sim.progress()).toBeCloseTo(0.4, 12);
    expect(sim.result().series[0]?.x).toHaveLength(4);
    expect(sim.advance(100)).toBe(true);
    expect(sim.done()).toBe(true);
    const result = sim.result();
    expect(result.series[0]?.y).toBeInstanceOf(Float64Array);
    expect(result.series[0]?.y).toHaveLength(10);
    expect(result.scalars.find((s) => s.name === 'ideal_rps')).toMatchObject({
      value: 8000,
      unit: 'RPS',
    });
    sim.delete();
  });

  it('error() names the parameter and its range, and the run is empty and finished', () => {
    const sim = new archex.Simulation('multipsi_perf', { work_rate: 2 }, 1);
    expect(sim.error()).toEqual({
      message: "parameter 'work_rate' = 2 is out of range; valid range [0.01, 1] fraction",
      kind: 'param',
      param: 'work_rate',
    });
    expect(sim.done()).toBe(true);
    expect(sim.advance(10)).toBe(true);
    expect(sim.result()).toEqual({ scalars: [], series: [], networks: [], timelines: [] });
    expect(sim.params()).toEqual({});
    sim.delete();
  });

  it('error() lists the valid models for an unknown one', () => {
    const valid = archex
      .listModels()
      .map((m) => m.name)
      .join(', ');
    expect(valid).toContain('multipsi_perf');
    expect(rejected('nope', {}, 1)).toEqual({
      kind: 'input',
      message: `unknown model 'nope'; valid: ${valid}`,
    });
  });

  it('error() reports a value that is not a number and a bad seed', () => {
    const notNumber = { pes: '6' } as unknown as Record<string, number>;
    expect(rejected('multipsi_perf', notNumber, 1)?.param).toBe('pes');
    expect(rejected('multipsi_perf', {}, -1)?.param).toBe('seed');
    expect(rejected('multipsi_perf', {}, 1.5)?.message).toBe(
      "parameter 'seed' = 1.5 is not a whole number in [0, 9007199254740991]",
    );
  });

  it('params() gives numbers for single parameters and arrays for list parameters', () => {
    const sim = new archex.Simulation('multipsi_perf', { curve_work_rates: [0.9, 0.3] }, 1);
    expect(sim.error()).toBeNull();
    const params = sim.params();
    expect(params.curve_work_rates).toEqual([0.9, 0.3]);
    expect(params.work_rate).toBe(1);
    sim.advance(Number.MAX_SAFE_INTEGER);
    const series = sim.result().series;
    expect(series.map((s) => [s.name, s.label])).toEqual([
      ['perf_vs_overhead', 'current W = 1'],
      ['perf_vs_overhead_w0', 'W = 0.9'],
      ['perf_vs_overhead_w1', 'W = 0.3'],
    ]);
    expect(series[2]?.x).toEqual(series[0]?.x);
    sim.delete();

    const defaults = new archex.Simulation('multipsi_perf', {}, 1);
    expect(defaults.params().curve_work_rates).toEqual([0.75, 0.5, 0.25]);
    defaults.delete();
  });

  it('error() rejects the wrong kind of value, bad items and bad item counts', () => {
    const cases: [Params, string][] = [
      [{ pes: [6] }, "parameter 'pes' requires a single number, not a list"],
      [
        { curve_work_rates: 0.5 },
        "parameter 'curve_work_rates' requires a list of 1 to 6 numbers, not a single number",
      ],
      [
        { curve_work_rates: [1, 0.5, 1.5] },
        "parameter 'curve_work_rates' item 3 = 1.5 is out of range; valid range [0.01, 1] fraction",
      ],
      [
        { curve_work_rates: [0.5, Number.NaN] },
        "parameter 'curve_work_rates' item 2 = NaN is not a finite number; valid range [0.01, 1] fraction",
      ],
      [
        { curve_work_rates: [1, 1, 1, 1, 1, 1, 1] },
        "parameter 'curve_work_rates' has 7 items; at most 6",
      ],
      [
        { curve_work_rates: [] },
        "parameter 'curve_work_rates' is an empty list; at least one item is required",
      ],
      [
        { curve_work_rates: [1, '0.5'] } as unknown as Params,
        "parameter 'curve_work_rates' item 2 must be a number",
      ],
      [
        { curve_work_rates: [[1]] } as unknown as Params,
        "parameter 'curve_work_rates' item 1 must be a number",
      ],
      [
        { curve_work_rates: '1,0.5' } as unknown as Params,
        "parameter 'curve_work_rates' must be a number or an array of numbers",
      ],
    ];
    for (const [params, message] of cases) {
      const param = Object.keys(params)[0];
      expect(rejected('multipsi_perf', params, 1), message).toEqual({
        message,
        kind: 'param',
        param,
      });
    }
  });

  it('counts an advance budget below 1 as 1', () => {
    // Two curves of 2 points: 4 units of work.
    const sim = new archex.Simulation(
      'multipsi_perf',
      { curve_points: 2, curve_work_rates: [1] },
      1,
    );
    expect(sim.advance(0)).toBe(false);
    expect(sim.advance(Number.NaN)).toBe(false);
    expect(sim.advance(-5)).toBe(false);
    expect(sim.advance(0.5)).toBe(true);
    sim.delete();
  });

  // Errors thrown out of wasm once leaked 32 bytes of wasm stack each and trapped after ~163,000.
  it('survives 200,000 rejected simulations without exhausting wasm memory', () => {
    // Half fail in the engine's range check, half in the bindings' reading of a list.
    const badItem = { curve_work_rates: [1, 'x'] } as unknown as Params;
    for (let i = 0; i < 100_000; i++) rejected('multipsi_perf', { pes: 0 }, 1);
    for (let i = 0; i < 100_000; i++) rejected('multipsi_perf', badItem, 1);
    expect(rejected('multipsi_perf', {}, 1)).toBeNull();
  }, 60_000);
});

describe('sweeps', () => {
  const loop = { dims: [4, 4], message_words: [2, 8], grain_cycles: [0, 30, 100], max_cycles: 800 };

  /** A whole run's result, or its points run one by one (last first) and combined. */
  function whole(model: string, params: Params) {
    const sim = new archex.Simulation(model, params, 3);
    sim.advance(Number.MAX_SAFE_INTEGER);
    const weights = sim.pointWeights();
    const result = sim.result();
    sim.delete();
    return { result, weights };
  }
  function byPoints(model: string, params: Params, points: number) {
    const partials = [];
    for (let point = points - 1; point >= 0; point--) {
      const sim = new archex.Simulation(model, params, 3, point);
      expect(sim.error()).toBeNull();
      sim.advance(Number.MAX_SAFE_INTEGER);
      // As a partial arrives from another worker: plain arrays, structured-cloned.
      const raw = sim.result();
      const result = structuredClone({
        scalars: raw.scalars,
        series: raw.series.map((s) => ({ ...s, x: Array.from(s.x), y: Array.from(s.y) })),
        ...(raw.record ? { record: Array.from(raw.record) } : {}),
      });
      partials.push({ point, result });
      sim.delete();
    }
    const combiner = new archex.Simulation(model, params, 3);
    const outcome = combiner.combine(partials);
    combiner.delete();
    return outcome;
  }

  const network = {
    topology: 3,
    crossbar_ports: 4,
    injection_rate: 0.2,
    sweep_rates: [0.1, 0.5, 0.95],
    warmup_cycles: 200,
    max_cycles: 2000,
  };

  it.each([
    ['jmachine_loop', loop, 6],
    ['multipsi_queens', { pes: 3, depths: [1, 3] }, 9],
    // Points that give typed records: N-queens and TSP (twice) on 1 and 2 nodes.
    [
      'jmachine_programs',
      {
        programs: [3, 4],
        nodes: [1, 2],
        breakdown_nodes: 2,
        tsp_runs: 2,
        queens_n: 6,
        tsp_cities: 6,
      },
      6,
    ],
    ['network_traffic', network, 4],
    // The chosen load is also a load of the curve: that point draws from point 0's stream.
    ['network_traffic', { ...network, sweep_rates: [0.1, 0.2, 0.95] }, 4],
  ] as [string, Params, number][])(
    'Simulation(%s, params, seed, point) runs one point; combine() gives the whole run bit for bit',
    (model, params, points) => {
      const { result, weights } = whole(model, params);
      expect(weights.length).toBe(points);
      const outcome = byPoints(model, params, points);
      if (!('result' in outcome)) throw new Error(outcome.error.message);
      expect(outcome.result.scalars).toStrictEqual(result.scalars);
      expect(outcome.result.series).toStrictEqual(result.series);
    },
  );

  it('addPoints() keeps points for every later combine(), and keeps none of a refused batch', () => {
    const params = { programs: [3], nodes: [1, 2, 4], breakdown_nodes: 2, queens_n: 6 };
    const partial = (point: number) => {
      const sim = new archex.Simulation('jmachine_programs', params, 3, point);
      sim.advance(Number.MAX_SAFE_INTEGER);
      const raw = sim.result();
      sim.delete();
      return { point, result: raw };
    };
    const all = [partial(0), partial(1), partial(2)];
    const once = new archex.Simulation('jmachine_programs', params, 3);
    const expected = once.combine(all);
    once.delete();
    const kept = new archex.Simulation('jmachine_programs', params, 3);
    expect(kept.addPoints(all.slice(0, 1))).toBeNull();
    expect(kept.addPoints(all.slice(1, 2))).toBeNull();
    expect(kept.heldPoints()).toBe(2);
    // A batch with a malformed partial is refused whole.
    const refused = kept.addPoints([all[2]!, { point: 1, result: {} as never }]);
    expect(refused).toMatchObject({ kind: 'input' });
    expect(kept.heldPoints()).toBe(2);
    expect(kept.combine(all.slice(2))).toStrictEqual(expected);
    // A record that is not the experiment's is an error in words, not a wrong result.
    const short = { point: 2, result: { ...all[2]!.result, record: new Float64Array([1, 2]) } };
    const outcome = kept.combine([short]);
    expect('error' in outcome && outcome.error.message).toMatch(/partial 2: not a record/);
    kept.delete();
  });

  it('pointKeys() gives a key per point of a model that keys them, the same for the same run', () => {
    const keys = (nodes: number[]) => {
      const params = { programs: [1, 4], nodes, breakdown_nodes: 1, tsp_runs: 1 };
      const sim = new archex.Simulation('jmachine_programs', params, 1);
      const out = { keys: sim.pointKeys(), points: sim.pointWeights().length };
      sim.delete();
      return out;
    };
    const small = keys([1, 4]);
    const grown = keys([1, 2, 4]);
    expect(small.keys).toHaveLength(small.points);
    expect(grown.keys).toHaveLength(grown.points);
    // TSP on 4 nodes: after LCS's runs, index 3 of two sizes' runs, 5 of three sizes'.
    expect(JSON.parse(small.keys[3]!)).toMatchObject({
      'point.program': 4,
      'point.nodes': 4,
      'point.run': 0,
    });
    expect(grown.keys[5]).toBe(small.keys[3]);
    expect(new Set(grown.keys).size).toBe(grown.points);
    const unkeyed = new archex.Simulation('jmachine_loop', {}, 1);
    expect(unkeyed.pointWeights().length).toBeGreaterThan(1);
    expect(unkeyed.pointKeys()).toEqual([]);
    unkeyed.delete();
  });

  it('pointWeights() is empty and combine() an error for a model that is no sweep', () => {
    const sim = new archex.Simulation('multipsi_perf', {}, 1);
    expect(sim.pointWeights()).toEqual([]);
    expect(sim.pointKeys()).toEqual([]);
    expect(sim.combine([])).toEqual({
      error: { message: "model 'multipsi_perf' is not a sweep of points", kind: 'input' },
    });
    sim.delete();
    expect(rejectedPoint('multipsi_perf', {}, 0)?.param).toBe('point');
  });

  it('error() names a point outside the sweep or not a whole number', () => {
    expect(rejectedPoint('jmachine_loop', loop, 6)).toEqual({
      message: "parameter 'point' = 6 is not in [0, 5]: the sweep has 6 points",
      kind: 'param',
      param: 'point',
    });
    expect(rejectedPoint('jmachine_loop', loop, 1.5)?.param).toBe('point');
    expect(rejectedPoint('jmachine_loop', loop, -1)?.param).toBe('point');
  });

  it('combine() reports malformed partials as an error and never throws', () => {
    const sim = new archex.Simulation('jmachine_loop', loop, 1);
    const bad: unknown[] = [
      null,
      {},
      [null],
      [{ point: 'x', result: { scalars: [], series: [] } }],
      [{ point: 0, result: { scalars: [{ name: 'words', value: 'x' }], series: [] } }],
      [{ point: 0, result: { scalars: [], series: [{ name: 's', x: 3, y: [] }] } }],
      [{ point: 0, result: { scalars: [], series: [] } }],
    ];
    for (const partials of bad) {
      const outcome = sim.combine(partials as never);
      expect('error' in outcome, JSON.stringify(partials)).toBe(true);
    }
    sim.delete();
  });
});

describe('running out of memory', () => {
  // A module that may use 64 MB rather than 4 GB: a run fills it in a fraction of a second, on the
  // same path (memory.grow refused, malloc null, std::bad_alloc) as a run that fills 4 GB.
  let capped: ArchexModule;
  beforeAll(async () => {
    capped = await loadNodeModule(64);
  });

  it('ends the run and says what filled the memory and what to change, never a bare number', () => {
    // Load 1 on a 32x32 mesh that accepts 0.125: packets pile up at the sources.
    const params = { dims: [32, 32], packet_flits: 1, injection_rate: 1, warmup_cycles: 100_000 };
    const sim = new capped.Simulation('network_traffic', params, 1, 0);
    expect(sim.error()).toBeNull();
    let done = false;
    for (let slice = 0; slice < 10_000 && !done; slice++) done = sim.advance(1000);
    expect(done).toBe(true);
    const error = sim.error();
    expect(error?.kind).toBe('memory');
    expect(error?.message).toMatch(
      new RegExp(
        String.raw`^Out of memory while running\. [\d,]+ packets \([\d,]+ per node\) were ` +
          String.raw`waiting at the sources of the 1,024 nodes, offered 1 flits/node/cycle where ` +
          String.raw`the network accepts about 0\.125 \(its capacity bound\)\. Lower the offered ` +
          String.raw`load .* \(The engine held \d+ MB when it asked for more\.\)$`,
      ),
    );
    expect(sim.result()).toEqual({ scalars: [], series: [], networks: [], timelines: [] });
    sim.delete();
    // Its memory freed, the module runs the next simulation.
    const next = new capped.Simulation('multipsi_perf', {}, 1);
    expect(next.advance(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(next.error()).toBeNull();
    next.delete();
  });

  it('refuses a network whose state would not fit before building it, planned or run', () => {
    const params = { dims: [32, 32, 32], vcs: 4, buffer_flits: 64 };
    const estimate = capped.stateEstimate('network_traffic', params);
    expect(estimate).toEqual({
      bytes: expect.any(Number),
      what: 'a 32x32x32 mesh',
      of: 'network state',
      param: 'dims',
    });
    expect(estimate!.bytes).toBeGreaterThan(capped.memoryLimit());
    const refusal = {
      message:
        "A 32x32x32 mesh needs about 479 MB of network state; the engine's limit is 64 MB. " +
        'Use fewer nodes, fewer virtual channels or smaller buffers.',
      kind: 'param',
      param: 'dims',
    };
    const used = capped.memoryUsed();
    const point = new capped.Simulation('network_traffic', params, 1, 0);
    expect(point.error()).toEqual(refusal);
    point.delete();
    const plan = new capped.Simulation('network_traffic', params, 1);
    expect(plan.pointWeights()).toEqual([]);
    expect(plan.error()).toEqual(refusal);
    plan.delete();
    // Nothing was built.
    expect(capped.memoryUsed()).toBe(used);
  });

  it('says what the buffers take of a network that fails to build in less than its limit', async () => {
    // A browser may refuse memory below the stated limit: the module is not told this one's.
    const { default: createArchexModule } = await import('#wasm/archex');
    const refusing = await createArchexModule({
      wasmBinary: readFileSync(new URL('build/archex.wasm', import.meta.url)),
      wasmMemory: new WebAssembly.Memory({ initial: 16 * 16, maximum: 64 * 16 }),
    });
    expect(refusing.memoryLimit()).toBe(archex.memoryLimit());
    const params = { dims: [32, 32, 32], vcs: 4, buffer_flits: 64 };
    const message =
      'The network of 32,768 nodes needs more memory than there is: its buffers alone, 4 ' +
      'virtual channels of 64 flits at each of its 229,376 router ports, take about 448 MB. ' +
      'Use fewer nodes, fewer virtual channels or smaller buffers.';
    const point = new refusing.Simulation('network_traffic', params, 1, 0);
    expect(point.error()).toEqual({
      message: expect.stringMatching(new RegExp(`^${message.replace(/\./g, '\\.')} \\(The engine`)),
      kind: 'memory',
    });
    point.delete();
  });
});

describe('memoryLimit(), memoryUsed(), stateEstimate()', () => {
  it("state the build's 4 GB, the memory's size and a cube's count of its state", () => {
    // wasm32's 4 GB less a page, as Emscripten's MAXIMUM_MEMORY=4GB gives it.
    expect(archex.memoryLimit()).toBe(2 ** 32 - 2 ** 16);
    expect(archex.memoryUsed()).toBeGreaterThanOrEqual(16 * 2 ** 20);
    // Blue Gene/L's shape fits: about 1.5 KB a node with a torus's two virtual channels.
    const bgl = archex.stateEstimate('network_traffic', {
      topology: 1,
      dims: [64, 32, 32],
      vcs: 2,
    });
    expect(bgl?.what).toBe('a 64x32x32 torus');
    expect(bgl!.bytes / 65536).toBeGreaterThan(1000);
    expect(bgl!.bytes).toBeLessThan(archex.memoryLimit() / 10);
    expect(
      archex.stateEstimate('network_traffic', { dims: [256, 256, 256] })!.bytes,
    ).toBeGreaterThan(archex.memoryLimit());
    // Nothing to count, or parameters the engine refuses.
    expect(archex.stateEstimate('multipsi_perf', {})).toBeNull();
    expect(archex.stateEstimate('network_traffic', { topology: 2 })).toBeNull();
    expect(archex.stateEstimate('network_traffic', { dims: [1] })).toBeNull();
    expect(archex.stateEstimate('nope', {})).toBeNull();
  });

  it('refuses a run past the limit before it starts, naming the estimate and the limit', () => {
    expect(rejected('network_traffic', { dims: [256, 256, 256] }, 1)).toEqual({
      message:
        "A 256x256x256 mesh needs about 17 GB of network state; the engine's limit is 4 GB. " +
        'Use fewer nodes, fewer virtual channels or smaller buffers.',
      kind: 'param',
      param: 'dims',
    });
  });
});

describe('wasm against native', () => {
  // Fixed sets for the models a spread over their ranges would make slow (32x32x32 networks for
  // a million cycles, 10-queens sweeps on 64 PEs). Network models: small machines covering each
  // mechanism (torus and dateline, on/off, half duplex, every pattern, router delay).
  const small = { dims: [4, 4], warmup_cycles: 200, max_cycles: 1000 };
  const fixedSets: Record<string, Params[]> = {
    network_traffic: [
      { ...small, injection_rate: 0.05, sweep_rates: [0.1, 0.6] },
      { ...small, topology: 1, vcs: 2, pattern: 1, sweep_rates: [0.3], buffer_flits: 2 },
      { ...small, dims: [3, 3, 2], pattern: 3, flow_control: 1, link_mode: 1, sweep_rates: [0.2] },
      { ...small, dims: [8], pattern: 4, router_delay_cycles: 2, sweep_rates: [0.05] },
      { ...small, pattern: 2, channel_words_per_cycle: 0.5, vcs: 3, sweep_rates: [0.1] },
      // A ring without a dateline: points that deadlock, the knot and the dependency graph.
      { ...small, dims: [8], topology: 1, vcs: 1, dateline: 1, sweep_rates: [0.1, 0.5] },
    ],
    jmachine_round_trip: [{ dims: [4, 4] }, { dims: [3, 3, 3], router_delay_cycles: 2 }],
    jmachine_loop: [
      { dims: [4, 4], message_words: [2, 8], grain_cycles: [0, 100], max_cycles: 800 },
    ],
    jmachine_terminal: [{ dims: [2, 2], message_words: [1, 8], window_cycles: 500 }],
    // Goal-reduction sweeps: both programs, copies and reads, a wide mesh, small boards.
    multipsi_queens: [
      {},
      { program: 1, pes: 4, k: 3, ks: [1, 3] },
      { queens: 6, pes: 12, mesh_columns: 4, depths: [1, 3], copy_cells: 0 },
      { program: 1, queens: 5, pes: 3, send_share: 0.3, hop_ms: 1, timeline_bins: 10 },
    ],
    // PIE64: the three commands, bus and MP costs, Tb above 1, a comparison sweep, few IUs.
    pie64_transfer: [{}, { commands: [1, 2], lengths: [3, 100], loops: 3, tb_clocks_per_word: 2 }],
    pie64_congestion: [
      { ius: 8, lengths: [4, 32], ps: [0.001, 0.2], messages: 3 },
      { command: 2, ius: 6, lengths: [2], ps: [0.01, 0.5], messages: 2, compare_length: 2 },
      { command: 0, ius: 16, lengths: [8], ps: [0.05], messages: 4, ts_te_clocks: 50.3 },
    ],
    pie64_dispatch: [
      {},
      { ius: 8, goals: [10, 30], grain: 50, producers: 2, propagation_clocks: 3 },
    ],
    // Paragon: both ping-pongs, a row, both libraries, small meshes and short messages.
    paragon_pingpong: [{ message_bytes: [0, 3000, 9000] }, { dims: [2, 2], nx_packet_bytes: 512 }],
    paragon_bisection: [{ processors: [2, 5, 8], message_kb: 4 }],
    paragon_bsp: [{ processors: [4, 9], h_values: [5, 40], naive_h_values: [2, 4] }],
    paragon_bpram: [{ processors: [6, 16], block_bytes: [0, 5000], flit_bytes: 8 }],
    paragon_app: [
      { processors: [8], sizes: [16, 40] },
      { app: 1, processors: [4, 8], sizes: [64, 200], key_us: 0.5 },
      { app: 2, processors: [4, 8], sizes: [16, 50] },
      { app: 3, processors: [4, 16], sizes: [32, 48] },
    ],
    // Transputers: sizes around a packet, slower links and C104, smaller VCR packets, XDR-like
    // per-byte costs; small images; a farm on a star and on a Clos network of C104s.
    transputer_ping: [
      { sizes: [1, 33, 700] },
      {
        sizes: [64, 2048],
        t9000_link_mbit: 50,
        c104_latency_us: 2.5,
        vcr_packet_bytes: 16,
        p4_byte_cycles: 3,
        os_ack_delay_bits: 6,
      },
    ],
    transputer_sequential: [
      { image_width: 64, image_height: 48, max_iterations: 50 },
      { image_width: 32, image_height: 32, fraction_bits: 8, t805_fp_cycles: 9.5 },
    ],
    transputer_farm: [
      { workers: [1, 5, 9], image_width: 64, image_height: 40 },
      { workers: [33], image_width: 32, image_height: 40, item_bytes: 100 },
    ],
    // LogP microbenchmarks: defaults, and a few sizes with a short burst and one machine cost
    // moved (a spread would ask for a J-Machine mesh of 24,135 nodes, a burst of 188).
    jmachine_logp: [
      {},
      { logp_sizes: [1, 100, 1000], logp_burst: 3, dims: [4, 4], router_delay_cycles: 2 },
    ],
    multipsi_logp: [{}, { logp_sizes: [1, 100], logp_burst: 3, send_share: 0.3 }],
    pie64_logp: [{}, { logp_sizes: [4, 400], logp_burst: 3, tb_clocks_per_word: 2 }],
    paragon_logp: [{}, { logp_sizes: [1, 5000], logp_burst: 3, nx_send_message_us: 100 }],
    transputer_logp: [{}, { logp_sizes: [1, 700], logp_burst: 3, t9000_link_mbit: 50 }],
    // J-Machine programs: small problems on small machines, every program, both arbitrations,
    // tags and flag words, several TSP seeds.
    jmachine_programs: [
      { programs: [0], nodes: [2, 8, 64] },
      { programs: [1, 3], nodes: [1, 4], breakdown_nodes: 4, lcs_b_chars: 64, queens_n: 8 },
      {
        programs: [2, 4],
        nodes: [2, 4],
        breakdown_nodes: 2,
        radix_keys: 512,
        tsp_cities: 8,
        tsp_runs: 2,
        arbitration: 0,
        presence_tags: 0,
      },
    ],
  };

  // Deterministic parameter sets spread over each spec's range (a fixed LCG, not Math.random),
  // list parameters with 1 to maxItems items.
  function parameterSets(model: ModelInfo, count: number): Params[] {
    const fixed = fixedSets[model.name];
    if (fixed) return fixed;
    let state = 12345;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const value = (p: ParamSpec) => {
      const raw = p.min + next() * (p.max - p.min);
      return p.integer ? Math.round(raw) : raw;
    };
    const sets: Params[] = [{}];
    for (let i = 1; i < count; i++) {
      const set: Params = {};
      for (const p of model.params) {
        if (p.name === 'curve_points') continue;
        set[p.name] =
          p.maxItems > 0
            ? Array.from({ length: 1 + Math.floor(next() * p.maxItems) }, () => value(p))
            : value(p);
      }
      sets.push(set);
    }
    return sets;
  }

  const exact = (v: number | number[]) =>
    Array.isArray(v) ? v.map((x) => x.toPrecision(17)).join(',') : v.toPrecision(17);

  it('gives bit-identical numbers for the same inputs', () => {
    expect(existsSync(nativeRunner), `${nativeRunner} missing: run npm run build:sanitize`).toBe(
      true,
    );
    expect(models.length).toBeGreaterThan(0);
    for (const model of models) {
      for (const params of parameterSets(model, 20)) {
        const args = [model.name, '--seed', '7'];
        for (const [k, v] of Object.entries(params)) args.push(`${k}=${exact(v)}`);
        const native = JSON.parse(execFileSync(nativeRunner, args, { encoding: 'utf8' })) as {
          params: Params;
          scalars: Record<string, number>;
          series: Record<string, { x: number[]; y: number[]; labels?: string[]; key?: string }>;
        };
        const sim = new archex.Simulation(model.name, params, 7);
        expect(sim.error()).toBeNull();
        sim.advance(Number.MAX_SAFE_INTEGER);
        expect(sim.params()).toStrictEqual(native.params);
        const wasm = sim.result();
        sim.delete();
        expect(wasm.scalars.length).toBe(Object.keys(native.scalars).length);
        for (const s of wasm.scalars) {
          expect(Object.is(s.value, native.scalars[s.name]), `${model.name}.${s.name}`).toBe(true);
        }
        expect(wasm.series.map((s) => s.name)).toEqual(Object.keys(native.series));
        for (const s of wasm.series) {
          expect(Array.from(s.x)).toEqual(native.series[s.name]?.x);
          expect(Array.from(s.y)).toEqual(native.series[s.name]?.y);
          expect(s.labels).toEqual(native.series[s.name]?.labels ?? []);
          expect(s.key).toBe(native.series[s.name]?.key ?? '');
        }
      }
    }
  });
});
