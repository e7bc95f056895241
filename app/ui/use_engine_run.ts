import { useEffect, useState } from 'react';

import type { Engine, RunOutcome, RunProgress, RunRequest } from '../engine/engine';
import { EngineError, isAbortError } from '../engine/engine';

export interface RunState {
  /** The latest completed run; kept while a newer one is computing so charts never blank. */
  outcome: RunOutcome | null;
  /** Key of the request `outcome` answers. */
  outcomeKey: string | null;
  /** The error of the current request, if it failed. */
  error: EngineError | null;
  /** Progress of the current request. */
  progress: RunProgress | null;
  /** The current request has neither finished nor failed. */
  running: boolean;
}

interface Settled {
  outcome: RunOutcome | null;
  outcomeKey: string | null;
  error: { key: string; error: EngineError } | null;
  progress: { key: string; progress: RunProgress } | null;
}

export function requestKey(request: RunRequest): string {
  return JSON.stringify([request.model, request.seed, Object.entries(request.params).sort()]);
}

function toEngineError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  return new EngineError({ message: error instanceof Error ? error.message : String(error) });
}

/**
 * Runs `request` on the engine whenever it changes identity (memoize it). The previous run on the
 * same channel is cancelled, so dragging a slider never queues stale work.
 */
export function useEngineRun(
  engine: Engine,
  request: RunRequest | null,
  channel: string,
): RunState {
  const [settled, setSettled] = useState<Settled>({
    outcome: null,
    outcomeKey: null,
    error: null,
    progress: null,
  });
  const key = request ? requestKey(request) : null;

  useEffect(() => {
    if (!request || key === null) return;
    const controller = new AbortController();
    engine
      .run(request, {
        signal: controller.signal,
        channel,
        onProgress: (progress) => setSettled((s) => ({ ...s, progress: { key, progress } })),
      })
      .then(
        (outcome) => setSettled({ outcome, outcomeKey: key, error: null, progress: null }),
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
  }, [engine, request, key, channel]);

  const error = settled.error?.key === key ? settled.error.error : null;
  return {
    outcome: settled.outcome,
    outcomeKey: settled.outcomeKey,
    error,
    progress: settled.progress?.key === key ? settled.progress.progress : null,
    running: key !== null && key !== settled.outcomeKey && error === null,
  };
}
