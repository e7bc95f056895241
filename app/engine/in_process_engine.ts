import type { ArchexModule } from '#wasm/archex';

import type { Port } from './client';
import { EngineClient } from './client';
import type { Engine } from './engine';
import { EngineHost } from './host';
import type { EngineResponse } from './protocol';

/**
 * The engine in the calling thread, for Vitest and the CLI. Messages still go through the
 * protocol and are structured-cloned both ways, exactly as they would cross to a worker.
 */
export function createInProcessEngine(module: ArchexModule | Promise<ArchexModule>): Engine {
  let handler: ((response: EngineResponse) => void) | undefined;
  let closed = false;
  const host = new EngineHost(Promise.resolve(module), (response) => {
    const copy = structuredClone(response);
    queueMicrotask(() => {
      if (!closed) handler?.(copy);
    });
  });
  const port: Port = {
    post: (request) => {
      const copy = structuredClone(request);
      queueMicrotask(() => host.handle(copy));
    },
    listen: (h) => {
      handler = h;
    },
    close: () => {
      closed = true;
    },
  };
  return new EngineClient(port);
}
