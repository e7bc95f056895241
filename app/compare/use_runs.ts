import { useEffect, useRef, useState } from 'react';

import type { RunRequest } from '../engine/types';
import type { Engine, RunOutcome } from '../engine/engine';
import { isAbortError } from '../engine/engine';
import { requestKey } from '../engine/result_cache';

/** Where one job stands: its last outcome (kept while a newer run computes), progress, error. */
export interface JobState {
  outcome: RunOutcome | null;
  /** The outcome answers the job's current request. */
  upToDate: boolean;
  /** Fraction done of the current run, while it runs. */
  progress: number | null;
  error: string | null;
}

/**
 * Runs every job on the engine (its workers, side by side) and again whenever its request
 * changes; a changed job's earlier run is aborted, the others go on.
 */
export function useRuns(
  engine: Engine,
  jobs: { id: string; request: RunRequest }[],
): Record<string, JobState> {
  const [states, setStates] = useState<Record<string, JobState>>({});
  const running = useRef(new Map<string, { key: string; controller: AbortController }>());
  // The jobs as text: an equal request (a new object each render) starts no run.
  const jobsText = JSON.stringify(jobs);

  useEffect(() => {
    const live = running.current;
    const update = (id: string, change: (s: JobState) => JobState) =>
      setStates((all) => {
        const s = all[id] ?? { outcome: null, upToDate: false, progress: null, error: null };
        return { ...all, [id]: change(s) };
      });
    const current = JSON.parse(jobsText) as { id: string; request: RunRequest }[];
    for (const { id, request } of current) {
      const key = requestKey(request);
      if (live.get(id)?.key === key) continue;
      live.get(id)?.controller.abort();
      const controller = new AbortController();
      live.set(id, { key, controller });
      update(id, (s) => ({ ...s, upToDate: false, progress: 0, error: null }));
      engine
        .run(request, {
          signal: controller.signal,
          onProgress: (p) => {
            if (!controller.signal.aborted) update(id, (s) => ({ ...s, progress: p.fraction }));
          },
        })
        .then(
          (outcome) => update(id, () => ({ outcome, upToDate: true, progress: null, error: null })),
          (error: unknown) => {
            if (isAbortError(error)) return;
            const message = error instanceof Error ? error.message : String(error);
            update(id, (s) => ({ ...s, progress: null, error: message }));
          },
        );
    }
  }, [engine, jobsText]);

  useEffect(() => {
    const live = running.current;
    return () => {
      for (const { controller } of live.values()) controller.abort();
      live.clear();
    };
  }, []);

  return states;
}
