// Builds a Perfetto file off the page's thread: a whole run's trace makes hundreds of thousands
// of events, whose building and text would hold the page for seconds.
import type { TracedRun } from './perfetto';
import { perfettoJson, perfettoTrace } from './perfetto';

/** What this worker's global scope offers it (the DOM's types describe a window). */
interface WorkerScope {
  postMessage(message: { blob: Blob } | { error: string }): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<TracedRun>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;

scope.addEventListener('message', (event) => {
  try {
    const file = perfettoTrace(event.data);
    scope.postMessage({ blob: new Blob([...perfettoJson(file)], { type: 'application/json' }) });
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
