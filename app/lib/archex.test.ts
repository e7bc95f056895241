import { describe, expect, it } from 'vitest';

import { validationReport, runPreset } from '../headless/run';
import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import { loadPresetsFromDisk } from '../presets/from_disk';
import type { RunEstimate } from './api';
import { ArchexError } from './api';
import { archexOver } from './archex';

/** The library over one engine in this thread. */
function library() {
  return archexOver(createInProcessEngine(loadNodeModule()), loadPresetsFromDisk());
}

// 1,024 nodes at two loads, each run to 1,000,000 cycles (a confidence target no point reaches
// sooner): tens of minutes on any machine, so the estimate always comes and the test stops it.
const long = {
  dims: [32, 32],
  max_cycles: 1_000_000,
  confidence_percent: 0.5,
  sweep_rates: [0.1],
};

describe('a long run in the library', () => {
  it('gives its estimate once it would take longer than a minute', async () => {
    const archex = library();
    try {
      const stop = new AbortController();
      const said: RunEstimate[] = [];
      const run = archex.run('custom-network', long, {
        signal: stop.signal,
        onEstimate: (estimate) => {
          said.push(estimate);
          stop.abort();
        },
      });
      await expect(run).rejects.toThrow('The engine request was cancelled');
      expect(said).toHaveLength(1);
      expect(said[0]!.points).toBe(2);
      expect(said[0]!.secondsLow).toBeGreaterThan(60);
      expect(said[0]!.secondsHigh).toBeGreaterThanOrEqual(said[0]!.secondsLow);
    } finally {
      archex.dispose();
    }
  }, 300_000);

  it('stops at its time limit with a typed error saying how many points finished', async () => {
    const archex = library();
    try {
      const error = await archex.run('custom-network', long, { timeLimit: 1 }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ArchexError);
      expect((error as ArchexError).kind).toBe('time-limit');
      expect((error as ArchexError).message).toBe(
        'the run reached its time limit of 1 s with 0 of 2 points finished',
      );
    } finally {
      archex.dispose();
    }
  }, 300_000);

  it('refuses a time limit out of range, naming it and the range', async () => {
    const archex = library();
    try {
      for (const bad of [0, -1, Number.NaN, 30 * 86_400]) {
        const error = await archex.run('jmachine-round-trip', {}, { timeLimit: bad }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ArchexError);
        expect(error).toMatchObject({ kind: 'input', param: 'timeLimit' });
        expect((error as ArchexError).message).toBe(
          `run('jmachine-round-trip'): timeLimit ${bad}: want a time from 1 s to 20 days, in seconds`,
        );
      }
    } finally {
      archex.dispose();
    }
  });
});

describe("the library's option errors", () => {
  it('name the option in `param` and the call in the message', async () => {
    const archex = library();
    try {
      const caught = (work: () => Promise<unknown>) =>
        work().then(
          () => null,
          (e: ArchexError) => [e.kind, e.param, e.message],
        );
      expect(await caught(() => archex.trace('network-deadlock', {}, { length: -5 }))).toEqual([
        'param',
        'length',
        expect.stringMatching(/^trace\('network-deadlock'\): length: trace_length = -5 /),
      ]);
      expect(await caught(() => archex.perfetto('network-deadlock', {}, { maxEvents: 0 }))).toEqual(
        [
          'param',
          'maxEvents',
          expect.stringMatching(/^perfetto\('network-deadlock'\): maxEvents: /),
        ],
      );
    } finally {
      archex.dispose();
    }
  });
});

describe('validate()', () => {
  it('gives the rows with their roles and the summary `validate --json` prints', async () => {
    const presets = loadPresetsFromDisk();
    const engine = createInProcessEngine(loadNodeModule());
    const validation = await archexOver(engine, presets).validate('jmachine-round-trip');
    const preset = presets.find((p) => p.id === 'jmachine-round-trip')!;
    const run = await runPreset(engine, await engine.listModels(), preset);
    engine.dispose();
    const cli = validationReport([{ preset: preset.id, ...run }]);
    expect(validation.presets).toEqual(cli.presets);
    expect(validation.summary).toEqual(cli.summary);
    expect(validation.presets[0]!.validation.map((r) => r.role)).toEqual([
      'calibration',
      'consistency',
      'calibration',
      'consistency',
    ]);
    expect(validation).toMatchObject({
      targets: 4,
      asExpected: 4 - cli.summary.notAsExpected,
      knownMisses: 0,
    });
  }, 60_000);
});
