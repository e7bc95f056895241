// Vitest's global setup for the unit project: one place that runs each engine request once for the
// whole suite. Several test files run every shipped preset whole (its targets, its charts, its
// figures) and the tour walker runs most of them again; each asks this server, which runs a
// request the first time on one of its threads and gives the same bytes to every later asker.
// Runs start only when a test asks, so a single file run alone runs only what it needs.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { TestProject } from 'vitest/node';

import type { RunRequest } from '../engine/types';
import type { ThreadAnswer } from './shared_runs_thread';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The address of the server that runs each request once (shared_runs.ts asks it). */
    sharedRunsUrl: string;
  }
}

// Node does not pass tsx's TypeScript loader on to worker threads, so each registers it first.
const BOOTSTRAP = `import('tsx/esm/api').then((tsx) => {
  tsx.register();
  return import(${JSON.stringify(new URL('./shared_runs_thread.ts', import.meta.url).href)});
});`;

/** A request's key: the same model, parameters and seed are the same run. */
export function requestKey(request: RunRequest): string {
  const params = Object.fromEntries(
    Object.entries(request.params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return JSON.stringify([request.model, params, request.seed]);
}

/** Threads that each run one request at a time, the next waiting request when one is free. */
function threadPool(size: number) {
  type Job = { request: RunRequest; done: (answer: ThreadAnswer) => void };
  const waiting: Job[] = [];
  const idle: Worker[] = [];
  const all: Worker[] = [];
  const running = new Map<Worker, Job>();
  const give = (thread: Worker) => {
    const job = waiting.shift();
    if (!job) {
      idle.push(thread);
      return;
    }
    running.set(thread, job);
    thread.postMessage(job.request);
  };
  const start = () => {
    const thread = new Worker(BOOTSTRAP, { eval: true });
    thread.on('message', (answer: ThreadAnswer) => {
      running.get(thread)?.done(answer);
      running.delete(thread);
      give(thread);
    });
    // A thread that fails fails its request, in words, rather than the whole suite.
    thread.on('error', (error) => {
      running.get(thread)?.done({ error: `the shared runs' thread failed: ${error.message}` });
      running.delete(thread);
      all.splice(all.indexOf(thread), 1);
      if (waiting.length > 0) start();
    });
    all.push(thread);
    give(thread);
  };
  return {
    run(request: RunRequest): Promise<ThreadAnswer> {
      return new Promise((done) => {
        waiting.push({ request, done });
        const free = idle.pop();
        if (free) give(free);
        else if (all.length < size) start();
      });
    },
    close: () => Promise.all(all.map((thread) => thread.terminate())),
  };
}

export default async function setup(project: TestProject) {
  const pool = threadPool(availableParallelism());
  const answers = new Map<string, Promise<ThreadAnswer>>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RunRequest;
      const key = requestKey(request);
      if (!answers.has(key)) answers.set(key, pool.run(request));
      void answers.get(key)!.then((answer) => {
        if ('error' in answer) {
          res.writeHead(500, { 'content-type': 'text/plain' }).end(answer.error);
        } else {
          res.writeHead(200, { 'content-type': 'application/octet-stream' });
          res.end(Buffer.from(answer.outcome));
        }
      });
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  project.provide('sharedRunsUrl', `http://127.0.0.1:${port}/run`);
  return async () => {
    server.close();
    await pool.close();
  };
}
