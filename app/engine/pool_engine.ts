import type { EngineClient, SweepPlan } from './client';
import type { Engine, RunOptions, RunOutcome } from './engine';
import { EngineError } from './engine';
import type { PointPartial } from './protocol';
import type { TraceOutcome, TraceRunRequest } from './trace';
import type { ModelInfo, NetworkMap, Params, RunRequest, RunResult } from './types';
import type { PointProgress, SweepState } from './time_left';
import { ownError } from './time_left';
import { ResultCache, requestKey, resultNumbers } from './result_cache';

/** Progress, with the points combined so far, at most this often (and at each new point). */
const PROGRESS_INTERVAL_MS = 100;
/** A worker beyond the first that had nothing to do for this long is shut down. */
const IDLE_MS = 10_000;
/**
 * A host whose memory grew past this (wasm memory never shrinks) is replaced once the pool is
 * idle, so a long visit does not hold the peak of one large run. A fresh one takes about 16 MB.
 */
export const RECYCLE_MB = 256;

/** The most threads a pool may run: the CLI's --jobs, the library's `threads`. */
export const MAX_JOBS = 256;

/** A shard's run: some of a sweep's points, each given as it finishes. */
export interface ShardOptions extends RunOptions {
  /** Points of the shard already run (a resumed shard's file holds them): not run again. */
  skip?: ReadonlySet<number>;
  /** The sweep's plan, before any point runs; a throw here stops the shard. */
  onPlan?: (plan: { points: number; params: Params }) => void;
  /** Each point's partial as soon as it finishes (in the order they finish). */
  onPoint?: (partial: PointPartial) => void;
}

/** A host that died without a word, in words: what died, what it ran, and what now. */
function crashed(error: unknown, running: string): unknown {
  if (!(error instanceof EngineError) || error.kind !== 'crash') return error;
  return new EngineError({
    message:
      `${error.message} It was running ${running}. A fresh one takes its place for the next ` +
      'run; if it stops again, try a smaller run (fewer nodes, loads or points).',
    kind: 'crash',
  });
}

const EMPTY: RunResult = { scalars: [], series: [], networks: [], timelines: [] };

/** A whole run's result and parameters, or one sweep point's partial (no parameters of its own). */
type Kept = { result: RunResult; params?: Params };

/** The pool's cache of runs and points, sized by the numbers they hold. */
export function outcomeCache(budget?: number): ResultCache<Kept> {
  return new ResultCache<Kept>((kept) => resultNumbers(kept.result), budget);
}

/**
 * The Engine over a pool of engine hosts (workers, worker threads, or in-process hosts). A sweep
 * model's points are independent, so they are spread over the pool: each host runs one point at a
 * time, the next free one takes the next point in the sweep's order, and the first host combines
 * the partials that have come (for progress) and all of them (for the result). Each point's random
 * stream depends only on the seed and the point (its index, or what the model numbers it by), so
 * any pool size gives the same bits. Any other model runs whole on the first host. Runs and points
 * already computed are kept (`cache`) and given again, not run again, when the same request (or,
 * for a point the model keys, the same key) comes back.
 */
export class PoolEngine implements Engine {
  private readonly lanes: (EngineClient | null)[];
  private readonly idle = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly listeners = new Set<(pending: number) => void>();
  private pending = 0;
  private disposed = false;

  /**
   * `open` starts host `index`; the pool holds at most `size` (at least 1) of them. A host whose
   * memory grew past `recycleBytes` is replaced once nothing runs.
   */
  constructor(
    private readonly open: (index: number) => EngineClient,
    size: number,
    private readonly idleMs = IDLE_MS,
    private readonly recycleBytes = RECYCLE_MB * 2 ** 20,
    private readonly cache: ResultCache<Kept> | null = outcomeCache(),
  ) {
    this.lanes = Array.from({ length: Math.max(1, Math.floor(size) || 1) }, () => null);
  }

  get size(): number {
    return this.lanes.length;
  }

  /** Why a started host's silent end would go unseen, or null: the first such reason. */
  get unwatched(): string | null {
    return this.lanes.find((l) => l?.unwatched)?.unwatched ?? null;
  }

  /** Hosts running now (started and not yet shut down). */
  get started(): number {
    return this.lanes.filter((l) => l !== null).length;
  }

  listModels(signal?: AbortSignal): Promise<ModelInfo[]> {
    return this.track(this.lane(0).listModels(signal));
  }

  run(request: RunRequest, options: RunOptions = {}): Promise<RunOutcome> {
    return this.track(this.sweep(request, options));
  }

  describe(model: string, params: Params, signal?: AbortSignal): Promise<NetworkMap[]> {
    return this.track(this.lane(0).describe(model, params, signal));
  }

  /** A trace is one run, on the first host. */
  trace(request: TraceRunRequest, options: RunOptions = {}): Promise<TraceOutcome> {
    return this.track(this.lane(0).trace(request, options));
  }

  onPendingChange(listener: (pending: number) => void): () => void {
    this.listeners.add(listener);
    listener(this.pending);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.disposed = true;
    for (const timer of this.idle.values()) clearTimeout(timer);
    this.idle.clear();
    this.lanes.forEach((lane, i) => {
      lane?.dispose();
      this.lanes[i] = null;
    });
  }

  private lane(index: number): EngineClient {
    const timer = this.idle.get(index);
    if (timer !== undefined) clearTimeout(timer);
    this.idle.delete(index);
    // A host that died, ran out of memory or trapped is shut down (its memory given back) and
    // replaced by a fresh one.
    if (this.lanes[index]?.dead) {
      this.lanes[index]?.dispose();
      this.lanes[index] = null;
    }
    const lane = this.lanes[index] ?? this.open(index);
    this.lanes[index] = lane;
    return lane;
  }

  /** Shuts the hosts down whose memory grew large; they start afresh when next needed. */
  private recycle(): void {
    this.lanes.forEach((lane, i) => {
      if (!lane || lane.memoryBytes <= this.recycleBytes) return;
      clearTimeout(this.idle.get(i));
      this.idle.delete(i);
      lane.dispose();
      this.lanes[i] = null;
    });
  }

  /** Shuts the hosts beyond the first down once nothing has used them for a while. */
  private rest(): void {
    if (this.disposed || this.pending > 0) return;
    this.recycle();
    for (let i = 1; i < this.lanes.length; i++) {
      if (!this.lanes[i] || this.idle.has(i)) continue;
      const timer = setTimeout(() => {
        this.idle.delete(i);
        this.lanes[i]?.dispose();
        this.lanes[i] = null;
      }, this.idleMs);
      // A tidy-up: in Node it must not keep a script whose work is done running.
      (timer as { unref?: () => void }).unref?.();
      this.idle.set(i, timer);
    }
  }

  private async track<T>(work: Promise<T>): Promise<T> {
    this.pending++;
    this.notify();
    try {
      return await work;
    } finally {
      this.pending--;
      this.notify();
      this.rest();
    }
  }

  private notify(): void {
    for (const listener of this.listeners) listener(this.pending);
  }

  /**
   * Runs only the points of the request's sweep whose index is `index` modulo `count` (a shard),
   * spread over the pool as a whole sweep's are, and gives their partials for `combinePoints`.
   * `points` is the sweep's number of points: 0 for a model whose run is not a sweep.
   */
  shard(
    request: RunRequest,
    index: number,
    count: number,
    options: ShardOptions = {},
  ): Promise<{ points: number; params: Params; partials: PointPartial[] }> {
    return this.track(
      (async () => {
        const started = performance.now();
        const lead = this.lane(0);
        const plan = await lead.plan(request, options.signal);
        options.onPlan?.({ points: plan.weights.length, params: plan.params });
        const chosen = plan.weights
          .map((_, i) => i)
          .filter((i) => i % count === index && !options.skip?.has(i));
        const partials = await this.spread(request, plan, chosen, options, started);
        return { points: plan.weights.length, params: plan.params, partials };
      })(),
    );
  }

  /** The run's result from its points' partials (any order), as the unsharded run gives it. */
  combinePoints(request: RunRequest, partials: PointPartial[], signal?: AbortSignal) {
    return this.track(this.lane(0).combine(request, partials, signal));
  }

  private async sweep(request: RunRequest, options: RunOptions): Promise<RunOutcome> {
    const started = performance.now();
    const lead = this.lane(0);
    const plan = await lead
      .plan(request, options.signal)
      .catch((error: unknown) => Promise.reject(crashed(error, 'the plan of this run')));
    const { weights, params } = plan;
    if (weights.length === 0) {
      const key = requestKey(request);
      const kept = this.cache?.get(key);
      if (kept?.params) {
        return { result: kept.result, params: kept.params, elapsedMs: performance.now() - started };
      }
      const outcome = await lead
        .run(request, options)
        .catch((error: unknown) => Promise.reject(crashed(error, 'this run')));
      this.cache?.set(key, { result: outcome.result, params: outcome.params });
      return outcome;
    }
    const all = weights.map((_, i) => i);
    const partials = await this.spread(request, plan, all, options, started);
    const result = await lead.combine(request, partials, options.signal);
    return { result, params, elapsedMs: performance.now() - started };
  }

  /**
   * Runs the `chosen` points of a sweep on the pool, reporting progress over them; a point kept
   * from an earlier run is taken as it is: one of the same request at the same index, or, where
   * the model keys its points, one with the same key (a list that grew by a value runs only the
   * new value's points).
   */
  private async spread(
    request: RunRequest,
    { weights, keys }: SweepPlan,
    chosen: number[],
    options: RunOptions & Pick<ShardOptions, 'onPoint'>,
    started: number,
  ): Promise<PointPartial[]> {
    const { signal, onProgress, onPoint } = options;
    const lead = this.lane(0);
    // One abort for every host's points: the caller's, or the first failure.
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const total = chosen.reduce((a, i) => a + weights[i]!, 0);
    const requested = requestKey(request);
    const pointKey = (point: number) =>
      keys.length > 0
        ? JSON.stringify([request.model, request.seed, keys[point]])
        : `${requested}#${point}`;
    const partials: PointPartial[] = [];
    let doneWeight = 0;
    const toRun: number[] = [];
    for (const point of chosen) {
      const kept = this.cache?.get(pointKey(point));
      if (!kept) {
        toRun.push(point);
        continue;
      }
      partials.push({ point, result: kept.result });
      onPoint?.({ point, result: kept.result });
      doneWeight += weights[point]!;
    }
    // Each running point's own fraction done, when it started and its own progress so far; each
    // finished point's time, how well its own progress told it and when it ended (kept points
    // took none here, so they do not tell the time left). A point's time is its host's: from
    // when the host began it, not counting a new host's start (a thread or worker loading, the
    // engine compiling), which a point's work does not say.
    const running = new Map<number, { fraction: number; since: number; own: PointProgress }>();
    const done: (Omit<SweepState['done'][number], 'agoMs'> & { ended: number })[] = [];
    let next = 0;
    let finished = false;
    let combined = EMPTY;
    let lastReport = Number.NEGATIVE_INFINITY;

    // Work done is the finished points' weight plus each running point's share of its own.
    const fraction = () => {
      let now = doneWeight;
      for (const [point, r] of running) now += weights[point]! * r.fraction;
      return total > 0 ? Math.min(1, now / total) : 0;
    };
    const hosts = Math.min(this.lanes.length, toRun.length);
    const state = (now: number): SweepState => ({
      lanes: hosts,
      done: done.map(({ ended, ...d }) => ({ ...d, agoMs: now - ended })),
      running: [...running].map(([point, r]) => ({
        point,
        weight: weights[point]!,
        ms: now - r.since,
        fraction: r.fraction,
      })),
      pending: toRun.slice(next).map((point) => weights[point]!),
    });
    const report = (force: boolean) => {
      const now = performance.now();
      if (finished || !onProgress || (!force && now - lastReport < PROGRESS_INTERVAL_MS)) return;
      lastReport = now;
      onProgress({
        fraction: fraction(),
        elapsedMs: now - started,
        partial: combined,
        sweep: state(now),
      });
    };
    // One combine at a time; points that arrive meanwhile are folded into the next one.
    let combining = false;
    let stale = false;
    const refresh = async () => {
      if (combining) {
        stale = true;
        return;
      }
      combining = true;
      try {
        do {
          stale = false;
          combined = await lead.combine(request, [...partials], stop.signal);
          report(true);
        } while (stale);
      } finally {
        combining = false;
      }
    };
    const work = async (index: number) => {
      const host = this.lane(index);
      while (next < toRun.length && !stop.signal.aborted) {
        const point = toRun[next++]!;
        const own: PointProgress = [];
        running.set(point, { fraction: 0, since: performance.now(), own });
        const outcome = await host
          .runPoint(request, point, {
            signal: stop.signal,
            onProgress: (p) => {
              own.push([p.elapsedMs, p.fraction]);
              running.set(point, {
                fraction: p.fraction,
                since: performance.now() - p.elapsedMs,
                own,
              });
              report(false);
            },
          })
          .catch((error: unknown) =>
            Promise.reject(
              crashed(error, `point ${point + 1} of the ${weights.length} of its sweep`),
            ),
          );
        running.delete(point);
        done.push({
          point,
          weight: weights[point]!,
          ms: outcome.elapsedMs,
          ownError: ownError(own, outcome.elapsedMs),
          ended: performance.now(),
        });
        partials.push({ point, result: outcome.result });
        onPoint?.({ point, result: outcome.result });
        this.cache?.set(pointKey(point), { result: outcome.result });
        doneWeight += weights[point]!;
        // A failed or cancelled refresh only delays the drawing; the final combine reports.
        if (onProgress) refresh().catch(() => {});
      }
    };

    try {
      // The empty combine gives the charts their (empty) series at once.
      if (onProgress) refresh().catch(() => {});
      await Promise.all(
        Array.from({ length: hosts }, (_, i) =>
          work(i).catch((error: unknown) => {
            stop.abort();
            throw error;
          }),
        ),
      );
      return partials;
    } finally {
      finished = true;
      stop.abort();
      signal?.removeEventListener('abort', onAbort);
    }
  }
}
