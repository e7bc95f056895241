// A thread of the shared-runs server (shared_runs_setup.ts): the engine in-process, as the tests
// run it, one request at a time; the outcome goes back serialized (typed arrays and all).
import { serialize } from 'node:v8';
import { parentPort } from 'node:worker_threads';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { RunRequest } from '../engine/types';

export type ThreadAnswer = { outcome: Uint8Array } | { error: string };

// The server keeps every outcome; the engine need not keep them too.
const engine = createInProcessEngine(loadNodeModule(), 1, false);

parentPort!.on('message', (request: RunRequest) => {
  engine.run(request).then(
    (outcome) => parentPort!.postMessage({ outcome: serialize(outcome) } satisfies ThreadAnswer),
    (error: unknown) =>
      parentPort!.postMessage({
        error: error instanceof Error ? error.message : String(error),
      } satisfies ThreadAnswer),
  );
});
