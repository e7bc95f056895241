import { EngineClient } from './client';
import type { Engine } from './engine';
import { PoolEngine } from './pool_engine';
import type { EngineRequest, EngineResponse } from './protocol';

/** One module Web Worker hosting the engine. */
function workerClient(index: number): EngineClient {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), {
    type: 'module',
    name: `archex-engine-${index + 1}`,
  });
  const client = new EngineClient({
    post: (request: EngineRequest) => worker.postMessage(request),
    listen: (handler) =>
      worker.addEventListener('message', (event: MessageEvent<EngineResponse>) =>
        handler(event.data),
      ),
    close: () => worker.terminate(),
  });
  worker.addEventListener('error', (event) => {
    client.fail(`engine worker failed: ${event.message || 'could not start'}`);
  });
  return client;
}

/**
 * The engine in module Web Workers, so no run ever blocks the UI thread: one per core the browser
 * reports (at least 1), started as a sweep needs them.
 */
export function createWorkerEngine(): Engine {
  return new PoolEngine(workerClient, navigator.hardwareConcurrency || 1);
}
