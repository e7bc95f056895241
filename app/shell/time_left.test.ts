import { describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { presetParams } from '../presets/schema';
import {
  ASK_BEYOND_MS,
  JUDGE_AFTER_MS,
  formatTimeLeft,
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

describe('timeLeftRange()', () => {
  it('spans the average rate so far and the last two seconds', () => {
    // 10 % in the first second, then 1 % a second: a network filling up.
    const samples = [
      { fraction: 0.1, elapsedMs: 1000 },
      { fraction: 0.11, elapsedMs: 2000 },
      { fraction: 0.12, elapsedMs: 3000 },
    ];
    const left = timeLeftRange(samples)!;
    expect(left.low).toBeCloseTo((3000 / 0.12) * 0.88, 6);
    expect(left.high).toBeCloseTo((2000 / 0.02) * 0.88, 6);
    expect(timeLeftRange([{ fraction: 0, elapsedMs: 500 }])).toBeNull();
  });
});

describe('worthAsking()', () => {
  it('asks only after the first second, and only for a run longer than a minute', () => {
    const slow = { fraction: 0.001, elapsedMs: JUDGE_AFTER_MS };
    expect(worthAsking([slow])!.high).toBeGreaterThan(ASK_BEYOND_MS);
    expect(worthAsking([{ ...slow, elapsedMs: JUDGE_AFTER_MS - 1 }])).toBeNull();
    // 2 % a second: under a minute.
    expect(worthAsking([{ fraction: 0.02, elapsedMs: JUDGE_AFTER_MS }])).toBeNull();
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
