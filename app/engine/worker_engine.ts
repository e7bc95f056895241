import { EngineClient } from './client';
import type { Engine } from './engine';
import type { EngineRequest, EngineResponse } from './protocol';

/** The engine in a module Web Worker, so no run ever blocks the UI thread. */
export function createWorkerEngine(): Engine {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), {
    type: 'module',
    name: 'archex-engine',
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
