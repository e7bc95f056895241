import type { Engine } from './engine';
import { createWorkerEngine } from './worker_engine';

/**
 * The explorer's engine: its worker (worker.ts) built with the page, one per core the browser
 * reports (at least 1).
 */
export function createPageEngine(): Engine {
  return createWorkerEngine(
    navigator.hardwareConcurrency || 1,
    (name) => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name }),
  );
}
