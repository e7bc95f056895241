import { describe, expect, it } from 'vitest';

import { loadPresetsFromDisk } from '../presets/from_disk';
import { findPreset } from '../headless/run';
import { validationRuns } from '../headless/validation_runs';
import { durationWords, validateProgress } from './validate_progress';
import { runWeight } from './validate_shard';

describe('validate progress', () => {
  it('says each preset as it is checked, with the time left by the runs done so far', () => {
    const presets = loadPresetsFromDisk();
    const chosen = ['transputer-c104', 'paragon-bsp'].map((id) => findPreset(presets, id));
    const runs = validationRuns(chosen, true);
    const lines: string[] = [];
    let clock = 0;
    const progress = validateProgress(
      runs,
      (l) => lines.push(l),
      () => clock,
      false,
    );
    progress.onRun(chosen[0]!);
    clock = runWeight('transputer-c104');
    progress.onChecked({ preset: 'transputer-c104' });
    const left = (15 + 1) * runWeight('paragon-bsp');
    expect(lines).toEqual([
      `validate: transputer-c104 done; 1 of 2 presets in 1 s, about ${durationWords(left / 1000)} left\n`,
    ]);
    for (const run of runs.slice(1)) progress.onRun(chosen[1]!, run.draw);
    clock += left;
    progress.onChecked({ preset: 'paragon-bsp' });
    expect(lines[1]).toMatch(/^validate: paragon-bsp done; 2 of 2 presets in \d+ s\n$/);
  });

  it('says each run on a terminal, and a span to two figures', () => {
    const lines: string[] = [];
    const preset = findPreset(loadPresetsFromDisk(), 'paragon-bsp');
    validateProgress(
      [],
      (l) => lines.push(l),
      () => 0,
      true,
    ).onRun(preset, {
      name: 'seed',
      seed: 4,
    });
    expect(lines).toEqual(['validate: paragon-bsp, seed 4 of 1-16\n']);
    expect([0.2, 59, 150, 3599, 4200].map(durationWords)).toEqual([
      '1 s',
      '59 s',
      '3 min',
      '1 h',
      '1 h 10 min',
    ]);
  });
});
