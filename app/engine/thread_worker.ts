// A Node worker thread hosting the engine, for the CLI's --jobs: the Web Worker's counterpart.
import { parentPort, workerData } from 'node:worker_threads';

import { EngineHost } from './host';
import { loadNodeModule } from './node_module';
import type { EngineRequest } from './protocol';

const port = parentPort;
if (!port) throw new Error('thread_worker.ts runs only as a worker thread');
const { maxMemoryMB } = workerData as { maxMemoryMB: number };
const host = new EngineHost(loadNodeModule(maxMemoryMB), (response, transfer) =>
  port.postMessage(response, transfer),
);
port.on('message', (request: EngineRequest) => host.handle(request));
