import { describe, expect, it } from 'vitest';

import { ASK_BEYOND_MS } from '../engine/time_left';
import { loadPresetsFromDisk } from './from_disk';
import type { RunTimes } from './run_times';
import { runKey, runLength, runTimes } from './run_times';

const presets = loadPresetsFromDisk();

describe('run_times.json', () => {
  it('holds a time for every preset, measured on the run the preset has now', () => {
    // A preset added, or one whose model, seed or parameters changed, needs its run measured
    // again: `npm run bench -- run-times`.
    const stale = presets
      .filter((p) => runTimes.runs[p.id]?.run !== runKey(p))
      .map((p) => `${p.id}: ${runTimes.runs[p.id] ? 'measured on another run' : 'not measured'}`);
    expect(stale).toEqual([]);
    expect(Object.keys(runTimes.runs).sort()).toEqual(presets.map((p) => p.id).sort());
  });
});

describe('runLength()', () => {
  const times = (cpuMs: number): RunTimes => ({
    measured: '2026-11-26',
    workers: 2,
    runs: { x: { cpuMs, run: '00000000' } },
  });

  it('says a run the explorer would ask about takes a minute or more', () => {
    expect(runLength('x', times(ASK_BEYOND_MS))).toBe('minutes');
    expect(runLength('x', times(5 * ASK_BEYOND_MS))).toBe('minutes');
  });

  it('says tens of seconds from a quarter of that, and nothing of a shorter run', () => {
    expect(runLength('x', times(ASK_BEYOND_MS / 4))).toBe('seconds');
    expect(runLength('x', times(ASK_BEYOND_MS - 1))).toBe('seconds');
    expect(runLength('x', times(ASK_BEYOND_MS / 4 - 1))).toBeUndefined();
    expect(runLength('unmeasured', times(ASK_BEYOND_MS))).toBeUndefined();
  });

  it('keys a run by its model, seed and parameters, in any order', () => {
    const tsp = presets.find((p) => p.id === 'jmachine-tsp')!;
    const reordered = { ...tsp, params: Object.fromEntries(Object.entries(tsp.params).reverse()) };
    expect(runKey(reordered)).toBe(runKey(tsp));
    expect(runKey({ ...tsp, seed: tsp.seed + 1 })).not.toBe(runKey(tsp));
    const [name, entry] = Object.entries(tsp.params).find(([, e]) => typeof e.value === 'number')!;
    const changed = { ...tsp.params, [name]: { ...entry, value: (entry.value as number) + 1 } };
    expect(runKey({ ...tsp, params: changed })).not.toBe(runKey(tsp));
  });
});
