import type { ArchexModule } from '#wasm/archex';

import type { Port } from './client';
import { EngineClient } from './client';
import { EngineHost } from './host';
import { PoolEngine } from './pool_engine';
import { outcomeCache } from './pool_points';
import type { EngineResponse } from './protocol';

/**
 * One host in the calling thread, reached through structured-cloned protocol messages; `observe`
 * sees each of the host's answers as it is sent.
 */
export function inProcessClient(
  module: Promise<ArchexModule>,
  observe?: (response: EngineResponse, transfer: ArrayBuffer[]) => void,
): EngineClient {
  let handler: ((response: EngineResponse) => void) | undefined;
  let closed = false;
  const host = new EngineHost(module, (response, transfer) => {
    observe?.(response, transfer);
    const copy = structuredClone(response, { transfer });
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
      host.dispose();
    },
  };
  return new EngineClient(port);
}

/**
 * The engine in the calling thread, for Vitest and the CLI. Messages still go through the
 * protocol and are structured-cloned both ways, exactly as they would cross to a worker. `hosts`
 * above 1 interleaves that many hosts in this thread: the pool's protocol, without the speed-up.
 * `keep`: what it computed is given again for the same request (false to time the engine itself).
 */
export function createInProcessEngine(
  module: ArchexModule | Promise<ArchexModule>,
  hosts = 1,
  keep = true,
): PoolEngine {
  const loaded = Promise.resolve(module);
  const cache = keep ? outcomeCache() : null;
  return new PoolEngine(() => inProcessClient(loaded), hosts, undefined, undefined, cache);
}
