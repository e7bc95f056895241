// Module worker hosting the engine. The wasm loads on first use; a failure to load is reported
// to each request as an error message, never as a dead worker.
import createArchexModule from '#wasm/archex';

import { EngineHost } from './host';
import type { EngineRequest, EngineResponse } from './protocol';

interface WorkerScope {
  postMessage(message: EngineResponse): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<EngineRequest>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
const host = new EngineHost(createArchexModule(), (response) => scope.postMessage(response));
scope.addEventListener('message', (event) => host.handle(event.data));
