import type { ArchexModule } from '#wasm/archex';
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../../engine/in_process_engine';
import { loadNodeModule } from '../../engine/node_module';
import { playedEnd, traceEvents } from '../../engine/trace';
import type { TraceEvent, TraceOutcome } from '../../engine/trace';
import type { TimelineModel } from './timeline_model';
import { runSliced } from '../sliced';
import { runNodes, spanAt, stateShares, timelineModel, timelineSliced } from './timeline_model';

let module: ArchexModule;
beforeAll(async () => {
  module = await loadNodeModule();
});

/** A whole run's trace: the window covers it. */
async function whole(model: string, params: Record<string, unknown>, point: number) {
  const engine = createInProcessEngine(module);
  const outcome = await engine.trace({
    model,
    params: params as never,
    seed: 1,
    point,
    window: { from: 0, length: 1e12 },
  });
  engine.dispose();
  return outcome;
}

/** A scalar of the whole sweep's result, as its chart shows it. */
async function sweepScalar(model: string, params: Record<string, unknown>, name: string) {
  const engine = createInProcessEngine(module);
  const { result } = await engine.run({ model, params: params as never, seed: 1 });
  engine.dispose();
  return result.scalars.find((s) => s.name === name)!.value;
}

function busyShares(outcome: TraceOutcome) {
  const model = timelineModel(outcome.trace, playedEnd(outcome.trace));
  return {
    model,
    busy: stateShares(model).map((row) =>
      row.reduce((sum, share, s) => sum + (model.states[s]!.busy ? share : 0), 0),
    ),
  };
}

function expectTiled(model: ReturnType<typeof timelineModel>) {
  for (let l = 0; l < model.lanes.length; l++) {
    const first = model.laneStart[l]!;
    const last = model.laneStart[l + 1]! - 1;
    expect(model.spans.start[first]).toBe(model.from);
    expect(model.spans.end[last]).toBe(model.end);
    for (let i = first; i < last; i++) expect(model.spans.end[i]).toBe(model.spans.start[i + 1]);
  }
}

/** A window's trace, `length` long from `from`. */
async function part(
  model: string,
  params: Record<string, unknown>,
  point: number,
  from: number,
  length: number,
) {
  const engine = createInProcessEngine(module);
  const outcome = await engine.trace({
    model,
    params: params as never,
    seed: 1,
    point,
    window: { from, length },
  });
  engine.dispose();
  return outcome;
}

/** Every arrow joins a message_sent to the message_received of the same id: nodes and times. */
function expectPaired(outcome: TraceOutcome, model: TimelineModel, idField: string) {
  const sends = new Map<number, TraceEvent>();
  const receives = new Map<number, TraceEvent>();
  const clock = outcome.trace.clock;
  for (const e of traceEvents(outcome.trace)) {
    if (e.kind === 'message_sent') sends.set(e[idField] as number, e);
    if (e.kind === 'message_received') receives.set(e[idField] as number, e);
  }
  const { from, to, sent, received, id } = model.arrows;
  expect(from.length).toBeGreaterThan(0);
  for (let i = 0; i < from.length; i++) {
    const s = sends.get(id[i]!)!;
    const r = receives.get(id[i]!)!;
    expect(model.lanes[from[i]!]!.node).toBe(s.node);
    expect(model.lanes[to[i]!]!.node).toBe(s.to);
    expect(model.lanes[to[i]!]!.node).toBe(r.node);
    expect(r.from).toBe(s.node);
    expect(sent[i]).toBe(s[clock]);
    expect(received[i]).toBe(r[clock]);
    expect(received[i]).toBeGreaterThanOrEqual(sent[i]!);
  }
}

/** A window's model says what the whole run's says at every time inside it, lane by lane. */
function expectSameStates(run: TimelineModel, window: TimelineModel) {
  expect(window.lanes.length).toBe(run.lanes.length);
  for (let k = 0; k < 200; k++) {
    const t = window.from + ((k + 0.5) / 200) * (window.end - window.from);
    for (let l = 0; l < run.lanes.length; l++) {
      const a = run.spans.state[spanAt(run, l, t)];
      const b = window.spans.state[spanAt(window, l, t)];
      expect([l, t, b]).toEqual([l, t, a]);
    }
  }
}

const programs = { nodes: [1, 8], breakdown_nodes: 8 };

/**
 * A J-Machine run's busy shares against its work-rate stack, within what the trace cannot say.
 * A thread that goes on after a send is taken up at the next whole cycle, and no event marks the
 * fraction of a cycle it waits, so the timeline counts it busy: at most 1 cycle per message the
 * node sends. A refused send is drawn waiting from its fault, while the processor may still be
 * putting out the message's words for part of that: at most its words at the injection rate.
 */
function expectBusyNearStack(outcome: TraceOutcome, series: string) {
  const { model, busy } = busyShares(outcome);
  expectTiled(model);
  expectPaired(outcome, model, 'packet');
  const rates = outcome.result.series.find((s) => s.name === series)!;
  const inject = outcome.params.inject_words_per_cycle as number;
  const sent = model.lanes.map(() => 0);
  const refused = model.lanes.map(() => 0);
  const faulted = new Set<number>();
  for (const e of traceEvents(outcome.trace)) {
    const node = e.node as number;
    if (e.kind === 'send_fault') faulted.add(node);
    if (e.kind !== 'message_sent') continue;
    sent[node]!++;
    if (faulted.delete(node)) refused[node]! += (e.words as number) / inject;
  }
  const cycles = model.end - model.from;
  busy.forEach((b, n) => {
    expect(b - rates.y[n]!).toBeGreaterThanOrEqual(-refused[n]! / cycles - 1e-9);
    expect(b - rates.y[n]!).toBeLessThanOrEqual(sent[n]! / cycles + 1e-9);
  });
  expect(model.states.find((s) => s.key === 'node_state.send_refused')!.busy).toBe(false);
  return { model, busy, rates };
}

describe('timelineModel() of a J-Machine program', () => {
  it("tiles each node's time and its busy share equals the run's work-rate stack", async () => {
    // LCS on 8 nodes, the breakdown machine: the run's own work rates come with it.
    const outcome = await whole('jmachine_programs', { ...programs, programs: [1] }, 1);
    const { model, busy } = busyShares(outcome);
    expect(model.lanes).toHaveLength(8);
    expectTiled(model);
    const rates = outcome.result.series.find((s) => s.name === 'work_rates_lcs')!;
    expect(rates.y).toHaveLength(8);
    busy.forEach((b, n) => expect(b).toBeCloseTo(rates.y[n]!, 6));
    // Every message sent is an arrow, paired with its receipt; the sweep's LCS messages are
    // this breakdown run's.
    expect(model.arrows.from.length).toBe(
      await sweepScalar('jmachine_programs', { ...programs, programs: [1] }, 'lcs_messages'),
    );
    expectPaired(outcome, model, 'packet');
    // The span under a time is the one that holds it.
    const t = (model.from + model.end) / 2;
    const at = spanAt(model, 3, t);
    expect(model.spans.start[at]!).toBeLessThanOrEqual(t);
    expect(model.spans.end[at]!).toBeGreaterThan(t);
  });

  it('counts a thread that ends as the next one starts as busy (N-queens)', async () => {
    // A board's thread ends at the cycle its send leaves and the next starts in that cycle: the
    // trace lists starts before ends at one time, so applying them in that order left the node
    // idle for the next thread (node 0 was 11 % less busy than the run's stack said).
    const outcome = await whole('jmachine_programs', { ...programs, programs: [3] }, 1);
    expect(expectBusyNearStack(outcome, 'work_rates_queens').busy).toHaveLength(8);
  });

  it("keeps radix sort's busy share within its bound of the run's stack", async () => {
    const params = { ...programs, programs: [2], radix_keys: 4096 };
    const outcome = await whole('jmachine_programs', params, 1);
    expect(expectBusyNearStack(outcome, 'work_rates_radix').busy).toHaveLength(8);
  });

  it("starts a window from the trace's snapshot: the same states as the whole run's", async () => {
    const params = { ...programs, programs: [1] };
    const all = busyShares(await whole('jmachine_programs', params, 1)).model;
    const outcome = await part('jmachine_programs', params, 1, 3_000_000, 20_000);
    const window = timelineModel(outcome.trace, playedEnd(outcome.trace));
    expect(window.from).toBe(3_000_000);
    expectTiled(window);
    expectSameStates(all, window);
    expect(window.spans.start.length).toBeGreaterThan(window.lanes.length);
  });
});

describe('timelineModel() rows', () => {
  it("gives each of the machine's nodes a row, even one the window never names", async () => {
    // LCS's first 1,000 cycles on 8 nodes: only node 0 has started.
    const params = { ...programs, programs: [1] };
    const outcome = await part('jmachine_programs', params, 1, 0, 1000);
    const end = playedEnd(outcome.trace);
    expect(timelineModel(outcome.trace, end).lanes.length).toBeLessThan(8);
    const model = timelineModel(outcome.trace, end, runNodes(outcome));
    expect(model.lanes.map((l) => l.label).at(-1)).toBe('node 7');
    expectTiled(model);
  });
});

describe('timelineModel() of a Paragon NX run', () => {
  it("tiles each processor's time; a ping-pong's messages pair and alternate", async () => {
    const outcome = await whole('paragon_pingpong', { message_bytes: [2048] }, 0);
    const { model } = busyShares(outcome);
    expect(model.lanes.map((l) => l.label).slice(0, 4)).toEqual([
      'node 0 CP',
      'node 0 MP',
      'node 1 CP',
      'node 1 MP',
    ]);
    expectTiled(model);
    expectPaired(outcome, model, 'message');
    const { from, to } = model.arrows;
    for (let i = 0; i < from.length; i++) {
      expect(model.lanes[from[i]!]!.node).not.toBe(model.lanes[to[i]!]!.node);
    }
  });

  it("gives each compute processor the run's own work (a BPRAM matrix multiply)", async () => {
    // 8 processors, n = 110: point 7 is the BPRAM version's run. The whole sweep's chart says
    // its time and its communication share, (time - work) / time, so its local work too.
    const params = { app: 0, processors: [8], sizes: [110] };
    const outcome = await whole('paragon_app', params, 7);
    const time = await sweepScalar('paragon_app', params, 'time_us_bpram_p8');
    const work = time * (1 - (await sweepScalar('paragon_app', params, 'comm_share_bpram_p8')));
    const { model } = busyShares(outcome);
    expectTiled(model);
    expectPaired(outcome, model, 'message');
    const compute = model.states.findIndex((s) => s.key === 'cp_state.compute');
    const shares = stateShares(model);
    const total = model.end - model.from;
    for (let l = 0; l < model.lanes.length; l += 2) {
      expect(shares[l]![compute]! * total).toBeCloseTo(work, 6);
    }
    // The run's clock stops at the network's next cycle after the last state change (16-byte
    // flits at 175 MB/s: 0.091 us).
    expect(time - model.end).toBeGreaterThanOrEqual(0);
    expect(time - model.end).toBeLessThan(16 / 175);
  });

  it("starts a window from the trace's snapshot: the same states as the whole run's", async () => {
    const params = { processors: [8], h_values: [100] };
    const all = busyShares(await whole('paragon_bsp', params, 0)).model;
    // A window in which the processors change state (from 1000 µs, since the barrier's call
    // time, each spends the 500 µs in one state).
    const outcome = await part('paragon_bsp', params, 0, 1500, 500);
    const window = timelineModel(outcome.trace, playedEnd(outcome.trace));
    expectTiled(window);
    expectSameStates(all, window);
    expect(window.spans.start.length).toBeGreaterThan(window.lanes.length);
  });
});

describe('timelineSliced()', () => {
  it('builds the model timelineModel() builds, a slice at a time', async () => {
    const outcome = await whole('jmachine_programs', { ...programs, programs: [1] }, 1);
    const end = playedEnd(outcome.trace);
    const progress: number[] = [];
    const sliced = await runSliced(timelineSliced(outcome.trace, end, runNodes(outcome)), {
      sliceMs: 0,
      onProgress: (p) => progress.push(p),
    });
    expect(sliced).toEqual(timelineModel(outcome.trace, end, runNodes(outcome)));
    // A yield every 4,096 items: each event read, then placed, then put in order; a span or an
    // arrow is at least one event read.
    const items = sliced.spans.start.length + sliced.arrows.sent.length;
    expect(items).toBeGreaterThan(4 * 4096);
    expect(progress.length).toBeGreaterThanOrEqual(Math.floor(items / 4096));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)!).toBeLessThanOrEqual(1);
  });
});
