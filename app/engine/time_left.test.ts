import { describe, expect, it } from 'vitest';

import { readFileSync } from 'node:fs';

import type { Sample, SweepState } from './time_left';
import {
  ASK_BEYOND_MS,
  JUDGE_AFTER_MS,
  SWEEP_FIRST_MS,
  formatTimeLeft,
  judgeTimeLeft,
  ownError,
  shownTimeLeft,
  sweepTimeLeft,
  timeLeftRange,
  worthAsking,
} from './time_left';
import type { RecordedRun } from './time_left_replay';
import { judgeRuns } from './time_left_replay';

describe('formatTimeLeft()', () => {
  it('reads at a glance, in the unit of the longer end', () => {
    // The run: "about 228,674-534,899 s".
    expect(formatTimeLeft({ low: 228_674_000, high: 534_899_000 })).toBe('about 3-6 days');
    expect(formatTimeLeft({ low: 40_000, high: 42_000 })).toBe('about 40-42 s');
    expect(formatTimeLeft({ low: 300, high: 300 })).toBe('about 1 s');
    expect(formatTimeLeft({ low: 30_000, high: 150_000 })).toBe('about 1-3 min');
    expect(formatTimeLeft({ low: 3 * 3600e3, high: 3.2 * 3600e3 })).toBe('about 3 h');
    expect(formatTimeLeft({ low: 86_400e3, high: 86_400e3 })).toBe('about 24 h');
    expect(formatTimeLeft({ low: 2 * 86_400e3, high: 2.2 * 86_400e3 })).toBe('about 2 days');
    expect(formatTimeLeft({ low: 3e12, high: 4e12 })).toBe('about 95-127 years');
  });
});

/**
 * The samples a run reports every 100 ms of a fake clock, from `progress` (the fraction done at a
 * time), up to `until` ms or its end.
 */
function reported(progress: (ms: number) => number, until: number): Sample[] {
  const out: Sample[] = [];
  for (let ms = 100; ms <= until; ms += 100) {
    const fraction = Math.min(1, progress(ms));
    out.push({ fraction, elapsedMs: ms });
    if (fraction >= 1) break;
  }
  return out;
}

/** Each prefix of the samples, as the run has them at each report. */
const prefixes = (samples: Sample[]) => samples.map((_, i) => samples.slice(0, i + 1));

describe('timeLeftRange()', () => {
  it('spans the rate since the first progress and over the last second', () => {
    const samples = [
      { fraction: 0, elapsedMs: 500 },
      { fraction: 0.05, elapsedMs: 1000 },
      { fraction: 0.25, elapsedMs: 2000 },
      { fraction: 0.3, elapsedMs: 3000 },
    ];
    const left = timeLeftRange(samples)!;
    expect(left.low).toBeCloseTo((2000 / 0.25) * 0.7, 6);
    expect(left.high).toBeCloseTo((1000 / 0.05) * 0.7, 6);
  });

  it('gives none until the run has made progress for a while', () => {
    expect(timeLeftRange([{ fraction: 0, elapsedMs: 5000 }])).toBeNull();
    const early = [
      { fraction: 0.01, elapsedMs: 3000 },
      { fraction: 0.2, elapsedMs: 3000 + JUDGE_AFTER_MS - 1 },
    ];
    expect(timeLeftRange(early)).toBeNull();
    expect(
      timeLeftRange([...early, { fraction: 0.21, elapsedMs: 3000 + JUDGE_AFTER_MS }]),
    ).not.toBeNull();
  });
});

describe('worthAsking()', () => {
  it('holds no run of seconds whose first second went on starting its workers', () => {
    // The fresh open: nothing for 990 ms, then the first slices (16 cycles of 41,000 on
    // 2 of 11 points), then 10 % a second: done at 11.1 s. Judged on its first second it read
    // as about 28 h.
    const samples = reported(
      (ms) => (ms < 1000 ? 0 : ms < 1100 ? 7e-5 : (ms - 1100) / 10_000),
      20_000,
    );
    for (const seen of prefixes(samples)) {
      expect(worthAsking(seen), `at ${seen.at(-1)!.elapsedMs} ms`).toBeNull();
      const left = timeLeftRange(seen);
      if (!left) continue;
      // Once it says a time, the time is right within a factor 1.5.
      const truth = 11_100 - seen.at(-1)!.elapsedMs;
      expect(left.low, `at ${seen.at(-1)!.elapsedMs} ms`).toBeLessThanOrEqual(truth * 1.5);
      expect(left.high, `at ${seen.at(-1)!.elapsedMs} ms`).toBeGreaterThanOrEqual(truth / 1.5);
    }
    expect(timeLeftRange(samples.slice(0, 20))).toBeNull();
  });

  it('holds a run of hours once its progress says so, at both of its rates', () => {
    // 0.05 % a second from 800 ms on: about 33 min.
    const samples = reported((ms) => Math.max(0, (ms - 800) / 2_000_000), 10_000);
    const held = prefixes(samples).find((seen) => worthAsking(seen) !== null)!;
    expect(held.at(-1)!.elapsedMs).toBe(900 + JUDGE_AFTER_MS);
    const left = worthAsking(held)!;
    expect(left.low).toBeGreaterThan(ASK_BEYOND_MS);
    expect(Math.sqrt(left.low * left.high)).toBeCloseTo(2_000_000 - 2100, -3);
    expect(judgeTimeLeft(left, 2_000_000 - 2100)).toBe(true);
  });

  it('holds no run whose recent rate says it ends within the minute', () => {
    // Slow for its first 2 seconds (another run shared the cores), then fast.
    const samples = [
      { fraction: 0.0001, elapsedMs: 1000 },
      { fraction: 0.0002, elapsedMs: 2000 },
      { fraction: 0.03, elapsedMs: 3000 },
    ];
    expect(timeLeftRange(samples)!.high).toBeGreaterThan(ASK_BEYOND_MS);
    expect(worthAsking(samples)).toBeNull();
  });
});

describe('judgeTimeLeft()', () => {
  it('holds a range when every time its words allow is within a factor 2 of the time left', () => {
    const min = 60_000;
    // "about 3-4 min": 3.5 min at most twice the time left, 3.5 min at least half of it.
    const threeToFour = { low: 3 * min, high: 4 * min };
    expect(judgeTimeLeft(threeToFour, 1.75 * min)).toBe(true);
    expect(judgeTimeLeft(threeToFour, 1.7 * min)).toBe(false);
    expect(judgeTimeLeft(threeToFour, 7 * min)).toBe(true);
    expect(judgeTimeLeft(threeToFour, 7.1 * min)).toBe(false);
    // Widening does not help: "about 1-9 min" holds for no time left at all.
    for (const left of [0.5, 1, 2, 3, 4, 5, 9, 18].map((m) => m * min))
      expect(judgeTimeLeft({ low: 1 * min, high: 9 * min }, left)).toBe(false);
    // The TSP paused at 4.6 s, "about 3-4 min" more: a miss when it had 80 s left.
    expect(judgeTimeLeft({ low: 3 * min, high: 4 * min }, 80_000)).toBe(false);
    // The last second: "about 1 s" with 0.4 s left.
    expect(judgeTimeLeft({ low: 300, high: 400 }, 400)).toBe(true);
  });
});

/** A sweep of points of one weight, 2 s each when done, on `lanes`. */
function equalSweep(lanes: number, done: number, running: number, pending: number): SweepState {
  return {
    lanes,
    done: Array.from({ length: done }, () => ({ weight: 1, ms: 2000 })),
    running: Array.from({ length: running }, () => ({ weight: 1, ms: 0, fraction: 0 })),
    pending: Array.from({ length: pending }, () => 1),
  };
}

describe('sweepTimeLeft()', () => {
  it('gives none before a point has finished', () => {
    expect(sweepTimeLeft(equalSweep(2, 0, 2, 2))).toBeNull();
  });

  it('places the points left on the lanes: ten equal points of 2 s on two', () => {
    // Two done, two just started, six to go: 8 s left.
    const left = sweepTimeLeft(equalSweep(2, 2, 2, 6))!;
    expect(Math.sqrt(left.low * left.high)).toBeCloseTo(8000, 6);
    // One point left for two lanes: the point alone, the faster for the core the idle lane frees.
    const last = sweepTimeLeft(equalSweep(2, 9, 0, 1))!;
    expect(Math.sqrt(last.low * last.high)).toBeCloseTo(2000 / 1.5, 6);
  });

  it('says nothing until the finished points took 4 s, not from a point of 100 ms', () => {
    const sweep = equalSweep(2, 1, 1, 8);
    expect(sweepTimeLeft({ ...sweep, done: [{ weight: 1, ms: 100 }] })).toBeNull();
    expect(sweepTimeLeft({ ...sweep, done: [{ weight: 1, ms: 4000 }] })).not.toBeNull();
  });

  it('reads the time a unit of work takes from the latest points most', () => {
    // The cores were shared for the first four points (4 s each, 30 s ago), then free for the
    // last four (1 s, within the last second).
    const left = sweepTimeLeft({
      lanes: 1,
      done: [4000, 4000, 4000, 4000, 1000, 1000, 1000, 1000].map((ms, i) => ({
        weight: 1,
        ms,
        agoMs: i < 4 ? 30_000 : 1000,
      })),
      running: [],
      pending: [1, 1, 1, 1],
    })!;
    const middle = Math.sqrt(left.low * left.high);
    expect(middle).toBeLessThan(4 * 1500);
    expect(middle).toBeGreaterThan(4 * 1000);
  });

  it("weighs a running point's own progress by how well it told the finished points' times", () => {
    // Predicted about 2 s from its finished twins, half done after 4 s by its own progress.
    const sweep = (told: number | undefined): SweepState => ({
      lanes: 1,
      done: [1600, 2000, 2500].map((ms) => ({ weight: 1, ms, ownError: told })),
      running: [{ weight: 1, ms: 4000, fraction: 0.5 }],
      pending: [],
    });
    const middle = (s: SweepState) => {
      const left = sweepTimeLeft(s)!;
      return Math.sqrt(left.low * left.high);
    };
    // Its twins' own progress told their times well: about 4 s more, as it says.
    expect(middle(sweep(0))).toBeGreaterThan(2000);
    // Their own progress was far off, and their work told their times: the work says (a tenth of
    // its time, for a point past its time), much less.
    expect(middle(sweep(2))).toBeLessThan(600);
  });
});

describe('ownError()', () => {
  it('is near 0 for progress that grows as the time does, far from it for TSP-like progress', () => {
    const linear: [number, number][] = Array.from({ length: 20 }, (_, i) => [i * 100, i / 20]);
    expect(ownError(linear, 2000)).toBeLessThan(0.1);
    // The fraction as the cube of the time: its first tasks take longest.
    const cubic: [number, number][] = Array.from({ length: 20 }, (_, i) => [
      i * 100,
      (i / 20) ** 3,
    ]);
    expect(ownError(cubic, 2000)).toBeGreaterThan(1);
    // A fraction that stands still at a half tells nothing either.
    const still: [number, number][] = Array.from({ length: 20 }, (_, i) => [i * 100, 0.5]);
    expect(ownError(still, 2000)).toBeGreaterThan(0.8);
    expect(ownError([], 2000)).toBeUndefined();
  });
});

describe('shownTimeLeft()', () => {
  it("waits for a sweep's first point, or SWEEP_FIRST_MS, before the points' own progress", () => {
    // Two TSP-like points whose own progress is the cube of their time: from it alone the run
    // would read as ten times longer.
    const running = (ms: number): Sample => ({
      fraction: (ms / 8000) ** 3 / 10,
      elapsedMs: ms,
      sweep: {
        lanes: 2,
        done: [],
        running: [0, 1].map(() => ({ weight: 1, ms, fraction: (ms / 8000) ** 3 })),
        pending: Array.from({ length: 18 }, () => 1),
      },
    });
    const samples = Array.from({ length: 60 }, (_, i) => running(100 * (i + 1)));
    for (const seen of prefixes(samples)) expect(shownTimeLeft(seen)).toBeNull();
    const late = Array.from({ length: SWEEP_FIRST_MS / 100 + 10 }, (_, i) => ({
      ...running(100 * (i + 1)),
      sweep: { lanes: 2, done: [], running: [], pending: [1] },
    }));
    expect(shownTimeLeft(late)).not.toBeNull();
  });
});

/**
 * Runs recorded on this project's 2-core machine, shared with other work
 * (fixtures/time_left_runs.jsonl, fixtures/README.md says how): every preset's default run on
 * the explorer's pool of threads, and shards of the longer sweeps as run --shard runs them.
 */
const recorded: RecordedRun[] = readFileSync(
  new URL('./fixtures/time_left_runs.jsonl', import.meta.url),
  'utf8',
)
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as RecordedRun);

describe('the time left shown on recorded runs', () => {
  it('is within a factor 2 of the time really left 9 times in 10, read once a second', () => {
    const judged = judgeRuns(recorded).flatMap((r) => r.judged);
    expect(judged.length).toBeGreaterThan(500);
    const held = judged.filter((j) => j.ok).length / judged.length;
    expect(held).toBeGreaterThanOrEqual(0.9);
  });

  it('pauses to ask only runs that go on, saying their time left within a factor 2', () => {
    // The explorer paused TSP at 4.6 s saying "about 3-4 min" more; the CLI said 8-18 min for
    // shards that took 1-2 min.
    let asked = 0;
    for (const { run, judged } of judgeRuns(recorded)) {
      const ask = judged.find((j) => j.left.low > ASK_BEYOND_MS);
      if (!ask) continue;
      asked++;
      // Within a factor 2 of the time left: over half a minute left, then.
      expect(ask.ok, run.id).toBe(true);
    }
    expect(asked).toBeGreaterThan(3);
  });
});
