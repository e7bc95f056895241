import { useEffect, useLayoutEffect, useRef, useState } from 'react';

import type { Engine, RunOutcome, RunProgress, RunRequest } from '../engine/engine';
import { EngineError, isAbortError } from '../engine/engine';

/** A request plus what the caller needs to read its answer (e.g. the preset it was made for). */
export interface RunJob<T> {
  request: RunRequest;
  tag: T;
}

export interface RunState<T> {
  /** The latest completed run and the tag of its job; kept while a newer run computes. */
  outcome: (RunOutcome & { tag: T }) | null;
  /** The completed run answers the current job. */
  upToDate: boolean;
  /** The error of the current job, if it failed. */
  error: EngineError | null;
  /** Progress of the current job. */
  progress: RunProgress | null;
}

interface Settled<T> {
  outcome: (RunOutcome & { tag: T }) | null;
  outcomeKey: string | null;
  error: { key: string; error: EngineError } | null;
  progress: { key: string; progress: RunProgress } | null;
}

function requestKey(request: RunRequest): string {
  return JSON.stringify([request.model, request.seed, Object.entries(request.params).sort()]);
}

function toEngineError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  return new EngineError({ message: error instanceof Error ? error.message : String(error) });
}

/**
 * Runs `job` on the engine whenever its request changes (same model, seed and parameters is the
 * same job, so an equal edit does not restart a run). The run of the previous job is aborted
 * first, so dragging a slider never queues stale work.
 */
export function useEngineRun<T>(engine: Engine, job: RunJob<T> | null): RunState<T> {
  const [settled, setSettled] = useState<Settled<T>>({
    outcome: null,
    outcomeKey: null,
    error: null,
    progress: null,
  });
  const key = job ? requestKey(job.request) : null;
  const latest = useRef(job);
  useLayoutEffect(() => {
    latest.current = job;
  });

  useEffect(() => {
    const current = latest.current;
    if (!current || key === null) return;
    const controller = new AbortController();
    engine
      .run(current.request, {
        signal: controller.signal,
        onProgress: (progress) => setSettled((s) => ({ ...s, progress: { key, progress } })),
      })
      .then(
        (outcome) =>
          setSettled({
            outcome: { ...outcome, tag: current.tag },
            outcomeKey: key,
            error: null,
            progress: null,
          }),
        (error: unknown) => {
          if (isAbortError(error)) return;
          setSettled((s) => ({
            ...s,
            error: { key, error: toEngineError(error) },
            progress: null,
          }));
        },
      );
    return () => controller.abort();
  }, [engine, key]);

  return {
    outcome: settled.outcome,
    upToDate: key !== null && key === settled.outcomeKey,
    error: settled.error?.key === key ? settled.error.error : null,
    progress: settled.progress?.key === key ? settled.progress.progress : null,
  };
}
