// The library in Node: the engine on worker threads (node_worker.js, beside this file in the
// package). Threads hold the process only while a request is in flight, so a script ends when
// its work does, without dispose().
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';

import shipped from 'archex:presets';

import { createThreadEngine } from '../engine/thread_engine';
import type { Archex } from './api';
import { archexOver, sharedArchex } from './archex';
import type { ArchexOptions } from './options';
import { checkedMemory, checkedThreads } from './options';
import { startPackageThread } from '../headless/package_thread';

export * from './api';
export type { ArchexOptions } from './options';

/** The engine on Node worker threads: `threads` of them (default one per core). */
export function createArchex(options: ArchexOptions = {}): Archex {
  const threads = checkedThreads(options.threads, availableParallelism());
  const maxMemoryMB = checkedMemory(options.maxMemoryMB);
  const live = new Set<Worker>();
  let busy = false;
  const engine = createThreadEngine(threads, {
    maxMemoryMB,
    start: startPackageThread,
    onStart: (thread) => {
      live.add(thread);
      thread.on('exit', () => live.delete(thread));
      if (!busy) thread.unref();
    },
  });
  engine.onPendingChange((pending) => {
    busy = pending > 0;
    for (const thread of live) {
      if (busy) thread.ref();
      else thread.unref();
    }
  });
  return archexOver(engine, shipped);
}

export const { presets, preset, run, trace, perfetto, describe, validate, models } = sharedArchex(
  createArchex,
  shipped,
);
