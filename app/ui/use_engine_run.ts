import { useEffect, useState } from 'react';

import type { Engine, RunOutcome, RunProgress, RunRequest } from '../engine/engine';
import { EngineError, isAbortError } from '../engine/engine';

export interface RunState {
  /** The latest completed run; kept while a newer one is computing so charts never blank. */
  outcome: RunOutcome | null;
  /** Key of the request `outcome` answers. */
  outcomeKey: string | null;
  error: EngineError | null;
  progress: RunProgress | null;
  running: boolean;
}

export function requestKey(request: RunRequest): string {
  return JSON.stringify([request.model, request.seed, Object.entries(request.params).sort()]);
}

/**
 * Runs `request` on the engine whenever it changes identity (memoize it). The previous run on the
 * same channel is cancelled, so dragging a slider never queues stale work.
 */
export function useEngineRun(engine: Engine, request: RunRequest | null, channel: string): RunState {
  const [state, setState] = useState<RunState>({
    outcome: null,
    outcomeKey: null,
    error: null,
    progress: null,
    running: false,
  });
  const key = request ? requestKey(request) : null;

  useEffect(() => {
    if (!request || key === null) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, running: true, progress: null }));
    engine
      .run(request, {
        signal: controller.signal,
        channel,
        onProgress: (progress) => setState((s) => ({ ...s, progress })),
      })
      .then(
        (outcome) =>
          setState({ outcome, outcomeKey: key, error: null, progress: null, running: false }),
        (error: unknown) => {
          if (isAbortError(error)) return;
          const engineError =
            error instanceof EngineError
              ? error
              : new EngineError({ message: error instanceof Error ? error.message : String(error) });
          setState((s) => ({ ...s, error: engineError, progress: null, running: false }));
        },
      );
    return () => controller.abort();
  }, [engine, request, key, channel]);

  return state;
}
