// The packed package's engine threads in Node, for the library (app/lib/node.ts) and its bin
// (app/cli/package_bin.ts): each is bundled into the package's root, beside node_worker.js and
// archex.wasm.
import { Worker } from 'node:worker_threads';

import type { ThreadStart } from '../engine/thread_engine';

/** The package's folder, which holds archex.wasm. */
export const packageDir = new URL('./', import.meta.url);

/** Starts one engine thread: node_worker.js. */
export const startPackageThread: ThreadStart = (workerData) =>
  new Worker(new URL('./node_worker.js', import.meta.url), { workerData });
