import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

import { EngineClient } from './client';
import { MAX_MEMORY_MB } from './memory';
import { PoolEngine } from './pool_engine';
import { outcomeCache } from './pool_points';
import type { EngineRequest, EngineResponse } from './protocol';

/** What a thread hosting the engine is told as it starts. */
export interface ThreadData {
  maxMemoryMB: number;
}

/** Starts one thread that hosts the engine (thread_worker.ts, or the library's built copy). */
export type ThreadStart = (data: ThreadData) => Worker;

// Node does not pass tsx's TypeScript loader on to worker threads, so each registers it first.
const BOOTSTRAP = `import('tsx/esm/api').then((tsx) => {
  tsx.register();
  return import(${JSON.stringify(new URL('./thread_worker.ts', import.meta.url).href)});
});`;

/** The repository's thread: thread_worker.ts run through tsx (the CLI, the bench, the tests). */
const tsxThread: ThreadStart = (workerData) => new Worker(BOOTSTRAP, { eval: true, workerData });

export interface ThreadEngineOptions {
  /** The memory each thread may use (the CLI's --max-memory). */
  maxMemoryMB?: number;
  /** Sees each thread started (a test's way to end one; the library's to let a script end). */
  onStart?: (thread: Worker, index: number) => void;
  /** What it computed is given again for the same request (false to time the engine itself). */
  keep?: boolean;
  start?: ThreadStart;
}

function threadClient(
  index: number,
  start: ThreadStart,
  data: ThreadData,
  onStart?: (thread: Worker, index: number) => void,
): EngineClient {
  const worker = start(data);
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

/** The engine on `jobs` Node worker threads (the CLI's --jobs): a sweep's points run in parallel. */
export function createThreadEngine(jobs: number, options: ThreadEngineOptions = {}): PoolEngine {
  const { maxMemoryMB = MAX_MEMORY_MB, onStart, keep = true, start = tsxThread } = options;
  return new PoolEngine(
    (index) => threadClient(index, start, { maxMemoryMB }, onStart),
    jobs,
    undefined,
    undefined,
    keep ? outcomeCache() : null,
  );
}
