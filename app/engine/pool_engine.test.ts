import type { ArchexModule } from '#wasm/archex';
import { beforeAll, describe, expect, it } from 'vitest';

import type { EngineClient, Port } from './client';
import { EngineClient as Client } from './client';
import { EngineHost } from './host';
import { EngineError, isAbortError } from './engine';
import { createInProcessEngine, inProcessClient } from './in_process_engine';
import { loadNodeModule } from './node_module';
import { PoolEngine } from './pool_engine';
import type { EngineRequest, EngineResponse } from './protocol';
import { PROTOCOL_VERSION } from './protocol';
import type { Params, RunResult } from './types';

/** A client of one in-process host whose every request `seen` logs as the host receives it. */
function watchedClient(seen: EngineRequest[]): EngineClient {
  return watchedHost(seen).client;
}

function watchedHost(seen: EngineRequest[]): { client: EngineClient; host: EngineHost } {
  let handler: ((response: EngineResponse) => void) | undefined;
  const host = new EngineHost(Promise.resolve(module), (response, transfer) => {
    const copy = structuredClone(response, { transfer });
    queueMicrotask(() => handler?.(copy));
  });
  const port: Port = {
    post: (request) => {
      const copy = structuredClone(request);
      seen.push(copy);
      queueMicrotask(() => host.handle(copy));
    },
    listen: (h) => {
      handler = h;
    },
    close: () => {},
  };
  return { client: new Client(port), host };
}

let module: ArchexModule;
beforeAll(async () => {
  module = await loadNodeModule();
});

const loop: Params = {
  dims: [4, 4],
  message_words: [2, 8],
  grain_cycles: [0, 20, 60, 150, 400],
  max_cycles: 1500,
};

/** The whole run in one Simulation, as the engine gives it without any protocol. */
function direct(model: string, params: Params, seed: number): RunResult {
  const sim = new module.Simulation(model, params, seed);
  sim.advance(Number.MAX_SAFE_INTEGER);
  const raw = sim.result();
  sim.delete();
  return {
    networks: raw.networks,
    timelines: raw.timelines,
    scalars: raw.scalars.map((s) => ({ ...s })),
    series: raw.series.map((s) => ({ ...s, x: Array.from(s.x), y: Array.from(s.y) })),
  };
}

/**
 * A pool of `size` in-process hosts, each answer of host i logged in answers[i]; clients[i] is
 * the pool's own client of host i.
 */
function observedPool(size: number, idleMs?: number) {
  const answers: EngineResponse[][] = [];
  const clients: EngineClient[] = [];
  const pool = new PoolEngine(
    (i) => {
      answers[i] = [];
      clients[i] = inProcessClient(Promise.resolve(module), (r) => answers[i]!.push(r));
      return clients[i];
    },
    size,
    idleMs,
  );
  return { pool, answers, clients };
}

describe('PoolEngine', () => {
  it.each([
    ['jmachine_loop', loop],
    ['multipsi_queens', { pes: 4, depths: [1, 2, 3] }],
    ['network_traffic', { dims: [4, 4], sweep_rates: [0.05, 0.2, 0.35], max_cycles: 2000 }],
  ] as [string, Params][])(
    'run(%s) gives the same bits on 1 and 3 hosts as the whole run in one Simulation',
    async (model, params) => {
      const expected = direct(model, params, 11);
      for (const hosts of [1, 3]) {
        const engine = createInProcessEngine(module, hosts);
        const outcome = await engine.run({ model, params, seed: 11 });
        expect(outcome.result, `${hosts} hosts`).toStrictEqual(expected);
        engine.dispose();
      }
    },
  );

  it('spreads the points over every host and combines them on the first', async () => {
    const { pool, answers } = observedPool(3);
    await pool.run({ model: 'jmachine_loop', params: loop, seed: 1 });
    const results = answers.map((a) => a.filter((r) => r.type === 'result').length);
    // 10 points over 3 hosts; the first also answers the combines.
    expect(answers).toHaveLength(3);
    for (const n of results) expect(n).toBeGreaterThan(0);
    pool.dispose();
  });

  it("times a point from when its host began it, not counting the host's own start", async () => {
    // The second host's engine loads 2 s late, as a new worker's compiles.
    const late = new Promise<ArchexModule>((resolve) => setTimeout(() => resolve(module), 2000));
    const answers: EngineResponse[] = [];
    const pool = new PoolEngine(
      (i) => inProcessClient(i === 0 ? Promise.resolve(module) : late, (r) => answers.push(r)),
      2,
    );
    const params = { dims: [4, 4], sweep_rates: [0.05, 0.1, 0.15, 0.2, 0.25], max_cycles: 1000 };
    const done = new Map<number, number>();
    await pool.run(
      { model: 'network_traffic', params, seed: 3 },
      { onProgress: (p) => p.sweep?.done.forEach((d) => done.set(d.point!, d.ms)) },
    );
    pool.dispose();
    const hostTimes = answers.flatMap((r) => (r.type === 'result' ? [r.elapsedMs] : []));
    // The point the late host ran waited for it; its time is the host's, a point's few ms.
    expect(Math.max(...hostTimes)).toBeLessThan(1000);
    expect(done.size).toBeGreaterThan(0);
    for (const ms of done.values()) expect(hostTimes).toContain(ms);
  });

  it('draws the points combined so far as they arrive, then the whole result', async () => {
    const engine = createInProcessEngine(module, 2);
    const seen: { fraction: number; points: number }[] = [];
    const count = (r: RunResult) => r.series.reduce((n, s) => n + s.x.length, 0);
    const outcome = await engine.run(
      { model: 'jmachine_loop', params: loop, seed: 2 },
      { onProgress: (p) => seen.push({ fraction: p.fraction, points: count(p.partial) }) },
    );
    // Two series (latency, efficiency) per message length: 2 x 2 x 5 points in all.
    expect(count(outcome.result)).toBe(20);
    expect(seen.some((s) => s.points > 0 && s.points < 20)).toBe(true);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.points).toBeGreaterThanOrEqual(seen[i - 1]!.points);
      expect(seen[i]!.fraction).toBeGreaterThanOrEqual(seen[i - 1]!.fraction);
    }
    expect(seen.at(-1)!.fraction).toBeLessThanOrEqual(1);
    engine.dispose();
  });

  it('an abort cancels the running point on every host', async () => {
    const { pool, answers, clients } = observedPool(3);
    const controller = new AbortController();
    const pending: number[] = [];
    pool.onPendingChange((n) => pending.push(n));
    // Busy networks (grains near 0) measured to a tight confidence: each point steps its routers
    // for about 100,000 cycles, so every host is inside one. (Long grains no longer do: the
    // machine jumps over the cycles in which every node only computes.)
    const long = {
      ...loop,
      dims: [8, 8],
      message_words: [8],
      grain_cycles: [0, 1, 2, 3, 4, 5],
      confidence_percent: 0.5,
      max_cycles: 1e6,
    };
    const run = pool.run(
      { model: 'jmachine_loop', params: long, seed: 1 },
      { signal: controller.signal },
    );
    // Every host has reported progress on a point of its own.
    await expect
      .poll(
        () => answers.length === 3 && answers.every((a) => a.some((r) => r.type === 'progress')),
        { timeout: 20_000 },
      )
      .toBe(true);
    controller.abort();
    expect(isAbortError(await run.catch((e: unknown) => e))).toBe(true);
    await expect
      .poll(() => answers.map((a) => a.filter((r) => r.type === 'cancelled').length), {
        timeout: 10_000,
      })
      .toEqual([1, 1, 1]);
    // Nothing after the cancel: no host goes on to another point. Each host answers in order, so
    // once it has answered a question asked now, whatever it was sent before has been answered.
    await Promise.all(clients.map((client) => client.listModels()));
    for (const a of answers)
      expect(a.slice(-2).map((r) => r.type)).toEqual(['cancelled', 'models']);
    expect(pending.at(-1)).toBe(0);
    pool.dispose();
  });

  it('gives a request it ran before from what it kept, running no point again', async () => {
    const { pool, answers } = observedPool(2);
    const request = { model: 'jmachine_loop', params: loop, seed: 4 };
    const first = await pool.run(request);
    const ran = answers.map((a) => a.length);
    const again = await pool.run(request);
    expect(again.result).toStrictEqual(first.result);
    expect(again.params).toStrictEqual(first.params);
    // Only the lead answered: the plan and the combine, no point's progress or result.
    expect(answers[1]!.length).toBe(ran[1]);
    const lead = answers[0]!.slice(ran[0]);
    expect(lead.filter((r) => r.type === 'progress')).toHaveLength(0);
    // Another seed is another request: its points run.
    await pool.run({ ...request, seed: 5 });
    expect(answers[1]!.length).toBeGreaterThan(ran[1]!);
    // A model that is no sweep, whole.
    const whole = { model: 'multipsi_perf', params: {}, seed: 1 };
    const once = await pool.run(whole);
    const before = answers[0]!.length;
    expect((await pool.run(whole)).result).toStrictEqual(once.result);
    expect(answers[0]!.slice(before).filter((r) => r.type === 'result')).toHaveLength(0);
    pool.dispose();
  });

  it('keeps the points a cancelled run finished: run again, only the others run', async () => {
    const counted = new Map<number, number>();
    const pool = new PoolEngine(() => {
      const client = inProcessClient(Promise.resolve(module));
      const runPoint = client.runPoint.bind(client);
      client.runPoint = (request, point, options) => {
        counted.set(point, (counted.get(point) ?? 0) + 1);
        return runPoint(request, point, options);
      };
      return client;
    }, 1);
    const request = { model: 'jmachine_loop', params: loop, seed: 6 };
    const controller = new AbortController();
    let points = 0;
    const run = pool.run(request, {
      signal: controller.signal,
      onProgress: () => {
        points = counted.size;
        // Cancelled once three points have run, inside a later one.
        if (points > 3) controller.abort();
      },
    });
    expect(isAbortError(await run.catch((e: unknown) => e))).toBe(true);
    const finished = [...counted.keys()].slice(0, 3);
    const outcome = await pool.run(request);
    expect(outcome.result).toStrictEqual(direct('jmachine_loop', loop, 6));
    // Each of the 10 points ran once, the one cancelled twice.
    for (const point of finished) expect(counted.get(point)).toBe(1);
    expect([...counted.values()].reduce((a, b) => a + b, 0)).toBe(11);
    pool.dispose();
  });

  it('runs only the points a grown list adds where the model keys its points, with the same bits', async () => {
    const ran: { sizes: string; point: number }[] = [];
    const pool = new PoolEngine(() => {
      const client = inProcessClient(Promise.resolve(module));
      const runPoint = client.runPoint.bind(client);
      client.runPoint = (request, point, options) => {
        ran.push({ sizes: String(request.params['nodes']), point });
        return runPoint(request, point, options);
      };
      return client;
    }, 2);
    const programs: Params = {
      programs: [2, 4],
      breakdown_nodes: 1,
      tsp_runs: 2,
      radix_keys: 2048,
      tsp_cities: 8,
    };
    const first = { model: 'jmachine_programs', params: { ...programs, nodes: [1, 4] }, seed: 3 };
    await pool.run(first);
    expect(ran).toHaveLength(6);
    // 16 nodes added: radix's run and TSP's two, at new indices among the old ones.
    const grown = { ...first, params: { ...programs, nodes: [1, 4, 16] } };
    const outcome = await pool.run(grown);
    expect(ran.slice(6)).toEqual([2, 7, 8].map((point) => ({ sizes: '1,4,16', point })));
    expect(outcome.result).toStrictEqual(direct('jmachine_programs', grown.params, 3));
    // A model whose points have no keys is known by its request: another list runs every point.
    const before = ran.length;
    await pool.run({ model: 'jmachine_loop', params: loop, seed: 3 });
    await pool.run({ model: 'jmachine_loop', params: { ...loop, grain_cycles: [0, 20] }, seed: 3 });
    expect(ran.length - before).toBe(10 + 4);
    pool.dispose();
  });

  it('runs a model that is no sweep whole on the first host and shuts idle hosts down', async () => {
    const { pool } = observedPool(3, 20);
    await pool.run({ model: 'multipsi_perf', params: {}, seed: 1 });
    expect(pool.started).toBe(1);
    await pool.run({ model: 'jmachine_loop', params: loop, seed: 1 });
    expect(pool.started).toBe(3);
    await expect.poll(() => pool.started, { timeout: 10_000 }).toBe(1);
    pool.dispose();
    expect(pool.started).toBe(0);
  });

  it('rejects bad parameters before any point runs, naming the parameter', async () => {
    const { pool, answers } = observedPool(3);
    const error = await pool
      .run({ model: 'jmachine_loop', params: { max_cycles: 1 }, seed: 1 })
      .catch((e: unknown) => e);
    expect((error as { param?: string }).param).toBe('max_cycles');
    expect(answers).toHaveLength(1);
    pool.dispose();
  });

  it('a host that dies mid-sweep fails the run saying what died and where; the next run works', async () => {
    const clients: EngineClient[] = [];
    const answers: EngineResponse[][] = [];
    const pool = new PoolEngine((i) => {
      const seen: EngineResponse[] = [];
      answers.push(seen);
      const client = inProcessClient(Promise.resolve(module), (r) => seen.push(r));
      clients[i] = client;
      return client;
    }, 2);
    const long = { ...loop, dims: [8, 8], confidence_percent: 0.5, max_cycles: 1e6 };
    const run = pool.run({ model: 'jmachine_loop', params: long, seed: 1 });
    // The second host is inside a point when it dies, as a killed worker would, without a word.
    await expect
      .poll(() => answers[1]?.some((r) => r.type === 'progress') ?? false, { timeout: 20_000 })
      .toBe(true);
    const second = clients[1]!;
    second.fail("The engine's worker 2 stopped without a word.");
    const error = await run.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).kind).toBe('crash');
    expect((error as EngineError).message).toMatch(
      /^The engine's worker 2 stopped without a word\. It was running point \d+ of the 10 of its sweep\. A fresh one takes its place for the next run; if it stops again, try a smaller run \(fewer nodes, loads or points\)\.$/,
    );
    // The next run spreads over the first host and a fresh second one, with the same bits.
    const next = await pool.run({ model: 'jmachine_loop', params: loop, seed: 3 });
    expect(next.result).toStrictEqual(direct('jmachine_loop', loop, 3));
    expect(clients[1]).not.toBe(second);
    expect(answers).toHaveLength(3);
    pool.dispose();
  });

  it('replaces a host whose memory grew past its size once idle, and keeps a small one', async () => {
    const own = await loadNodeModule();
    const opened: number[] = [];
    const open = (i: number) => {
      opened.push(i);
      return inProcessClient(Promise.resolve(own));
    };
    const fresh = own.memoryUsed();
    const pool = new PoolEngine(open, 1, undefined, fresh + 2 ** 20);
    await pool.run({ model: 'multipsi_perf', params: {}, seed: 1 });
    expect(pool.started).toBe(1);
    // A 32x32x16 mesh's 16,384 nodes take about 16 MB more, at a load light enough to be quick.
    const big = {
      dims: [32, 32, 16],
      injection_rate: 0.005,
      sweep_rates: [0.01],
      warmup_cycles: 0,
      max_cycles: 1000,
    };
    await pool.run({ model: 'network_traffic', params: big, seed: 1 });
    expect(own.memoryUsed()).toBeGreaterThan(fresh + 2 ** 20);
    expect(pool.started).toBe(0);
    await pool.run({ model: 'multipsi_perf', params: {}, seed: 1 });
    expect(opened).toEqual([0, 0]);
    pool.dispose();
  });

  it('sends each finished point to the combining host once, however often it combines', async () => {
    const seen: EngineRequest[] = [];
    const pool = new PoolEngine(
      (i) => (i === 0 ? watchedClient(seen) : inProcessClient(Promise.resolve(module))),
      3,
      undefined,
      undefined,
      null,
    );
    const outcome = await pool.run(
      { model: 'jmachine_loop', params: loop, seed: 5 },
      { onProgress: () => {} },
    );
    pool.dispose();
    expect(outcome.result).toStrictEqual(direct('jmachine_loop', loop, 5));
    const combines = seen.flatMap((r) => (r.type === 'combine' ? [r] : []));
    // The empty first one, one or more as points came, and the last.
    expect(combines.length).toBeGreaterThan(2);
    const sent = combines.flatMap((r) => r.partials.map((p) => p.point));
    expect(sent.sort((a, b) => a - b)).toEqual([...Array(10).keys()]);
    expect(combines.at(-1)!.close).toBe(true);
  });

  it('frees the points its combining host keeps when a sweep is cancelled', async () => {
    const seen: EngineRequest[] = [];
    const pool = new PoolEngine(() => watchedClient(seen), 1, undefined, undefined, null);
    const controller = new AbortController();
    const run = pool.run(
      { model: 'jmachine_loop', params: loop, seed: 7 },
      { signal: controller.signal, onProgress: () => controller.abort() },
    );
    expect(isAbortError(await run.catch((e: unknown) => e))).toBe(true);
    const sweeps = seen.flatMap((r) => (r.type === 'combine' ? [r.sweep] : []));
    expect(sweeps.length).toBeGreaterThan(0);
    const closed = seen.flatMap((r) => (r.type === 'close-sweep' ? [r.sweep] : []));
    expect(closed).toEqual([sweeps[0]]);
    pool.dispose();
  });

  it('a disposed host keeps no sweep: a combine that counts on its points is refused', async () => {
    const answers = new Map<number, (response: EngineResponse) => void>();
    const host = new EngineHost(Promise.resolve(module), (r) => answers.get(r.id)?.(r));
    const request = { model: 'jmachine_loop', params: loop, seed: 6 };
    const client = inProcessClient(Promise.resolve(module));
    const { result } = await client.runPoint(request, 0);
    client.dispose();
    let id = 0;
    const combine = (held: number, partials: { point: number; result: RunResult }[]) =>
      new Promise<EngineResponse>((resolve) => {
        answers.set(++id, resolve);
        host.handle({
          v: PROTOCOL_VERSION,
          type: 'combine',
          id,
          ...request,
          partials,
          sweep: 1,
          held,
        });
      });
    expect((await combine(0, [{ point: 0, result }])).type).toBe('result');
    expect((await combine(1, [])).type).toBe('result');
    host.dispose();
    expect(await combine(1, [])).toMatchObject({
      type: 'error',
      error: {
        kind: 'input',
        message: "This engine holds 0 of the sweep's points, not 1: send them all.",
      },
    });
  });

  it("a host that lost a sweep's points says so, and is sent them all again", async () => {
    const seen: EngineRequest[] = [];
    const { client, host } = watchedHost(seen);
    const request = { model: 'jmachine_loop', params: loop, seed: 6 };
    const partials = [];
    for (const point of [0, 1, 2]) {
      const { result } = await client.runPoint(request, point);
      partials.push({ point, result });
    }
    const combiner = client.sweepCombiner(request);
    await combiner.combine(partials.slice(0, 2));
    const first = seen.at(-1) as Extract<EngineRequest, { type: 'combine' }>;
    // The host forgets the sweep, as a host that restarted would not know it.
    host.handle({ v: PROTOCOL_VERSION, type: 'close-sweep', id: 1000, sweep: first.sweep! });
    seen.length = 0;
    const result = await combiner.combine(partials);
    const sent = seen.map((r) => (r.type === 'combine' ? [r.held, r.partials.length] : []));
    expect(sent).toEqual([
      [2, 1],
      [0, 3],
    ]);
    expect(result).toStrictEqual(await client.combine(request, partials));
    client.dispose();
  });
});
