import type { Engine } from './engine';
import { startModuleWorker } from './start_worker';
import { createWorkerEngine } from './worker_engine';
import workerUrl from './worker.ts?worker&url';

/**
 * The explorer's engine: its worker (worker.ts) built with the page, one per core the browser
 * reports (at least 1). Vite gives the built worker's address (`?worker&url`, a default export
 * the lint cannot see: .oxlintrc.json), which start_worker.ts also imports from a blob.
 */
export function createPageEngine(): Engine {
  return createWorkerEngine(navigator.hardwareConcurrency || 1, (name) =>
    startModuleWorker(new URL(workerUrl, import.meta.url), name),
  );
}
