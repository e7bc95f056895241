// A sweep's points spread over a pool's hosts: each host runs one point at a time and takes the
// next, points kept from earlier runs are given again, and progress (the combined partials and
// the state the time left is judged from) is reported as points come.
import type { EngineClient, SweepCombiner, SweepPlan } from './client';
import type { RunOptions } from './engine';
import { EngineError } from './engine';
import type { PointPartial } from './protocol';
import type { Params, RunRequest, RunResult } from './types';
import type { PointProgress, SweepState } from './time_left';
import { ownError } from './time_left';
import { ResultCache, requestKey, resultNumbers } from './result_cache';

/** Progress, with the points combined so far, at most this often (and at each new point). */
const PROGRESS_INTERVAL_MS = 100;

/** A whole run's result and parameters, or one sweep point's partial (no parameters of its own). */
export type Kept = { result: RunResult; params?: Params };

/** The pool's cache of runs and points, sized by the numbers they hold. */
export function outcomeCache(budget?: number): ResultCache<Kept> {
  return new ResultCache<Kept>((kept) => resultNumbers(kept.result), budget);
}

/** What the spread needs of its pool: its hosts by index, how many, what it keeps. */
export interface PoolHosts {
  lane(index: number): EngineClient;
  readonly size: number;
  readonly cache: ResultCache<Kept> | null;
}

/** A host that died without a word, in words: what died, what it ran, and what now. */
export function crashed(error: unknown, running: string): unknown {
  if (!(error instanceof EngineError) || error.kind !== 'crash') return error;
  return new EngineError({
    message:
      `${error.message} It was running ${running}. A fresh one takes its place for the next ` +
      'run; if it stops again, try a smaller run (fewer nodes, loads or points).',
    kind: 'crash',
  });
}

const EMPTY: RunResult = { scalars: [], series: [], networks: [], timelines: [] };

/**
 * Runs the `chosen` points of a sweep on the pool, reporting progress over them (combined by
 * `combiner`, which then holds the points given so far); a point kept from an earlier run is
 * taken as it is: one of the same request at the same index, or, where the model keys its
 * points, one with the same key (a list that grew by a value runs only the new value's points).
 */
export async function spreadPoints(
  pool: PoolHosts,
  request: RunRequest,
  { weights, keys }: SweepPlan,
  chosen: number[],
  options: RunOptions & { onPoint?: (partial: PointPartial) => void },
  started: number,
  combiner: SweepCombiner,
): Promise<PointPartial[]> {
  const { signal, onProgress, onPoint } = options;
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
    const kept = pool.cache?.get(pointKey(point));
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
  const hosts = Math.min(pool.size, toRun.length);
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
        combined = await combiner.combine(partials, { signal: stop.signal });
        report(true);
      } while (stale);
    } finally {
      combining = false;
    }
  };
  const work = async (index: number) => {
    const host = pool.lane(index);
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
      pool.cache?.set(pointKey(point), { result: outcome.result });
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
