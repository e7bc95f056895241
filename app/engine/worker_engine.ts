import { EngineClient } from './client';
import type { Engine } from './engine';
import { PoolEngine } from './pool_engine';
import type { EngineRequest, EngineResponse } from './protocol';
import { holdsLock } from './worker_lock';

/**
 * One module Web Worker hosting the engine. A worker that ends without a word (closed, killed by
 * the browser, crashed) fires no event: it holds a Web Lock named after it for its whole life, and
 * once it has said hello, this side asks for the same lock, which it is given only when the
 * worker is gone.
 */
function workerClient(index: number): EngineClient {
  const name = `archex-engine-${index + 1}-${Math.random().toString(36).slice(2)}`;
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name });
  const closed = new AbortController();
  let watching = false;
  const client = new EngineClient({
    post: (request: EngineRequest) => worker.postMessage(request),
    listen: (handler) =>
      worker.addEventListener('message', (event: MessageEvent<EngineResponse>) => {
        if (!watching && holdsLock()) {
          watching = true;
          navigator.locks
            .request(name, { signal: closed.signal }, () =>
              client.fail(
                `The engine's worker ${index + 1} stopped without a word: the browser ended ` +
                  'it, most often for using too much memory.',
              ),
            )
            .catch(() => {});
        }
        handler(event.data);
      }),
    close: () => {
      closed.abort();
      worker.terminate();
    },
  });
  worker.addEventListener('error', (event) => {
    client.fail(
      `The engine's worker ${index + 1} ${event.message ? `failed (${event.message})` : 'could not start'}.`,
    );
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
