import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TraceReport } from '../headless/trace';
import { tracePreset } from '../cli/trace';
import { findPreset } from '../headless/run';
import type { Engine } from '../engine/engine';
import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { timelineModel } from '../views/timeline/timeline_model';
import { playedEnd } from '../engine/trace';
import type { TraceRole } from '../engine/trace_roles';
import type { PerfettoTrace } from './perfetto';
import { perfettoJson, perfettoTrace } from './perfetto';
import { perfettoProblems } from './perfetto_check';
import { GRAPH } from '../results/drawing/drawing';

const presets = loadPresetsFromDisk();
let engine: Engine;
let models: ModelInfo[];

beforeAll(async () => {
  engine = createInProcessEngine(loadNodeModule());
  models = await engine.listModels();
});
afterAll(() => engine.dispose());

function trace(id: string, settings: string[], flags: Record<string, string>) {
  return tracePreset(engine, models, findPreset(presets, id), settings, flags);
}

const slices = (file: PerfettoTrace, cat?: string) =>
  file.traceEvents.filter((e) => e.ph === 'X' && (cat === undefined || e.cat === cat));
const flowIds = (file: PerfettoTrace) =>
  new Set(file.traceEvents.filter((e) => e.bind_id !== undefined).map((e) => e.bind_id));

// One traced run of each machine family that records a trace.
const FAMILIES: [string, string, string[], Record<string, string>][] = [
  ['J-Machine programs', 'jmachine-lcs', ['nodes=16', 'breakdown_nodes=16'], { cycles: '4000' }],
  ['Paragon under NX', 'paragon-bsp', [], { cycles: '20000' }],
  ['Multi-PSI goal reduction', 'multipsi-v1-program1', [], { point: '5', cycles: '300' }],
  ['a wormhole network', 'custom-network', ['dims=4x4'], { from: '1000', cycles: '200' }],
  [
    'PIE64 (its DAN, circuit switched)',
    'pie64-congestion-mpwrite',
    [],
    { point: '8', cycles: '2000' },
  ],
  [
    'a circuit network',
    'custom-network',
    ['dims=4x4', 'switching=circuit'],
    { from: '1000', cycles: '400' },
  ],
  [
    'the transputer farm (T805 and T9000)',
    'transputer-farm',
    ['workers=4', 'image_height=64'],
    { cycles: '2000' },
  ],
];

/**
 * Where a track's name is not the channel its packet crossed: each packet's flow, walked through
 * the channels' process (`pid`), must enter at its source's router (`node S → router R`), move
 * from router to router each from where the last ended, and leave to its destination; beside a
 * send and a delivery on the nodes' rows, S and the destination are theirs.
 */
function routeProblems(file: PerfettoTrace, pid: number): string[] {
  const named = new Map(
    file.traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid)
      .map((e) => [e.tid, String(e.args!.name)]),
  );
  const flows = new Map<number, typeof file.traceEvents>();
  for (const e of file.traceEvents) {
    if (e.ph !== 'X' || e.bind_id === undefined) continue;
    flows.set(e.bind_id, [...(flows.get(e.bind_id) ?? []), e]);
  }
  const order = ['packet', 'inject', 'move', 'eject'];
  const problems: string[] = [];
  for (const [bind, flow] of flows) {
    // A packet in flight as the window opens holds all its channels from then: their ends
    // tell its way.
    const end = (e: (typeof flow)[number]) => e.ts! + (e.dur ?? 0);
    flow.sort(
      (a, b) => a.ts! - b.ts! || end(a) - end(b) || order.indexOf(a.cat!) - order.indexOf(b.cat!),
    );
    const send = flow.find((e) => e.name.startsWith('send'));
    let at: number | undefined;
    for (const e of flow.filter((x) => x.pid === pid)) {
      const name = named.get(e.tid) ?? '';
      const say = (what: string) => problems.push(`flow ${bind}: ${name}: ${what}`);
      const [, a, b] = /^(?:node|router) (\d+) → (?:node|router) (\d+)/.exec(name) ?? [];
      if (a === undefined) {
        say('not a channel between a node and a router or two routers');
        continue;
      }
      const [from, to] = [Number(a), Number(b)];
      if (e.cat === 'inject') {
        if (!name.startsWith('node ')) say('an injection not from a node');
        if (send && from !== send.tid - 1) say(`sent from node ${send.tid - 1}`);
      } else if (at !== undefined && from !== at) say(`the packet was at router ${at}`);
      if (e.cat === 'eject') {
        if (!/→ node \d+/.test(name)) say('an ejection not into a node');
        if (send && to !== send.args!.to) say(`sent to node ${String(send.args!.to)}`);
      }
      at = to;
    }
  }
  return problems;
}

describe('perfettoTrace()', () => {
  it.each(FAMILIES)(
    '%s: the format as documented (named tracks, time order, nested slices, flows with both ends)',
    async (_family, id, settings, flags) => {
      const report = await trace(id, settings, flags);
      const file = perfettoTrace(report);
      expect(perfettoProblems(file)).toEqual([]);
      expect(slices(file).length).toBeGreaterThan(10);
      expect(flowIds(file).size).toBeGreaterThan(2);
      // What the file is written as reads back as the same trace.
      expect(JSON.parse([...perfettoJson(file)].join(''))).toEqual(
        JSON.parse(JSON.stringify(file)),
      );
      expect(file.otherData).toMatchObject({ producer: 'archex', preset: id, seed: report.seed });
    },
  );

  it("a timeline's busy slices are its busy spans and its flows its messages, in the machine's clock", async () => {
    const report = await trace('paragon-bsp', [], { cycles: '20000' });
    const file = perfettoTrace(report);
    const model = timelineModel(report.trace, playedEnd(report.trace), report.nodes);
    const busy = Array.from(model.spans.state).filter((s) => model.states[s]!.activity !== 'idle');
    expect(slices(file).filter((e) => e.cat !== 'message')).toHaveLength(busy.length);
    expect(flowIds(file).size).toBe(model.arrows.from.length);
    // The Paragon's clock is microseconds: a slice lasts what its span does.
    const first = slices(file).find((e) => e.cat !== 'message')!;
    const i = model.spans.start.indexOf(first.ts!);
    expect(first.dur).toBeCloseTo(model.spans.end[i]! - model.spans.start[i]!, 9);
    expect(String(file.otherData.clock)).toContain('in µs (real time)');
    // Two rows a node: a process per node, its compute and message processors as threads.
    const names = file.traceEvents.filter((e) => e.name === 'thread_name').map((e) => e.args!.name);
    expect(names).toContain('compute processor (CP)');
    expect(names).toContain('message processor (MP)');
  });

  it('the Multi-PSI: PEs reducing and communicating, messages by kind, ms as real time', async () => {
    const report = await trace('multipsi-v1-program1', [], { point: '5', cycles: '300' });
    const file = perfettoTrace(report);
    const names = new Set(slices(file).map((e) => e.name));
    expect(names).toContain('reducing');
    expect(names).toContain('communicating');
    expect(
      [...names].some((n) => /^send (throw_goal|terminate|unify|read_value|return_value)$/.test(n)),
    ).toBe(true);
    // 1 ms of the machine is 1,000 µs of the file.
    const sent = report.trace.kinds.find((k) => k.name === 'message_sent')!;
    const ts = slices(file, 'message').map((e) => e.ts!);
    expect(ts).toContain(sent.times[0]! * 1000);
  });

  it("a J-Machine program's file: its nodes' rows, then its mesh's channels with the packets", async () => {
    const report = await trace('jmachine-lcs', ['nodes=16', 'breakdown_nodes=16'], {
      cycles: '4000',
    });
    const file = perfettoTrace(report);
    const processes = file.traceEvents.filter((e) => e.name === 'process_name');
    expect(processes.map((e) => [e.pid, e.args!.name])).toEqual([
      [1, 'jmachine_programs'],
      [2, expect.stringMatching(/: channels$/)],
    ]);
    const channels = slices(file).filter((e) => e.pid === 2);
    expect(channels.length).toBeGreaterThan(10);
    expect(channels.every((e) => /^packet \d+$/.test(e.name))).toBe(true);
    // A handler by the name the program gives it, not its number.
    const handlers = slices(file)
      .filter((e) => e.pid === 1 && e.args?.handler !== undefined)
      .map((e) => e.args!.handler);
    expect(new Set(handlers)).toEqual(new Set(['NxtChar']));
    expect(slices(file, 'message').every((e) => / NxtChar$/.test(e.name))).toBe(true);
    // The rows' message flows and the packets' flows through the channels are apart.
    const rowFlows = new Set(slices(file, 'message').map((e) => e.bind_id));
    const packetFlows = new Set(channels.map((e) => e.bind_id).filter((b) => b !== undefined));
    expect(packetFlows.size).toBeGreaterThan(2);
    expect([...packetFlows].some((b) => rowFlows.has(b))).toBe(false);
  });

  it("a state open at the window's end lasts to it: the default J-Machine LCS trace", async () => {
    // The CLI's default window, cycles 0 to 1,000: node 0 starts its background thread at cycle
    // 1 and is still in it at the end.
    const report = await trace('jmachine-lcs', [], {});
    const file = perfettoTrace(report);
    expect(perfettoProblems(file)).toEqual([]);
    const states = slices(file).filter((e) => e.pid === 1);
    expect(states).toEqual([
      expect.objectContaining({ name: 'background', tid: 1, ts: 1, dur: 999 }),
    ]);
  });

  it("a network deadlock: an instant on the network's row naming its knot's channels", async () => {
    // An 8-node ring, one virtual channel, no dateline: the run stops at the deadlock.
    const report = await trace('network-deadlock', [], {});
    const knot = report.trace.kinds.find((k) => k.name === 'deadlock')!;
    expect(knot.times).toHaveLength(1);
    const at = knot.times[0]!;
    const file = perfettoTrace(report);
    expect(perfettoProblems(file)).toEqual([]);
    const marks = file.traceEvents.filter((e) => e.ph === 'i' && e.cat === 'network');
    expect(marks).toEqual([
      expect.objectContaining({ name: 'deadlock', ts: at, args: expect.anything() }),
    ]);
    const [mark] = marks;
    const row = file.traceEvents.find(
      (e) => e.name === 'thread_name' && e.pid === mark!.pid && e.tid === mark!.tid,
    );
    expect(row?.args?.name).toBe('network');
    // Each channel of the knot, in its order, as the channels' rows name them.
    const channels = String(mark!.args!.channels).split('; ');
    expect(channels).toHaveLength(knot.counts[0]!);
    expect(mark!.args!.length).toBe(channels.length);
    const names = new Set(
      file.traceEvents.filter((e) => e.name === 'thread_name').map((e) => e.args!.name),
    );
    for (const channel of channels) {
      expect(channel).toMatch(/^router \d+ → router \d+ .* vc 0$/);
      expect(names).toContain(channel);
    }
    // The run stops there, and so does the trace.
    expect(report.trace.end).toBe(at);
    expect(file.otherData.window).toBe(`cycle 0 to ${at}`);
  });

  it("a packet still crossing a channel at the window's end holds it to that end", async () => {
    const report = await trace('custom-network', ['dims=4x4'], { from: '1000', cycles: '200' });
    const file = perfettoTrace(report);
    expect(perfettoProblems(file)).toEqual([]);
    const held = slices(file).filter((e) => e.cat === 'move');
    const ends = held.map((e) => e.ts! + e.dur!);
    expect(Math.max(...ends)).toBe(1200);
    expect(ends.filter((end) => end === 1200).length).toBeGreaterThan(0);
  });

  it('a cycle clock is said to be shown as microseconds', async () => {
    const report = await trace('custom-network', ['dims=4x4'], { from: '1000', cycles: '50' });
    expect(String(perfettoTrace(report).otherData.clock)).toBe(
      "one cycle of the machine is shown as 1 µs (the file's times are cycles)",
    );
  });

  it("a network packet's flow runs from its send through each channel it held to its delivery", async () => {
    const report: TraceReport = await trace('custom-network', ['dims=4x4'], {
      from: '1000',
      cycles: '300',
    });
    const file = perfettoTrace(report);
    const delivered = file.traceEvents.filter((e) => e.name.startsWith('deliver') && e.flow_in);
    expect(delivered.length).toBeGreaterThan(5);
    for (const end of delivered.slice(0, 20)) {
      const flow = file.traceEvents.filter((e) => e.bind_id === end.bind_id);
      const start = flow[0]!;
      if (!start.name.startsWith('send')) continue;
      const packet = start.args!.packet;
      // Sent from a node, then the source's injection, the channels between routers, the
      // ejection into the destination, then delivered there.
      expect(flow.map((e) => e.cat)).toEqual([
        'packet',
        'inject',
        ...flow.slice(2, -2).map(() => 'move'),
        'eject',
        'packet',
      ]);
      expect(flow.every((e) => e.args!.packet === packet)).toBe(true);
      expect(end.tid - 1).toBe(start.args!.to);
    }
  });

  it.each([
    ['a 2-node line', ['dims=2']],
    ['a 4x4 mesh (16 nodes)', ['dims=4x4']],
    ['a fat tree', ['topology=fat tree', 'fattree_levels=2', 'fattree_arity=4']],
  ])(
    "%s: every track is the channel its packet crossed, from its source's router to its destination",
    async (_shape, settings) => {
      const file = perfettoTrace(
        await trace('custom-network', settings, { from: '1000', cycles: '300' }),
      );
      const channels = file.traceEvents.find(
        (e) => e.name === 'process_name' && String(e.args!.name).endsWith('channels'),
      )!.pid;
      expect(slices(file).filter((e) => e.pid === channels).length).toBeGreaterThan(5);
      expect(routeProblems(file, channels)).toEqual([]);
    },
  );

  it.each([
    ['2 nodes', '0'],
    ['16 nodes', '3'],
  ])(
    "a J-Machine barrier's point on %s: its tracks are its own mesh's channels",
    async (_size, point) => {
      const file = perfettoTrace(await trace('jmachine-barrier', [], { point, cycles: '4000' }));
      const channels = slices(file).filter((e) => e.pid === 2);
      expect(channels.length).toBeGreaterThan(2);
      expect(routeProblems(file, 2)).toEqual([]);
    },
  );

  it('a whole run: 200,000 packets make a file (no call is handed them all at once)', () => {
    const packets = 200_000;
    const column = (values: ArrayLike<number>) => Uint32Array.from(values);
    const ids = Array.from({ length: packets }, (_, p) => p);
    // Named unlike the network's kinds: the export reads the roles the trace declares.
    const kind = (role: TraceRole, times: number[], fields: Record<string, number[]>) => ({
      name: `recorded_${role}`,
      description: '',
      snapshot: false,
      role,
      dropped: 0,
      times: Float64Array.from(times),
      counts: Uint32Array.from(times.map(() => 1)),
      fields: Object.entries(fields).map(([field, values]) => ({
        name: field,
        labels: [],
        order: false,
        states: [],
        roles: [],
        values: column(values),
      })),
    });
    // Packet p crosses channel p % 8 (its head at cycle 2p, its tail a cycle later).
    const moved = ids.flatMap((p) => [p, p]);
    const synthetic = {
      clock: 'cycle',
      unit: 'cycles',
      from: 0,
      length: 2 * packets + 2,
      end: 2 * packets + 2,
      truncated: false,
      runEnd: 2 * packets + 2,
      bytes: 0,
      kinds: [
        kind(
          'packet_created',
          ids.map(() => 0),
          {
            packet: ids,
            node: ids.map((p) => p % 8),
            dest: ids.map((p) => (p + 1) % 8),
            flits: ids.map(() => 2),
          },
        ),
        kind(
          'flit_moved',
          ids.flatMap((p) => [2 * p, 2 * p + 1]),
          {
            packet: moved,
            flit: ids.flatMap(() => [0, 1]),
            channel: moved.map((p) => p % 8),
            vc: moved.map(() => 0),
          },
        ),
      ],
      timeline: { lanes: [], messages: [], marks: [], networkMarks: [] },
      nodes: 0,
    };
    const router = {
      name: 'router',
      unit: '',
      type: 'int32' as const,
      labels: [],
      values: new Int32Array(8),
    };
    const table = { columns: [] };
    const network = {
      name: 'network',
      label: 'network',
      shape: 'ring',
      sizes: [],
      drawing: { ...GRAPH, kind: 'ring' as const, extent: [8], wraps: true },
      nodes: 8,
      routers: table,
      terminals: table,
      channels: { columns: [router] },
      crosspoints: table,
    };
    const file = perfettoTrace({
      model: 'synthetic',
      seed: 1,
      params: {},
      trace: synthetic,
      networks: [network],
    });
    expect(slices(file)).toHaveLength(packets);
    expect(perfettoProblems(file)).toEqual([]);
  });

  it('the transputer farm: per transputer a row on each machine, rows out and results back as flows', async () => {
    const report = await trace('transputer-farm', ['workers=4', 'image_height=64'], {
      cycles: '100000',
    });
    const file = perfettoTrace(report);
    const names = file.traceEvents.filter((e) => e.name === 'thread_name').map((e) => e.args!.name);
    expect(names).toContain('T805 farm (T805)');
    expect(names).toContain('T9000 farm (T9000)');
    const states = new Set(slices(file).map((e) => e.name));
    expect(states).toContain('T805 farm: computing');
    expect(states).toContain('T9000 farm: communicating');
    // Every row goes out and comes back, on each machine: 2 x 64 messages, twice.
    expect(flowIds(file).size).toBe(4 * 64);
    expect(slices(file, 'message').filter((e) => e.name === 'send result')).toHaveLength(2 * 64);
  });

  it('a trace that declares no timeline of a machine without a network is refused in words', async () => {
    const report = await trace('custom-network', ['dims=4x4'], { cycles: '20' });
    expect(() => perfettoTrace({ ...report, networks: [] })).toThrow(
      'the trace of network_traffic declares no timeline and its machine has no network',
    );
  });
});
