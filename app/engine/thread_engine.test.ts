import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';

import { EngineError } from './engine';
import { createInProcessEngine } from './in_process_engine';
import { loadNodeModule } from './node_module';
import { createThreadEngine } from './thread_engine';
import type { Params } from './types';

const loop: Params = { dims: [4, 4], message_words: [2], grain_cycles: [0, 50], max_cycles: 1500 };

describe('createThreadEngine()', () => {
  it('a thread ended mid-sweep fails the run saying so; the next run goes on a fresh one', async () => {
    const threads: Worker[] = [];
    const engine = createThreadEngine(2, {
      maxMemoryMB: 256,
      onStart: (thread, index) => {
        threads[index] = thread;
      },
    });
    try {
      // Busy 8x8 networks measured to a tight confidence: seconds a point.
      const long = { ...loop, dims: [8, 8], grain_cycles: [0, 1, 2, 3], confidence_percent: 0.5 };
      let running = false;
      const run = engine.run(
        { model: 'jmachine_loop', params: { ...long, max_cycles: 1e6 }, seed: 1 },
        { onProgress: () => (running = true) },
      );
      await expect.poll(() => running && threads.length === 2, { timeout: 60_000 }).toBe(true);
      // Killed from outside, as an operating system would: no word from the thread itself.
      await threads[1]!.terminate();
      const error = await run.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).message).toMatch(
        /^The engine's thread 2 stopped without a word \(exit code \d+\)\. It was running point \d of the 4 of its sweep\. A fresh one takes its place for the next run/,
      );
      const next = await engine.run({ model: 'jmachine_loop', params: loop, seed: 3 });
      const alone = createInProcessEngine(loadNodeModule());
      const expected = await alone.run({ model: 'jmachine_loop', params: loop, seed: 3 });
      alone.dispose();
      expect(next.result).toStrictEqual(expected.result);
      expect(threads).toHaveLength(2);
      expect(threads[1]!.threadId).not.toBe(-1);
    } finally {
      engine.dispose();
    }
  }, 120_000);
});
