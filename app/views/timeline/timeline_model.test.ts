import type { ArchexModule } from '#wasm/archex';
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../../engine/in_process_engine';
import { loadNodeModule } from '../../engine/node_module';
import { playedEnd } from '../../engine/trace';
import type { TraceOutcome } from '../../engine/trace';
import { spanAt, stateShares, timelineModel } from './timeline_model';

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

describe('timelineModel() of a J-Machine program', () => {
  it("tiles each node's time and its busy share equals the run's work-rate stack", async () => {
    // LCS on 8 nodes, the breakdown machine: the run's own work rates come with it.
    const outcome = await whole(
      'jmachine_programs',
      { programs: [1], nodes: [1, 8], breakdown_nodes: 8 },
      1,
    );
    const { model, busy } = busyShares(outcome);
    expect(model.lanes).toHaveLength(8);
    expectTiled(model);
    const rates = outcome.result.series.find((s) => s.name === 'work_rates_lcs')!;
    expect(rates.y).toHaveLength(8);
    busy.forEach((b, n) => expect(b).toBeCloseTo(rates.y[n]!, 6));
    // Every arrow pairs a send with its receive, which comes later, on the node it was sent to.
    expect(model.arrows.from.length).toBeGreaterThan(0);
    for (let i = 0; i < model.arrows.from.length; i++) {
      expect(model.arrows.received[i]).toBeGreaterThanOrEqual(model.arrows.sent[i]!);
    }
    // The span under a time is the one that holds it.
    const t = (model.from + model.end) / 2;
    const at = spanAt(model, 3, t);
    expect(model.spans.start[at]!).toBeLessThanOrEqual(t);
    expect(model.spans.end[at]!).toBeGreaterThan(t);
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
    const { from, to } = model.arrows;
    expect(from.length).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < from.length; i++) {
      expect(model.lanes[from[i]!]!.node).not.toBe(model.lanes[to[i]!]!.node);
    }
  });
});
