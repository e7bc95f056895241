// A test's way to the runs the whole unit suite shares (shared_runs_setup.ts): each request runs
// once, on the setup's threads, and every test that asks for it gets the same outcome.
import { request as httpRequest } from 'node:http';
import { deserialize } from 'node:v8';
import { inject } from 'vitest';

import type { Engine, RunOutcome } from '../engine/engine';
import type { Preset } from './schema';
import { presetParams } from './schema';
import type { RunRequest } from '../engine/types';

/**
 * The outcome of `request`, run once for the whole suite. Asked over node:http, which sets no
 * time limit: a request queued behind whole presets on a busy host may wait many minutes (fetch
 * would give up after five).
 */
export function sharedRun(request: RunRequest): Promise<RunOutcome> {
  return new Promise((resolve, reject) => {
    const asked = httpRequest(inject('sharedRunsUrl'), { method: 'POST' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode === 200) resolve(deserialize(body) as RunOutcome);
        else reject(new Error(body.toString('utf8')));
      });
    });
    asked.on('error', reject);
    asked.end(JSON.stringify(request));
  });
}

/** A preset's whole run with its own parameters and seed, as the explorer first runs it. */
export function presetRun(preset: Preset): Promise<RunOutcome> {
  return sharedRun({ model: preset.model, params: presetParams(preset), seed: preset.seed });
}

/** `engine`, but its runs are the suite's shared runs (the rest is the engine's own). */
export function sharingRuns(engine: Engine): Engine {
  return {
    listModels: (signal) => engine.listModels(signal),
    run: (request) => sharedRun(request),
    describe: (model, params, signal) => engine.describe(model, params, signal),
    trace: (request, options) => engine.trace(request, options),
    onPendingChange: (listener) => engine.onPendingChange(listener),
    get unwatched() {
      return engine.unwatched;
    },
    dispose: () => engine.dispose(),
  };
}
