import { describe, expect, it } from 'vitest';

import { loadPresetsFromDisk } from '../presets/from_disk';
import type { ValidationRow } from '../presets/validation';
import { findPreset } from './run';
import { presetDraws, presetRows, runKey, validationRuns } from './validation_runs';

const presets = loadPresetsFromDisk();

describe('validationRuns()', () => {
  it("runs a preset's own values, then each draw over seeds 1-16 but its own seed", () => {
    const bsp = findPreset(presets, 'paragon-bsp');
    const tsp = findPreset(presets, 'jmachine-tsp');
    expect(presetDraws(bsp)).toEqual(['seed']);
    expect(presetDraws(tsp)).toEqual(['tsp_instance_seed']);
    const runs = validationRuns([bsp, tsp], true).map(runKey);
    // The seed's own run is the preset's; an instance's parameter runs on all 16.
    expect(runs.length).toBe(1 + 15 + 1 + 16);
    expect(runs[0]).toBe('paragon-bsp');
    expect(runs).not.toContain(`paragon-bsp seed=${bsp.seed}`);
    expect(runs).toContain('jmachine-tsp tsp_instance_seed=16');
    expect(validationRuns([bsp, tsp], false).map(runKey)).toEqual(['paragon-bsp', 'jmachine-tsp']);
  });
});

describe('presetRows()', () => {
  const row = (simulated: number, pass: boolean): ValidationRow => ({
    metric: 'm',
    role: 'validation',
    label: 'm',
    unit: '',
    paper: { kind: 'number', value: 1, tolerance: 0.1 },
    accept: { atLeast: 0.9, atMost: 1.1 },
    simulated,
    pass,
    why: 'w',
    source: 's',
    band: { from: 'rounding' },
    stochastic: 'seed',
  });

  it('judges a stochastic row over the seeds its runs hold, and waits for a missing one', () => {
    const bsp = findPreset(presets, 'paragon-bsp');
    const rowsOf = (run: { draw?: { seed: number } }) =>
      run.draw?.seed === 3 ? [row(2, false)] : [row(1, true)];
    const rows = presetRows(bsp, rowsOf, true)!;
    expect(rows[0]!.seeds).toEqual({ passed: 15, of: 16, least: 1, most: 2 });
    expect(
      presetRows(bsp, (run) => (run.draw?.seed === 5 ? undefined : [row(1, true)]), true),
    ).toBeUndefined();
    expect(presetRows(bsp, rowsOf, false)![0]!.seeds).toBeUndefined();
  });
});
