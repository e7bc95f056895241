// The trace a view shows, recorded in the engine's worker: a new request (other parameters, point
// or window) cancels the one before, and an answer is kept with the request it answers.
import { useEffect, useState } from 'react';

import type { Engine } from '../engine/engine';
import { EngineError, isAbortError } from '../engine/engine';
import type { TraceOutcome } from '../engine/trace';
import type { Params } from '../engine/types';

export type Recording =
  | { state: 'recording' }
  | { state: 'ready'; outcome: TraceOutcome }
  | { state: 'error'; message: string; param?: string };

/**
 * What a view records at most: the trace keeps its beginning and counts the rest (the note under
 * the view says how many). 16 MB holds a 2,000-cycle window of an 8x8x4 mesh at half saturation,
 * and keeps the page's memory and the views' index building small.
 */
const TRACE_MAX_BYTES = 16 * 2 ** 20;

/** Records the trace the link asks for; a new request cancels the one before. */
export function useTraceRecording(
  engine: Engine,
  model: string,
  params: Params,
  seed: number,
  point: number | undefined,
  from: number,
  length: number,
): Recording {
  // The answer is kept with the request it answers; a newer request shows as recording.
  const key = JSON.stringify([model, params, seed, point, from, length]);
  const [answer, setAnswer] = useState<{ key: string; recording: Recording } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const setRecording = (recording: Recording) => setAnswer({ key, recording });
    engine
      .trace(
        {
          model,
          params,
          seed,
          ...(point !== undefined ? { point } : {}),
          window: { from, length, maxBytes: TRACE_MAX_BYTES },
        },
        { signal: controller.signal },
      )
      .then(
        (outcome) => setRecording({ state: 'ready', outcome }),
        (error: unknown) => {
          if (isAbortError(error)) return;
          const message = error instanceof Error ? error.message : String(error);
          const param = error instanceof EngineError ? error.param : undefined;
          setRecording({ state: 'error', message, ...(param ? { param } : {}) });
        },
      );
    return () => controller.abort();
  }, [engine, model, params, seed, point, from, length, key]);
  return answer?.key === key ? answer.recording : { state: 'recording' };
}
