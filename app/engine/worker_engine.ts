import { EngineClient } from './client';
import type { Engine } from './engine';
import { PoolEngine } from './pool_engine';
import type { EngineRequest, EngineResponse } from './protocol';
import { lockRefused, locksMissing } from './worker_lock';

/**
 * One module Web Worker hosting the engine. A worker that ends without a word (closed, killed by
 * the browser, crashed) fires no event: it holds a Web Lock named after it for its whole life, and
 * once it has said hello, this side asks for the same lock, which it is given only when the
 * worker is gone. Where the browser refuses the lock, the worker still runs; the client keeps why
 * its end cannot be watched (`unwatched`), for the page to say.
 */
function workerClient(index: number, start: WorkerStart): EngineClient {
  const name = `archex-engine-${index + 1}-${Math.random().toString(36).slice(2)}`;
  const worker = start(name);
  const closed = new AbortController();
  const client = new EngineClient({
    post: (request: EngineRequest) => worker.postMessage(request),
    listen: (handler) =>
      worker.addEventListener('message', (event: MessageEvent<EngineResponse>) => {
        if (event.data.type === 'hello') watch(event.data.unwatched);
        handler(event.data);
      }),
    close: () => {
      closed.abort();
      worker.terminate();
    },
  });
  const watch = (unwatched: string | null) => {
    const reason = unwatched ?? locksMissing();
    if (reason !== null) {
      client.unwatched = reason;
      return;
    }
    try {
      navigator.locks
        .request(name, { signal: closed.signal }, () =>
          client.fail(
            `The engine's worker ${index + 1} stopped without a word: the browser ended ` +
              'it, most often for using too much memory.',
          ),
        )
        .catch((error: unknown) => {
          if (!closed.signal.aborted) client.unwatched = lockRefused(error);
        });
    } catch (error) {
      client.unwatched = lockRefused(error);
    }
  };
  worker.addEventListener('error', (event) => {
    client.fail(
      `The engine's worker ${index + 1} ${
        event.message
          ? `failed (${event.message})`
          : 'could not start: the browser refused it or could not load its script (a page ' +
            'whose content security policy does not allow it as a worker-src, or a file it ' +
            'could not fetch)'
      }.`,
    );
  });
  return client;
}

/** Starts one module worker hosting the engine (worker_host.ts), named `name`. */
export type WorkerStart = (name: string) => Worker;

/**
 * The engine in module Web Workers, so no run ever blocks the UI thread: `size` of them (at
 * least 1), started as a sweep needs them; `start` opens one (the explorer's own build of
 * worker.ts, page_engine.ts; the library's copy).
 */
export function createWorkerEngine(size: number, start: WorkerStart): Engine {
  return new PoolEngine((index) => workerClient(index, start), size);
}
