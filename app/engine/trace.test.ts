import type { ArchexModule, Trace } from '#wasm/archex';
import { beforeAll, describe, expect, it } from 'vitest';

import { EngineError, isAbortError } from './engine';
import { EngineHost } from './host';
import { createInProcessEngine, inProcessClient } from './in_process_engine';
import { loadNodeModule } from './node_module';
import type { EngineResponse } from './protocol';
import { PROTOCOL_VERSION } from './protocol';
import { playedEnd, traceBuffers, traceCounts, traceEvents } from './trace';

let module: ArchexModule;
beforeAll(async () => {
  module = await loadNodeModule();
});

const mesh = {
  model: 'network_traffic',
  params: { dims: [4, 4], injection_rate: 0.2 },
  seed: 3,
  point: 0,
  window: { from: 1000, length: 50 },
};

describe('engine.trace()', () => {
  it('records the window of one point and gives its typed columns and parameters', async () => {
    const engine = createInProcessEngine(module);
    const outcome = await engine.trace(mesh);
    expect(outcome.params.dims).toEqual([4, 4]);
    // A trace names a channel by the engine's number, which the description gives each row.
    const ids = outcome.networks[0]!.channels.columns.find((c) => c.name === 'id')!.values;
    const moved0 = outcome.trace.kinds.find((k) => k.name === 'flit_moved')!.fields[2]!.values;
    expect([...ids]).toContain(moved0[0]);
    expect(outcome.trace).toMatchObject({ clock: 'cycle', from: 1000, length: 50, end: 1050 });
    const moved = outcome.trace.kinds.find((k) => k.name === 'flit_moved')!;
    expect(moved.times[0]).toBeGreaterThanOrEqual(1000);
    expect(moved.fields.map((f) => f.name)).toEqual(['packet', 'flit', 'channel', 'vc']);
    expect(moved.fields[0]!.values).toBeInstanceOf(Uint32Array);
    expect(traceCounts(outcome.trace).flit_moved!.events).toBeGreaterThan(100);
    engine.dispose();
  });

  it('rejects a sweep model without a point, naming it, and stops when aborted', async () => {
    const engine = createInProcessEngine(module);
    const { point: _point, ...whole } = mesh;
    const error = await engine.trace(whole).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).param).toBe('point');
    expect((error as EngineError).message).toMatch(/choose a point in \[0, 9\]/);
    const controller = new AbortController();
    const long = engine.trace(
      {
        ...mesh,
        params: { dims: [16, 16], max_cycles: 1_000_000 },
        window: { from: 0, length: 1e6 },
      },
      { signal: controller.signal },
    );
    controller.abort();
    expect(isAbortError(await long.catch((e: unknown) => e))).toBe(true);
    engine.dispose();
  });
});

describe('EngineHost trace', () => {
  it('answers with the trace and transfers its buffers instead of copying them', async () => {
    const sent: { response: EngineResponse; transfer: ArrayBuffer[] | undefined }[] = [];
    const host = new EngineHost(Promise.resolve(module), (response, transfer) => {
      sent.push({ response, transfer });
    });
    host.handle({ v: PROTOCOL_VERSION, type: 'trace', id: 1, ...mesh });
    await expect.poll(() => sent.at(-1)?.response.type, { timeout: 10_000 }).toBe('trace');
    const { response, transfer } = sent.at(-1)!;
    if (response.type !== 'trace') throw new Error('no trace');
    // The trace's buffers, then the point's result and the machine's description (protocol 8).
    expect(transfer!.slice(0, traceBuffers(response.trace).length)).toEqual(
      traceBuffers(response.trace),
    );
    const described = response.networks[0]!;
    expect(described.shape).toBe('mesh');
    expect(described.channels.columns.map((c) => c.name)).toContain('id');
    for (const c of described.channels.columns) expect(transfer).toContain(c.values.buffer);
    expect(response.result.scalars.length).toBeGreaterThan(0);
    expect(transfer!.length).toBe(new Set(transfer).size);
    // Posted with the transfer list, the buffers move: the sender's arrays are left empty.
    const moved = structuredClone(response, { transfer: transfer! });
    expect(response.trace.kinds[0]!.times.byteLength).toBe(0);
    expect(moved.trace.kinds.length).toBeGreaterThan(0);
  });

  it("says the host's memory, so a pool recycles a host a trace grew", async () => {
    const client = inProcessClient(Promise.resolve(module));
    await client.trace(mesh);
    expect(client.memoryBytes).toBe(module.memoryUsed());
    expect(client.memoryBytes).toBeGreaterThan(0);
    client.dispose();
  });
});

describe('playedEnd()', () => {
  it("ends a whole run's trace where the run ended, a window cut from a run at its end", async () => {
    const engine = createInProcessEngine(module);
    const whole = await engine.trace({ ...mesh, window: { from: 0, length: 1e9 } });
    const last = Math.max(...whole.trace.kinds.map((k) => k.times.at(-1) ?? 0));
    expect(playedEnd(whole.trace)).toBeGreaterThanOrEqual(last);
    expect(playedEnd(whole.trace)).toBeLessThan(last + 10);
    // A window the run goes on past ends at the window's end, whenever its last event was.
    const cut = await engine.trace(mesh);
    expect(playedEnd(cut.trace)).toBe(1050);
    engine.dispose();
  });
});

describe('traceEvents()', () => {
  it('lists events in time order, the snapshot first, a case by its name', () => {
    const column = (values: number[]) => Uint8Array.from(values);
    const trace: Trace = {
      clock: 'cycle',
      unit: 'cycles',
      from: 10,
      length: 5,
      end: 15,
      truncated: false,
      runEnd: 20,
      bytes: 0,
      timeline: { lanes: [], messages: [], marks: [], networkMarks: [] },
      nodes: 0,
      kinds: [
        {
          name: 'moved',
          description: '',
          snapshot: false,
          role: '',
          dropped: 0,
          times: Float64Array.from([10, 12]),
          counts: Uint32Array.from([1, 2]),
          fields: [
            {
              name: 'packet',
              labels: [],
              order: false,
              states: [],
              roles: [],
              values: column([1, 2, 3]),
            },
            {
              name: 'why',
              labels: ['a', 'b'],
              order: false,
              states: [],
              roles: [],
              values: column([0, 1, 0]),
            },
          ],
        },
        {
          name: 'held',
          description: '',
          snapshot: true,
          role: '',
          dropped: 0,
          times: Float64Array.from([10]),
          counts: Uint32Array.from([1]),
          fields: [
            {
              name: 'packet',
              labels: [],
              order: false,
              states: [],
              roles: [],
              values: column([9]),
            },
          ],
        },
        {
          name: 'round',
          description: '',
          snapshot: false,
          role: '',
          dropped: 0,
          times: Float64Array.from([12, 12]),
          counts: Uint32Array.from([1, 1]),
          fields: [
            {
              name: 'round',
              labels: [],
              order: true,
              states: [],
              roles: [],
              values: column([0, 0]),
            },
          ],
        },
      ],
    };
    expect(traceEvents(trace)).toEqual([
      { cycle: 10, kind: 'held', packet: 9 },
      { cycle: 10, kind: 'moved', packet: 1, why: 'a' },
      { cycle: 12, kind: 'moved', packet: 2, why: 'b' },
      { cycle: 12, kind: 'moved', packet: 3, why: 'a' },
      { cycle: 12, kind: 'round', round: 0 },
      { cycle: 12, kind: 'round', round: 0 },
    ]);
    expect(traceCounts(trace).moved).toEqual({ events: 3, dropped: 0 });
  });

  it("keeps each event's kind on a real trace whose messages have a kind of their own", async () => {
    const engine = createInProcessEngine(module);
    const { trace } = await engine.trace({
      model: 'multipsi_queens',
      params: { queens: 5 },
      seed: 1,
      point: 1,
      window: { from: 0, length: 1e9 },
    });
    const names = new Set(trace.kinds.map((k) => k.name));
    const events = traceEvents(trace);
    expect(events.some((e) => e.kind === 'message_sent' && e.message === 'throw_goal')).toBe(true);
    expect(events.every((e) => names.has(String(e.kind)))).toBe(true);
    engine.dispose();
  });
});
