import { describe, expect, it } from 'vitest';

import { createInProcessEngine } from './in_process_engine';
import { loadNodeModule } from './node_module';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { presetParams } from '../presets/schema';
import type { ProgressTrace, Sample } from './time_left';
import {
  ASK_BEYOND_MS,
  JUDGE_AFTER_MS,
  coverage,
  formatTimeLeft,
  sweepTimeLeft,
  timeLeftMs,
  timeLeftRange,
  worthAsking,
} from './time_left';

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
    expect(left.low).toBeCloseTo(2_000_000 - 2100, -3);
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

describe('timeLeftMs()', () => {
  it('follows a sweep of equal points exactly, and gives none before progress', () => {
    // Ten points of 200 ms each, reported as each ends.
    for (let done = 1; done <= 10; done++) {
      const left = timeLeftMs({ fraction: done / 10, elapsedMs: done * 200 });
      expect(left).toBeCloseTo((10 - done) * 200, 6);
    }
    expect(timeLeftMs({ fraction: 0, elapsedMs: 500 })).toBeNaN();
  });

  it('is within a factor 1.5 of the time a real J-Machine sweep then takes, estimated at 30 %', async () => {
    const preset = loadPresetsFromDisk().find((p) => p.id === 'jmachine-latency-load')!;
    const engine = createInProcessEngine(loadNodeModule());
    // This process's CPU time as the clock: other test files running beside this one slow the
    // wall clock unevenly, not the work done here.
    const cpuMs = () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    const started = cpuMs();
    let at30: { estimate: number; spentMs: number } | null = null;
    await engine.run(
      { model: preset.model, params: presetParams(preset), seed: preset.seed },
      {
        onProgress: (p) => {
          if (p.fraction < 0.3 || at30) return;
          const spentMs = cpuMs() - started;
          at30 = { estimate: timeLeftMs({ fraction: p.fraction, elapsedMs: spentMs }), spentMs };
        },
      },
    );
    const totalMs = cpuMs() - started;
    engine.dispose();
    expect(at30).not.toBeNull();
    const { estimate, spentMs } = at30!;
    // Times of the same run compared as a ratio: the machine's speed cancels out.
    const ratio = estimate / (totalMs - spentMs);
    expect(ratio).toBeGreaterThan(1 / 1.5);
    expect(ratio).toBeLessThan(1.5);
  });
});

describe('coverage()', () => {
  it('counts the ranges shown that held the time really left, first and all, as they read', () => {
    const traces = [
      // Held each time: 7 s left at 3 s (shown as 6.9-7.2 s), 5 s at 5 s (5.4 s reads "about 5 s").
      {
        preset: 'a',
        totalMs: 10_000,
        shown: [
          [3000, 6900, 7200],
          [5000, 5400, 5400],
        ],
      },
      // Far too short each time.
      { preset: 'b', totalMs: 33_000, shown: [[3000, 7000, 8000]] },
    ] as ProgressTrace[];
    const c = coverage(traces);
    expect(c.runs).toBe(2);
    expect(c.firstHeld).toBe(0.5);
    expect(c.allHeld).toBeCloseTo(2 / 3, 9);
  });
});

describe('sweepTimeLeft()', () => {
  it('gives none before a point has finished', () => {
    expect(sweepTimeLeft({ lanes: 2, done: [], running: [], pending: [1, 1] })).toBeNull();
  });

  it('places the points left on the lanes: ten equal points of 100 ms on two', () => {
    // Two done, two just started, six to go: 400 ms left, within the range.
    const left = sweepTimeLeft({
      lanes: 2,
      done: [
        { weight: 1, ms: 100 },
        { weight: 1, ms: 100 },
      ],
      running: [
        { weight: 1, ms: 0, fraction: 0 },
        { weight: 1, ms: 0, fraction: 0 },
      ],
      pending: [1, 1, 1, 1, 1, 1],
    })!;
    expect(left.low).toBeLessThanOrEqual(400);
    expect(left.high).toBeGreaterThanOrEqual(400);
  });

  it('narrows as points finish', () => {
    const width = (finished: number) => {
      const left = sweepTimeLeft({
        lanes: 2,
        done: Array.from({ length: finished }, () => ({ weight: 1, ms: 100 })),
        running: [],
        pending: [1, 1],
      })!;
      return left.high / left.low;
    };
    expect(width(8)).toBeLessThan(width(4));
    expect(width(4)).toBeLessThan(width(2));
  });

  it("learns how time grows with a point's work from the points finished", () => {
    // Time as the square of the weight: the 16-weight point left takes about 256 ms.
    const left = sweepTimeLeft({
      lanes: 1,
      done: [1, 2, 4, 8].map((w) => ({ weight: w, ms: w * w - 1 })),
      running: [],
      pending: [16],
    })!;
    expect(left.low).toBeLessThanOrEqual(256);
    expect(left.high).toBeGreaterThanOrEqual(256);
    expect(Math.sqrt(left.low * left.high)).toBeCloseTo(256, -1);
  });

  it("trusts a running point's own progress once it has some", () => {
    // Predicted 100 ms from its finished twin, but half done after 500 ms: 500 ms more.
    const left = sweepTimeLeft({
      lanes: 1,
      done: [{ weight: 1, ms: 100 }],
      running: [{ weight: 1, ms: 500, fraction: 0.5 }],
      pending: [],
    })!;
    expect(left.high).toBeGreaterThanOrEqual(500);
  });
});
