import { afterEach, describe, expect, it, vi } from 'vitest';

import type { RunProgress } from './engine';
import type { RunEstimate } from './run_watch';
import { RunWatch, TimeLimitError, parseDuration } from './run_watch';

const EMPTY = { scalars: [], series: [], networks: [], timelines: [] };

/** A sweep of 12 equal points on 2 lanes at `elapsedMs`, `done` of them finished in 30 s each. */
function sweepAt(elapsedMs: number, done: number): RunProgress {
  return {
    fraction: done / 12,
    elapsedMs,
    partial: EMPTY,
    sweep: {
      lanes: 2,
      done: Array.from({ length: done }, () => ({ weight: 1, ms: 30_000, agoMs: 0 })),
      running: [
        { weight: 1, ms: 1000, fraction: 0.1 },
        { weight: 1, ms: 1000, fraction: 0.1 },
      ],
      pending: Array.from({ length: 10 - done }, () => 1),
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('RunWatch', () => {
  it('says the estimate of a run longer than a minute once, with its points', () => {
    const said: RunEstimate[] = [];
    const watch = new RunWatch({ onEstimate: (e) => said.push(e) });
    watch.onProgress(sweepAt(500, 0));
    watch.onProgress(sweepAt(31_000, 1));
    watch.onProgress(sweepAt(61_000, 2));
    watch.onProgress(sweepAt(91_000, 3));
    expect(said).toHaveLength(1);
    expect(said[0]!.points).toBe(12);
    expect(said[0]!.secondsLow).toBeGreaterThan(60);
    expect(said[0]!.secondsHigh).toBe(said[0]!.secondsLow);
    expect(said[0]!.afterSeconds).toBe(61);
    watch.dispose();
  });

  it('says nothing of a run that will end within a minute', () => {
    const said: RunEstimate[] = [];
    const watch = new RunWatch({ onEstimate: (e) => said.push(e) });
    // A run that is not a sweep, half done in 3 s: 3 s left.
    for (const [ms, fraction] of [
      [500, 0.05],
      [3000, 0.5],
    ] as const)
      watch.onProgress({ fraction, elapsedMs: ms, partial: EMPTY });
    expect(said).toEqual([]);
    watch.dispose();
  });

  it('stops the run at its time limit, saying the limit and the points finished', () => {
    vi.useFakeTimers();
    const watch = new RunWatch({ timeLimitSeconds: 600 });
    watch.onProgress(sweepAt(500, 3));
    vi.advanceTimersByTime(599_000);
    expect(watch.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(watch.signal.aborted).toBe(true);
    const error = watch.failure(new DOMException('cancelled', 'AbortError'));
    expect(error).toBeInstanceOf(TimeLimitError);
    expect((error as Error).message).toBe(
      'the run reached its time limit of 10 min with 3 of 12 points finished',
    );
  });

  it("passes the caller's abort on, and leaves its error as it is", () => {
    const caller = new AbortController();
    const watch = new RunWatch({ signal: caller.signal, timeLimitSeconds: 60 });
    caller.abort();
    expect(watch.signal.aborted).toBe(true);
    const abort = new DOMException('cancelled', 'AbortError');
    expect(watch.failure(abort)).toBe(abort);
    watch.dispose();
  });
});

describe('parseDuration', () => {
  it('reads seconds, minutes, hours and days', () => {
    expect(parseDuration('90', '--time-limit')).toBe(90);
    expect(parseDuration('90s', '--time-limit')).toBe(90);
    expect(parseDuration('10m', '--time-limit')).toBe(600);
    expect(parseDuration('1.5h', '--time-limit')).toBe(5400);
    expect(parseDuration('2d', '--time-limit')).toBe(172_800);
  });

  it('refuses what is no time from 1 s to 20 days, naming the option and the range', () => {
    for (const bad of ['0', '0.5s', '21d', '10x', '-5m', '', 'm', '1e3']) {
      expect(() => parseDuration(bad, '--time-limit')).toThrow(
        `--time-limit ${bad}: want a time from 1 s to 20 days, as a number of seconds or with ` +
          'a unit: 90s, 10m, 2h, 1d',
      );
    }
  });
});
