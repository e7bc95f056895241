import type { ArchexModule } from '#wasm/archex';
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../../engine/in_process_engine';
import { loadNodeModule } from '../../engine/node_module';
import type { TraceOutcome } from '../../engine/trace';
import { playedEnd } from '../../engine/trace';
import type { GoalModel } from './goal_model';
import { goalHistory, goalModel, momentAt } from './goal_model';

let module: ArchexModule;
beforeAll(async () => {
  module = await loadNodeModule();
});

/**
 * Program 1's run of `queens` queens on `pes` PEs at depth 1, traced whole. With one depth the
 * sweep's runs go by PEs, 1 to `pes`: the run is its last point, and the one it reports.
 */
function request(queens: number, pes: number) {
  return { model: 'multipsi_queens', params: { queens, pes, depths: [1], depth: 1 }, seed: 1 };
}

async function whole(queens: number, pes: number): Promise<TraceOutcome> {
  const engine = createInProcessEngine(module);
  const outcome = await engine.trace({
    ...request(queens, pes),
    point: pes - 1,
    window: { from: 0, length: 1e9 },
  });
  engine.dispose();
  return outcome;
}

/** The sweep's result: its scalars are its selected run's, the traced one. */
async function sweep(queens: number, pes: number) {
  const engine = createInProcessEngine(module);
  const { result } = await engine.run(request(queens, pes));
  engine.dispose();
  return (name: string) => result.scalars.find((s) => s.name === name)!.value;
}

describe('goalModel()', () => {
  it('reads each kind by the role the trace declares, and the PEs the trace says it ran on', async () => {
    const outcome = await whole(6, 3);
    expect(outcome.trace.nodes).toBe(3);
    const renamed = {
      ...outcome.trace,
      kinds: outcome.trace.kinds.map((k) => ({ ...k, name: `recorded_${k.name}` })),
    };
    const model = goalModel(outcome.trace, playedEnd(outcome.trace), outcome.trace.nodes);
    expect(momentAt(model, model.end).reduced).toBeGreaterThan(0);
    expect(goalModel(renamed, playedEnd(renamed), outcome.trace.nodes)).toEqual(model);
  });

  it('reads the message kinds by the roles the trace declares, whatever their labels', async () => {
    const outcome = await whole(6, 3);
    // The same trace with the message kinds named otherwise (another machine's words).
    const relabelled = {
      ...outcome.trace,
      kinds: outcome.trace.kinds.map((k) => ({
        ...k,
        fields: k.fields.map((f) =>
          f.name === 'message' ? { ...f, labels: f.labels.map((_l, i) => `kind ${i}`) } : f,
        ),
      })),
    };
    const end = playedEnd(outcome.trace);
    const model = goalModel(outcome.trace, end, 3);
    const other = goalModel(relabelled, end, 3);
    const what = (m: GoalModel) => m.messages.map(({ kind: _kind, ...rest }) => rest);
    expect(what(other)).toEqual(what(model));
    expect(other.messages.filter((m) => m.throws).length).toBe(momentAt(model, end).thrown);
    expect(other.messages.some((m) => m.wakes)).toBe(true);
    expect(other.resumingKind).toBe('kind 2');
    // What the view shows of a moment is the same, the kinds' counts under their new names.
    const mid = (model.from + end) / 2;
    const { messagesByKind: _a, inFlight: inFlightA, ...restA } = momentAt(model, mid);
    const { messagesByKind: _b, inFlight: inFlightB, ...restB } = momentAt(other, mid);
    expect(restB).toEqual(restA);
    expect(inFlightB.map((m) => m.throws)).toEqual(inFlightA.map((m) => m.throws));
  });

  for (const [queens, pes] of [
    [6, 3],
    [8, 5],
  ] as const) {
    it(`counts what the run counts (${queens} queens, ${pes} PEs)`, async () => {
      const outcome = await whole(queens, pes);
      const scalar = await sweep(queens, pes);
      const model = goalModel(outcome.trace, playedEnd(outcome.trace), pes);
      const end = momentAt(model, model.end);
      expect(end.reduced).toBe(scalar('reductions'));
      expect(end.suspendedSoFar).toBe(scalar('suspensions'));
      // Every goal thrown leaves as a throw_goal message; every suspension asks with a read_value.
      expect(end.messagesByKind.throw_goal).toBe(end.thrown);
      expect(end.messagesByKind.read_value).toBe(end.suspendedSoFar);
      expect(end.thrown).toBeGreaterThan(0);
      // At the end nothing is on its way and nothing waits.
      expect(end.inFlight).toEqual([]);
      expect(end.suspended).toEqual([]);
    });
  }

  it('gives each PE the ready depth of its last change, at any time, either way', async () => {
    const outcome = await whole(6, 3);
    const model = goalModel(outcome.trace, playedEnd(outcome.trace), 3);
    const raw = outcome.trace.kinds.find((k) => k.name === 'ready_depth')!;
    const [node, depth] = [raw.fields[0]!.values, raw.fields[1]!.values];
    const times: number[] = [];
    raw.times.forEach((t, run) => {
      for (let n = 0; n < raw.counts[run]!; n++) times.push(t);
    });
    const probes = [0.1, 0.25, 0.5, 0.75, 0.9].map(
      (q) => model.from + q * (model.end - model.from),
    );
    const forwards = probes.map((t) => momentAt(model, t));
    const backwards = [...probes]
      .reverse()
      .map((t) => momentAt(model, t))
      .reverse();
    expect(backwards).toEqual(forwards);
    probes.forEach((t, i) => {
      for (let pe = 0; pe < 3; pe++) {
        let expected = 0;
        times.forEach((time, j) => {
          if (time <= t && node[j] === pe) expected = depth[j]!;
        });
        expect(forwards[i]!.ready[pe], `PE ${pe} at ${t}`).toBe(expected);
      }
    });
  });

  it('draws a thrown goal exactly while it is on its way, and says its history', async () => {
    const outcome = await whole(6, 3);
    const model = goalModel(outcome.trace, playedEnd(outcome.trace), 3);
    const throw0 = model.messages.find((m) => m.throws)!;
    expect(throw0.kind).toBe('throw_goal');
    expect(momentAt(model, throw0.start).inFlight).toContain(throw0);
    expect(momentAt(model, (throw0.start + throw0.end) / 2).inFlight).toContain(throw0);
    expect(momentAt(model, throw0.end).inFlight).not.toContain(throw0);
    const history = goalHistory(model, throw0.goal, 'ms').map((l) => l.text);
    expect(history[0]).toMatch(/spawned by goal \d+ on PE \d and thrown to PE \d/);
    expect(history.some((l) => l.includes(`arrives on PE ${throw0.to}`))).toBe(true);
    expect(history.some((l) => l.includes('reduced on PE'))).toBe(true);
  });
});
