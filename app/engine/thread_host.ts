// The engine hosted in a Node worker thread: the Web Worker's counterpart, for the CLI's --jobs
// (thread_worker.ts) and the library's threads.
import { parentPort, workerData } from 'node:worker_threads';

import { EngineHost } from './host';
import { loadNodeModule } from './node_module';
import type { EngineRequest } from './protocol';
import type { ThreadData } from './thread_engine';

/** Answers the thread's requests with the engine whose archex.wasm is in `buildDir`. */
export function hostThread(buildDir?: URL): void {
  const port = parentPort;
  if (!port) throw new Error('the engine thread runs only as a worker thread');
  const { maxMemoryMB } = workerData as ThreadData;
  const host = new EngineHost(loadNodeModule(maxMemoryMB, buildDir), (response, transfer) =>
    port.postMessage(response, transfer),
  );
  port.on('message', (request: EngineRequest) => host.handle(request));
}
