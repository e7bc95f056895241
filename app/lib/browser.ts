// The library in browsers: the engine in module Web Workers (web_worker.js, beside this file in
// the package, told where archex.wasm is), so no run blocks the page. A page of another origin than the package's (a
// notebook importing it from a CDN) may not start a worker from its URL: the worker is then
// started from a same-origin blob that imports it. A page that refuses both (a strict content
// security policy) gets the refusal in words on the first request, not a hang.
import shipped from 'archex:presets';

import { createWorkerEngine } from '../engine/worker_engine';
import type { Archex } from './api';
import { archexOver, sharedArchex } from './archex';
import type { ArchexOptions } from './options';
import { checkedThreads } from './options';

export * from './api';
export type { ArchexOptions } from './options';

function startWorker(name: string): Worker {
  const url = new URL('./web_worker.js', import.meta.url);
  url.hash = encodeURIComponent(new URL('./archex.wasm', import.meta.url).href);
  try {
    return new Worker(url, { type: 'module', name });
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'SecurityError')) throw error;
    const bootstrap = new Blob([`import ${JSON.stringify(url.href)};`], {
      type: 'text/javascript',
    });
    return new Worker(URL.createObjectURL(bootstrap), { type: 'module', name });
  }
}

/** The engine in Web Workers: `threads` of them (default one per core the browser reports). */
export function createArchex(options: ArchexOptions = {}): Archex {
  const threads = checkedThreads(options.threads, navigator.hardwareConcurrency || 1);
  return archexOver(createWorkerEngine(threads, startWorker), shipped);
}

export const { presets, preset, run, trace, perfetto, describe, validate, models } = sharedArchex(
  createArchex,
  shipped,
);
