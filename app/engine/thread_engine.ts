import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

import { EngineClient } from './client';
import { MAX_MEMORY_MB } from './node_module';
import { PoolEngine, outcomeCache } from './pool_engine';
import type { EngineRequest, EngineResponse } from './protocol';

// Node does not pass tsx's TypeScript loader on to worker threads, so each registers it first.
const BOOTSTRAP = `import('tsx/esm/api').then((tsx) => {
  tsx.register();
  return import(${JSON.stringify(new URL('./thread_worker.ts', import.meta.url).href)});
});`;

/**
 * One Node worker thread hosting the engine, its memory capped at `maxMemoryMB`; `onStart` sees
 * each thread started (a test's way to end one).
 */
function threadClient(
  index: number,
  maxMemoryMB: number,
  onStart?: (thread: Worker, index: number) => void,
): EngineClient {
  const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { maxMemoryMB } });
  let closing = false;
  const client = new EngineClient({
    post: (request: EngineRequest) => worker.postMessage(request),
    listen: (handler) => worker.on('message', (response: EngineResponse) => handler(response)),
    close: () => {
      closing = true;
      void worker.terminate();
    },
  });
  worker.on('error', (error) =>
    client.fail(`The engine's thread ${index + 1} failed (${error.message}).`),
  );
  worker.on('exit', (code) => {
    if (!closing)
      client.fail(`The engine's thread ${index + 1} stopped without a word (exit code ${code}).`);
  });
  onStart?.(worker, index);
  return client;
}

/** The cores Node reports: the CLI's default for --jobs. */
export const defaultJobs = availableParallelism;

/**
 * The engine on `jobs` Node worker threads (the CLI's --jobs), each using at most `maxMemoryMB`
 * (the CLI's --max-memory); a sweep's points run in parallel. `keep`: what it computed is given
 * again for the same request (false to time the engine itself).
 */
export function createThreadEngine(
  jobs: number,
  maxMemoryMB = MAX_MEMORY_MB,
  onStart?: (thread: Worker, index: number) => void,
  keep = true,
): PoolEngine {
  const cache = keep ? outcomeCache() : null;
  return new PoolEngine(
    (index) => threadClient(index, maxMemoryMB, onStart),
    jobs,
    undefined,
    undefined,
    cache,
  );
}
