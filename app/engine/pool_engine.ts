import type { EngineClient, SweepCombiner, SweepPlan } from './client';
import type { Engine, RunOptions, RunOutcome } from './engine';
import type { PointPartial } from './protocol';
import type { TraceOutcome, TraceRunRequest } from './trace';
import type { ModelInfo, NetworkMap, Params, RunRequest } from './types';
import type { ResultCache } from './result_cache';
import { requestKey } from './result_cache';
import type { Kept, PoolHosts } from './pool_points';
import { crashed, outcomeCache, spreadPoints } from './pool_points';

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
  /** The hosts as the spread of a sweep's points sees them. */
  private readonly hosts: PoolHosts;

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
    this.hosts = { lane: (index) => this.lane(index), size: this.lanes.length, cache };
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
        const partials = await this.spread(lead, request, plan, chosen, options, started, (p) =>
          Promise.resolve(p),
        );
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
    const result = await this.spread(lead, request, plan, all, options, started, (partials, c) =>
      c.combine(partials, { last: true, signal: options.signal }),
    );
    return { result, params, elapsedMs: performance.now() - started };
  }

  /**
   * Runs `chosen` points of the sweep over the hosts, the lead combining them as they come (each
   * point crosses to it once), then gives them to `last` with the lead's combiner; what the lead
   * keeps of the sweep is freed however it ends.
   */
  private async spread<T>(
    lead: EngineClient,
    request: RunRequest,
    plan: SweepPlan,
    chosen: number[],
    options: RunOptions & { onPoint?: (partial: PointPartial) => void },
    started: number,
    last: (partials: PointPartial[], combiner: SweepCombiner) => Promise<T>,
  ): Promise<T> {
    const combiner = lead.sweepCombiner(request);
    try {
      const partials = await spreadPoints(
        this.hosts,
        request,
        plan,
        chosen,
        options,
        started,
        combiner,
      );
      return await last(partials, combiner);
    } finally {
      combiner.close();
    }
  }
}
