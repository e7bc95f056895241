import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { presetParams } from '../presets/schema';
import { RunStatus, SHOW_PROGRESS_AFTER_MS, timeLeftMs } from './RunStatus';

const partial = { scalars: [], series: [] };

describe('<RunStatus>', () => {
  it('shows nothing for a run shorter than the threshold', () => {
    const progress = { fraction: 0.5, elapsedMs: SHOW_PROGRESS_AFTER_MS - 1, partial };
    expect(renderToStaticMarkup(<RunStatus progress={progress} />)).toBe('');
    expect(renderToStaticMarkup(<RunStatus progress={null} />)).toBe('');
  });

  it('shows the fraction, the time so far and the time left for a long run', () => {
    const html = renderToStaticMarkup(
      <RunStatus progress={{ fraction: 0.25, elapsedMs: 1000, partial }} />,
    );
    expect(html).toContain('value="0.25"');
    // 1 s for a quarter: 3 s to go.
    expect(html).toContain('25 % · 1.0 s elapsed · about 3.0 s left');
  });

  it('gives no estimate before any progress', () => {
    const html = renderToStaticMarkup(
      <RunStatus progress={{ fraction: 0, elapsedMs: 400, partial }} />,
    );
    expect(html).toContain('0 % · 0.4 s elapsed</span>');
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
