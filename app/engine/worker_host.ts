// The engine hosted in a module Web Worker: the explorer's (worker.ts) and the library's. The
// wasm loads on first use; a failure to load is reported to each request as an error message,
// never as a dead worker.
import type { ArchexModule } from '#wasm/archex';

import { EngineHost } from './host';
import type { EngineRequest, EngineResponse } from './protocol';
import { PROTOCOL_VERSION } from './protocol';
import { holdForLife } from './worker_lock';

interface WorkerScope {
  name: string;
  postMessage(message: EngineResponse, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<EngineRequest>) => void): void;
}

/** Answers this worker's requests with `module`. */
export function hostWorker(module: Promise<ArchexModule>): void {
  const scope = globalThis as unknown as WorkerScope;
  // Results' typed arrays are moved to the UI, not copied.
  const host = new EngineHost(module, (response, transfer) =>
    scope.postMessage(response, transfer),
  );
  // Nothing is said before the lock is held (or refused), so the page asks for it only after.
  const alive = holdForLife(scope.name).then((unwatched) =>
    scope.postMessage({ v: PROTOCOL_VERSION, type: 'hello', id: 0, unwatched }),
  );
  scope.addEventListener('message', (event) => void alive.then(() => host.handle(event.data)));
}
