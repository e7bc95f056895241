import type { ArchexModule } from '#wasm/archex';
import { beforeAll, describe, expect, it } from 'vitest';

import { EngineError, isAbortError } from './engine';
import { EngineHost } from './host';
import { createInProcessEngine, inProcessClient } from './in_process_engine';
import { loadNodeModule } from './node_module';
import { PoolEngine } from './pool_engine';
import type { EngineResponse } from './protocol';
import { PROTOCOL_VERSION } from './protocol';
import type { RunResult } from './types';
import { findSeries, scalarValue } from './types';

let module: ArchexModule;
beforeAll(async () => {
  module = await loadNodeModule();
});

describe('createInProcessEngine()', () => {
  it('listModels() returns the registry through the protocol', async () => {
    const engine = createInProcessEngine(module);
    const models = await engine.listModels();
    expect(models.map((m) => m.name)).toContain('multipsi_perf');
    engine.dispose();
  });

  it('run() returns the result, the resolved parameters and progress', async () => {
    const engine = createInProcessEngine(module);
    const outcome = await engine.run({ model: 'multipsi_perf', params: { pes: 12 }, seed: 3 });
    expect(outcome.params.pes).toBe(12);
    expect(outcome.params.rel_comm_time).toBe(20);
    expect(scalarValue(outcome.result, 'ideal_rps')).toBe(12 * 1000);
    expect(findSeries(outcome.result, 'perf_vs_overhead').y).toHaveLength(201);

    // Progress: a sweep reports after each point it finishes, so a run of several points is
    // told in steps (fractions that grow and stay within (0, 1], partial results that grow)
    // before its result.
    const seen: { fraction: number; elapsedMs: number; points: number }[] = [];
    const points = (r: RunResult) => r.series.reduce((n, s) => n + s.x.length, 0);
    const swept = await engine.run(
      {
        model: 'jmachine_loop',
        params: { dims: [4, 4], message_words: [2], grain_cycles: [0, 60, 400], max_cycles: 1500 },
        seed: 1,
      },
      {
        onProgress: (p) =>
          seen.push({ fraction: p.fraction, elapsedMs: p.elapsedMs, points: points(p.partial) }),
      },
    );
    expect(seen.filter((s) => s.fraction > 0).length).toBeGreaterThanOrEqual(2);
    for (const s of seen) {
      expect(s.fraction).toBeGreaterThanOrEqual(0);
      expect(s.fraction).toBeLessThanOrEqual(1);
      expect(s.elapsedMs).toBeLessThanOrEqual(swept.elapsedMs);
    }
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.fraction).toBeGreaterThanOrEqual(seen[i - 1]!.fraction);
      expect(seen[i]!.elapsedMs).toBeGreaterThanOrEqual(seen[i - 1]!.elapsedMs);
      expect(seen[i]!.points).toBeGreaterThanOrEqual(seen[i - 1]!.points);
    }
    // Some progress told part of the result, and the last fraction told is the most done.
    expect(seen.some((s) => s.points > 0 && s.points < points(swept.result))).toBe(true);
    expect(seen.at(-1)!.fraction).toBeGreaterThan(seen[0]!.fraction);
    engine.dispose();
  });

  it('run() rejects with an EngineError naming the bad parameter', async () => {
    const engine = createInProcessEngine(module);
    const error = await engine
      .run({ model: 'multipsi_perf', params: { comm_rate: 5 }, seed: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).param).toBe('comm_rate');
    expect((error as EngineError).message).toBe(
      "parameter 'comm_rate' = 5 is out of range; valid range [0, 2] messages/reduction",
    );
    const unknown = await engine.run({ model: 'x', params: {}, seed: 1 }).catch((e: unknown) => e);
    expect((unknown as Error).message).toMatch(/^unknown model 'x'; valid: multipsi_perf, /);
    engine.dispose();
  });

  it('an aborted run rejects with AbortError and leaves nothing pending', async () => {
    const engine = createInProcessEngine(module);
    const pending: number[] = [];
    engine.onPendingChange((n) => pending.push(n));
    const controller = new AbortController();
    const run = engine.run(
      { model: 'multipsi_perf', params: { curve_points: 100001 }, seed: 1 },
      { signal: controller.signal },
    );
    controller.abort();
    const error = await run.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(pending.at(-1)).toBe(0);
    engine.dispose();
  });

  it('onPendingChange() reports the requests already in flight when it subscribes', async () => {
    const engine = createInProcessEngine(module);
    const run = engine.run({ model: 'multipsi_perf', params: {}, seed: 1 });
    const pending: number[] = [];
    engine.onPendingChange((n) => pending.push(n));
    await run;
    expect(pending).toEqual([1, 0]);
    engine.dispose();
  });

  it('gives identical numbers for identical requests', async () => {
    const engine = createInProcessEngine(module);
    const request = { model: 'multipsi_perf', params: { comm_rate: 0.123 }, seed: 5 };
    const [a, b] = await Promise.all([engine.run(request), engine.run(request)]);
    expect(a.result).toEqual(b.result);
    engine.dispose();
  });
});

describe('EngineHost', () => {
  function collect() {
    const responses: EngineResponse[] = [];
    const host = new EngineHost(Promise.resolve(module), (r) => responses.push(r));
    return { host, responses };
  }

  it('stops a run when its cancel arrives and answers cancelled', async () => {
    const { host, responses } = collect();
    host.handle({
      v: PROTOCOL_VERSION,
      type: 'run',
      id: 1,
      model: 'multipsi_perf',
      params: { curve_points: 100001 },
      seed: 1,
    });
    host.handle({ v: PROTOCOL_VERSION, type: 'cancel', id: 2, target: 1 });
    await expect.poll(() => responses.length).toBe(1);
    expect(responses[0]).toEqual({ v: PROTOCOL_VERSION, type: 'cancelled', id: 1 });
  });

  it('streams the result so far with each progress, growing to the final result', async () => {
    const responses: EngineResponse[] = [];
    const host = new EngineHost(Promise.resolve(module), (r) => responses.push(r), 0);
    host.handle({
      v: PROTOCOL_VERSION,
      type: 'run',
      id: 1,
      model: 'multipsi_perf',
      params: { curve_points: 100001 },
      seed: 1,
    });
    await expect.poll(() => responses.at(-1)?.type, { timeout: 10_000 }).toBe('result');
    const lengths = responses.map((r) => {
      if (r.type === 'progress') return findSeries(r.partial, 'perf_vs_overhead').x.length;
      if (r.type === 'result') return findSeries(r.result, 'perf_vs_overhead').x.length;
      return -1;
    });
    expect(lengths.length).toBeGreaterThan(2);
    expect(lengths.at(-1)).toBe(100001);
    for (let i = 1; i < lengths.length; i++) {
      expect(lengths[i]!).toBeGreaterThan(lengths[i - 1]!);
    }
    const final = responses.at(-1);
    const last = responses.at(-2);
    if (final?.type !== 'result' || last?.type !== 'progress') throw new Error('unexpected');
    const partial = findSeries(last.partial, 'perf_vs_overhead');
    expect(findSeries(final.result, 'perf_vs_overhead').y.slice(0, partial.y.length)).toEqual(
      partial.y,
    );
  });

  it('refuses a client of an older protocol in words: what is out of date and what to do', () => {
    const { host, responses } = collect();
    host.handle({ v: PROTOCOL_VERSION - 1, type: 'list-models', id: 9 });
    expect(responses).toEqual([
      {
        v: PROTOCOL_VERSION,
        type: 'error',
        id: 9,
        error: {
          message:
            `This page speaks engine protocol ${PROTOCOL_VERSION - 1} and the engine speaks ` +
            `${PROTOCOL_VERSION}: the page is out of date. Reload the page (a cached copy may ` +
            'need a hard reload) so that both come from the same version of archex.',
          kind: 'input',
        },
      },
    ]);
    host.handle({ v: PROTOCOL_VERSION + 1, type: 'list-models', id: 10 });
    expect(responses[1]).toMatchObject({
      type: 'error',
      error: { message: expect.stringMatching(/the engine is out of date/) },
    });
  });

  it('moves the networks of a result as typed arrays, every buffer in the transfer list', async () => {
    const sent: { response: EngineResponse; transfer: ArrayBuffer[] }[] = [];
    const host = new EngineHost(Promise.resolve(module), (response, transfer) =>
      sent.push({ response, transfer }),
    );
    host.handle({
      v: PROTOCOL_VERSION,
      type: 'run',
      id: 1,
      model: 'network_traffic',
      params: { dims: [4, 4], sweep_rates: [0.1], warmup_cycles: 200, max_cycles: 1000 },
      seed: 1,
    });
    await expect.poll(() => sent.at(-1)?.response.type, { timeout: 20_000 }).toBe('result');
    const { response, transfer } = sent.at(-1)!;
    if (response.type !== 'result') throw new Error('unexpected');
    const network = response.result.networks.find((n) => n.name === 'channel_util');
    const columns = network?.channels.columns ?? [];
    expect(columns.map((c) => c.name)).toEqual([
      'id',
      'router',
      'port',
      'to_router',
      'to_port',
      'to_terminal',
      'direction',
      'wrap',
      'utilization',
      'occupancy',
      'model_utilization',
    ]);
    for (const c of columns) {
      expect(c.values).toBeInstanceOf(c.type === 'int32' ? Int32Array : Float64Array);
      expect(transfer).toContain(c.values.buffer);
    }
    // Moved, not copied: the sender's arrays are empty once posted.
    const copy = structuredClone(response, { transfer });
    expect(columns[0]!.values.length).toBe(0);
    if (copy.type !== 'result') throw new Error('unexpected');
    expect(copy.result.networks[0]!.channels.columns[0]!.values.length).toBeGreaterThan(0);
  });

  it('reports a module that failed to load as an error per request', async () => {
    const responses: EngineResponse[] = [];
    const host = new EngineHost(Promise.reject(new Error('no wasm')), (r) => responses.push(r));
    host.handle({ v: PROTOCOL_VERSION, type: 'list-models', id: 4 });
    await expect.poll(() => responses.length).toBe(1);
    expect(responses[0]).toMatchObject({ type: 'error', id: 4, error: { message: 'no wasm' } });
  });

  /** A module whose simulations fail while running by throwing `thrown`, as wasm would. */
  function failing(thrown: unknown): Promise<ArchexModule> {
    const sim = {
      error: () => null,
      advance: () => {
        throw thrown;
      },
      delete: () => undefined,
    };
    return Promise.resolve({
      listModels: () => [],
      Simulation: function () {
        return sim;
      },
    } as unknown as ArchexModule);
  }

  const run = { v: PROTOCOL_VERSION, type: 'run', id: 1, model: 'm', params: {}, seed: 1 } as const;

  it.each([
    [
      new WebAssembly.RuntimeError('unreachable'),
      /^The engine stopped on an internal error \(unreachable\): a fault in archex, not in your parameters\. The engine restarts/,
    ],
    [
      new WebAssembly.RuntimeError('Aborted(OOM)'),
      /^The engine stopped on an internal error \(Aborted\(OOM\)\)/,
    ],
    [
      500960640,
      /^The engine failed with an error it did not name \(a C\+\+ exception that escaped the bindings\): a fault in archex\. The engine restarts/,
    ],
    [new RangeError('Maximum call stack size exceeded'), /^The engine ran out of stack/],
  ])(
    'says a trap or a bare number (%s) in words, asks to be replaced and stays broken',
    async (thrown, words) => {
      const responses: EngineResponse[] = [];
      const host = new EngineHost(failing(thrown), (r) => responses.push(r));
      host.handle(run);
      await expect.poll(() => responses.length).toBe(1);
      const [answer] = responses;
      if (answer?.type !== 'error') throw new Error(`answered ${answer?.type}`);
      expect(answer.error.message).toMatch(words);
      expect(answer.error.message).not.toMatch(/^\d+$/);
      expect(answer.error.restart).toBe(true);
      // The module is not used again: the next request gets the same words at once.
      host.handle({ ...run, id: 2 });
      expect(responses[1]).toMatchObject({ type: 'error', id: 2, error: answer.error });
    },
  );
});

describe('a run that runs out of memory', () => {
  it('rejects with what filled the memory, and the pool runs the next one on a fresh host', async () => {
    const capped = loadNodeModule(64);
    const opened: number[] = [];
    const pool = new PoolEngine((i) => {
      opened.push(i);
      return inProcessClient(capped);
    }, 1);
    // Load 1 on a 32x32 mesh that accepts 0.125, one point: packets pile up at the sources.
    const params = {
      dims: [32, 32],
      packet_flits: 1,
      injection_rate: 1,
      sweep_rates: [0.1],
      warmup_cycles: 100_000,
    };
    const error = await pool
      .run({ model: 'network_traffic', params, seed: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).kind).toBe('memory');
    expect((error as EngineError).message).toMatch(
      /^Out of memory while running\. [\d,]+ packets \([\d,]+ per node\) were waiting at the sources of the 1,024 nodes/,
    );
    const next = await pool.run({ model: 'multipsi_perf', params: {}, seed: 1 });
    expect(scalarValue(next.result, 'ideal_rps')).toBe(6000);
    // The host that ran out was shut down and a new one opened in its place.
    expect(opened).toEqual([0, 0]);
    pool.dispose();
  });
});
