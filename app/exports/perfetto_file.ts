// A traced run's Perfetto file in the browser, built in a worker of its own (perfetto_worker.ts);
// a browser that refuses the worker gets the refusal in words, not a page that stops.
import { playedEnd } from '../engine/trace';
import type { TracedRun } from './perfetto';

/** The file's name: what it is of, so a folder of them reads. */
export function perfettoFileName(run: TracedRun): string {
  const of = run.preset ?? run.model;
  const point = run.point !== undefined ? `-point${run.point + 1}` : '';
  // The window as far as it was played (a run may end before the window does).
  const end = Math.round(playedEnd(run.trace) * 1000) / 1000;
  return `${of}${point}-${run.trace.clock}${run.trace.from}-${end}.perfetto.json`;
}

export function perfettoBlob(run: TracedRun): Promise<Blob> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./perfetto_worker.ts', import.meta.url), { type: 'module' });
    } catch (error) {
      reject(new Error(`the browser refused a worker to build the file (${String(error)})`));
      return;
    }
    worker.addEventListener('message', (event: MessageEvent<{ blob?: Blob; error?: string }>) => {
      worker.terminate();
      if (event.data.blob) resolve(event.data.blob);
      else reject(new Error(event.data.error ?? 'the file could not be built'));
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new Error(`the worker building the file failed: ${event.message || 'refused'}`));
    });
    worker.postMessage(run);
  });
}
