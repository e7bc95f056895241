import { describe, expect, it } from 'vitest';

import { madeBy } from '../engine/engine_build';
import { readEngineBuild } from '../engine/node_module';
import { loadPresetsFromDisk } from '../presets/from_disk';
import type { ValidationRow } from '../presets/validation';
import { runKey, validationRuns } from '../headless/validation_runs';
import {
  isValidateShard,
  mergeValidateShards,
  readValidateShard,
  runWeight,
  shardOfRuns,
  shardRuns,
  validateLineText,
  validateShardHeader,
} from './validate_shard';

const presets = loadPresetsFromDisk();
const fail = (message: string): void => {
  throw new Error(`unexpected warning: ${message}`);
};
const made = madeBy(readEngineBuild(), ['validate', '--shard', '0/4']);

describe('validate --shard', () => {
  it('gives every run to one shard, the longest first to the least loaded, alike anywhere', () => {
    const runs = validationRuns(presets, true);
    const shardOf = shardOfRuns(runs, 4);
    expect(shardOf.size).toBe(runs.length);
    expect(shardOfRuns(runs, 4)).toEqual(shardOf);
    const work = [0, 1, 2, 3].map((index) =>
      shardRuns(presets, true, { index, count: 4 }).reduce((s, r) => s + runWeight(r.preset), 0),
    );
    const total = work.reduce((a, b) => a + b, 0);
    // The split is as even as its longest run allows: no shard past a quarter and one run.
    const longest = Math.max(...runs.map((r) => runWeight(r.preset)));
    for (const w of work) expect(w).toBeLessThanOrEqual(total / 4 + longest);
    const counted = [0, 1, 2, 3].flatMap((index) =>
      shardRuns(presets, true, { index, count: 4 }).map(runKey),
    );
    expect(counted.sort()).toEqual(runs.map(runKey).sort());
  });

  const row = (simulated: number): ValidationRow => ({
    metric: 'm',
    role: 'validation',
    label: 'm',
    unit: '',
    paper: { kind: 'number', value: 1, tolerance: 0.1 },
    accept: { atLeast: 0.9, atMost: 1.1 },
    simulated,
    pass: false,
    why: 'w',
    source: 's',
    band: { from: 'rounding' },
  });

  it("reads back a run's rows, a value the run lacked as NaN, and merges only one build's", () => {
    const chosen = presets.filter((p) => p.id === 'transputer-c104');
    const header = validateShardHeader(chosen, false, { index: 0, count: 1 }, made);
    const text = [header, { preset: 'transputer-c104', rows: [row(Number.NaN)] }]
      .map(validateLineText)
      .join('\n');
    expect(isValidateShard(text)).toBe(true);
    const read = readValidateShard('v.jsonl', text, fail);
    expect(read.lines[0]!.rows[0]!.simulated).toBeNaN();
    expect(mergeValidateShards([read], presets, made)).toEqual([
      { preset: 'transputer-c104', rows: [row(Number.NaN)] },
    ]);
    const later = madeBy({ ...readEngineBuild(), version: '9.0.0' });
    expect(() => mergeValidateShards([read], presets, later)).toThrow(
      /^merge: v\.jsonl was written by archex .*; this is archex 9\.0\.0 /,
    );
    expect(() =>
      readValidateShard('v.jsonl', `${validateLineText(header)}\n{"rows": 3}\n`, fail),
    ).toThrow('v.jsonl:2: not a line of validate --shard (preset, rows)');
  });
});
