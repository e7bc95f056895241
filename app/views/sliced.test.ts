// Work in slices: run whole or a slice at a time between tasks, the same answer either way, its
// progress reported after each slice, and abandoned (its generator ended) when aborted.
import { describe, expect, it } from 'vitest';

import { isAbortError } from '../engine/engine';
import type { Sliced } from './sliced';
import { finish, runSliced } from './sliced';

function* count(to: number, ended: { yes: boolean }): Sliced<number> {
  let sum = 0;
  try {
    for (let i = 1; i <= to; i++) {
      sum += i;
      yield i / to;
    }
    return sum;
  } finally {
    ended.yes = true;
  }
}

describe('finish() / runSliced()', () => {
  it('give the same answer; a slice of 0 ms runs one step, so progress comes after each', async () => {
    const ended = { yes: false };
    expect(finish(count(10, ended))).toBe(55);
    const progress: number[] = [];
    const value = await runSliced(count(10, { yes: false }), {
      sliceMs: 0,
      onProgress: (p) => progress.push(p),
    });
    expect(value).toBe(55);
    expect(progress).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
  });

  it('ends the work and rejects with an AbortError once aborted', async () => {
    const controller = new AbortController();
    const ended = { yes: false };
    const steps: number[] = [];
    const run = runSliced(count(1000, ended), {
      sliceMs: 0,
      signal: controller.signal,
      onProgress: (p) => {
        steps.push(p);
        if (steps.length === 3) controller.abort();
      },
    });
    const error = await run.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isAbortError(error)).toBe(true);
    expect(steps).toHaveLength(3);
    expect(ended.yes).toBe(true);
  });
});
