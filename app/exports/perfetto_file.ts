// A traced run's Perfetto file in the browser, built in a worker of its own (perfetto_worker.ts).
import { playedEnd } from '../engine/trace';
import type { TracedRun } from './perfetto';
import { callWorker } from './worker_call';

/** The file's name: what it is of, so a folder of them reads. */
export function perfettoFileName(run: TracedRun): string {
  const of = run.preset ?? run.model;
  const point = run.point !== undefined ? `-point${run.point + 1}` : '';
  // The window as far as it was played (a run may end before the window does).
  const end = Math.round(playedEnd(run.trace) * 1000) / 1000;
  return `${of}${point}-${run.trace.clock}${run.trace.from}-${end}.perfetto.json`;
}

export function perfettoBlob(run: TracedRun): Promise<Blob> {
  return callWorker(
    () => new Worker(new URL('./perfetto_worker.ts', import.meta.url), { type: 'module' }),
    run,
  );
}
