import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

import type { Engine, RunOutcome, RunProgress } from '../engine/engine';
import type { RunRequest, RunResult } from '../engine/types';
import { EngineError, isAbortError } from '../engine/engine';
import type { Sample, TimeLeft } from '../engine/time_left';
import { addSample, shownTimeLeft, worthAsking } from '../engine/time_left';
import { requestKey } from '../engine/result_cache';

/** A request plus what the caller needs to read its answer (e.g. the preset it was made for). */
export interface RunJob<T> {
  request: RunRequest;
  tag: T;
}

/**
 * Why the current job is not running: paused to ask, its first `afterMs` of progress saying it
 * would take `left`; or stopped by the user after `elapsedMs`.
 */
export type Held =
  { reason: 'ask'; left: TimeLeft; afterMs: number } | { reason: 'stopped'; elapsedMs: number };

export interface RunState<T> {
  /** The latest completed run and the tag of its job; kept while a newer run computes. */
  outcome: (RunOutcome & { tag: T }) | null;
  /** The completed run answers the current job. */
  upToDate: boolean;
  /** The error of the current job, if it failed. */
  error: EngineError | null;
  /** What the current job's failed run had drawn before it failed (a sweep's points so far). */
  failedPartial: RunResult | null;
  /** Progress of the current job. */
  progress: RunProgress | null;
  /** The time left of the current job's run, once known. */
  timeLeft: TimeLeft | null;
  /** The current job is not running: paused to ask, or stopped. */
  held: Held | null;
  /** Stops the current job's run; the last complete run stays on show. */
  stop(): void;
  /** Runs the current job (held or not) to its end, without asking again. */
  runAnyway(): void;
}

interface Settled<T> {
  outcome: (RunOutcome & { tag: T }) | null;
  outcomeKey: string | null;
  error: { key: string; error: EngineError; partial: RunResult | null } | null;
  progress: { key: string; progress: RunProgress; timeLeft: TimeLeft | null } | null;
  held: { key: string; held: Held } | null;
}

function toEngineError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  return new EngineError({ message: error instanceof Error ? error.message : String(error) });
}

/**
 * Runs `job` on the engine whenever its request changes (same model, seed and parameters is the
 * same job, so an equal edit does not restart a run). The run of the previous job is aborted
 * first, so dragging a slider never queues stale work. A run that, judged by its first seconds of
 * progress, would take more than a minute is paused and held until `runAnyway()`; `stop()` stops
 * any run.
 */
export function useEngineRun<T>(engine: Engine, job: RunJob<T> | null): RunState<T> {
  const [settled, setSettled] = useState<Settled<T>>({
    outcome: null,
    outcomeKey: null,
    error: null,
    progress: null,
    held: null,
  });
  const key = job ? requestKey(job.request) : null;
  // Set by runAnyway(): the job to run to its end without asking, and how many times it was
  // started so, each start a new run.
  const [forced, setForced] = useState<{ key: string; runs: number } | null>(null);
  const forcedRuns = forced !== null && forced.key === key ? forced.runs : 0;
  const latest = useRef(job);
  const running = useRef<{ key: string; controller: AbortController; started: number } | null>(
    null,
  );
  useLayoutEffect(() => {
    latest.current = job;
  });

  useEffect(() => {
    const current = latest.current;
    if (!current || key === null) return;
    const controller = new AbortController();
    running.current = { key, controller, started: performance.now() };
    // A run again of the same job starts without its last error or hold.
    setSettled((s) =>
      s.held?.key === key || s.error?.key === key
        ? {
            ...s,
            held: s.held?.key === key ? null : s.held,
            error: s.error?.key === key ? null : s.error,
          }
        : s,
    );
    const samples: Sample[] = [];
    engine
      .run(current.request, {
        signal: controller.signal,
        onProgress: (progress) => {
          if (controller.signal.aborted) return;
          addSample(samples, {
            fraction: progress.fraction,
            elapsedMs: progress.elapsedMs,
            sweep: progress.sweep,
          });
          const ask = forcedRuns > 0 ? null : worthAsking(samples);
          if (ask) {
            controller.abort();
            setSettled((s) => ({
              ...s,
              progress: null,
              held: { key, held: { reason: 'ask', left: ask, afterMs: progress.elapsedMs } },
            }));
            return;
          }
          const timeLeft = shownTimeLeft(samples);
          setSettled((s) => ({ ...s, progress: { key, progress, timeLeft } }));
        },
      })
      .then(
        (outcome) =>
          setSettled({
            outcome: { ...outcome, tag: current.tag },
            outcomeKey: key,
            error: null,
            progress: null,
            held: null,
          }),
        (error: unknown) => {
          if (isAbortError(error)) return;
          setSettled((s) => ({
            ...s,
            error: {
              key,
              error: toEngineError(error),
              partial: s.progress?.key === key ? s.progress.progress.partial : null,
            },
            progress: null,
          }));
        },
      );
    return () => {
      controller.abort();
      if (running.current?.controller === controller) running.current = null;
    };
  }, [engine, key, forcedRuns]);

  const stop = useCallback(() => {
    const run = running.current;
    if (!run || run.controller.signal.aborted) return;
    run.controller.abort();
    const held: Held = { reason: 'stopped', elapsedMs: performance.now() - run.started };
    setSettled((s) => ({ ...s, progress: null, held: { key: run.key, held } }));
  }, []);

  const runAnyway = useCallback(() => {
    if (key === null) return;
    setForced((f) => ({ key, runs: f?.key === key ? f.runs + 1 : 1 }));
  }, [key]);

  const progress = settled.progress?.key === key ? settled.progress : null;
  return {
    outcome: settled.outcome,
    upToDate: key !== null && key === settled.outcomeKey,
    error: settled.error?.key === key ? settled.error.error : null,
    failedPartial: settled.error?.key === key ? settled.error.partial : null,
    progress: progress?.progress ?? null,
    timeLeft: progress?.timeLeft ?? null,
    held: settled.held?.key === key ? settled.held.held : null,
    stop,
    runAnyway,
  };
}
