// A test's way to the runs the whole unit suite shares (shared_runs_setup.ts): each request runs
// once, on the setup's threads, and every test that asks for it gets the same outcome.
import { deserialize } from 'node:v8';
import { inject } from 'vitest';

import type { Engine, RunOutcome } from '../engine/engine';
import type { Preset } from './schema';
import { presetParams } from './schema';
import type { RunRequest } from '../engine/types';

/** The outcome of `request`, run once for the whole suite. */
export async function sharedRun(request: RunRequest): Promise<RunOutcome> {
  const response = await fetch(inject('sharedRunsUrl'), {
    method: 'POST',
    body: JSON.stringify(request),
  });
  if (!response.ok) throw new Error(await response.text());
  return deserialize(new Uint8Array(await response.arrayBuffer())) as RunOutcome;
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
