import { describe, expect, it } from 'vitest';

import type { RunResult } from '../engine/types';
import { presets } from '../presets/bundled';
import { comparedNames } from './compared';

const preset = presets.find((p) => p.id === 'paragon-bsp')!;
const curve = (name: string, label: string) => ({
  name,
  label,
  xName: 'n',
  xUnit: 'processors',
  yName: 'share',
  yUnit: 'fraction',
  key: '',
  labels: [],
  x: [8, 16],
  y: [0.3, 0.2],
});
const result: RunResult = {
  scalars: [],
  series: [curve('bsp', 'BSP, p = 8'), curve('bpram', 'BPRAM, p = 8')],
  networks: [],
  timelines: [],
};
const runs = {
  preset,
  run: { result, params: {} },
  right: { preset, run: { result, params: {} } },
};

describe('comparedNames()', () => {
  it('names two compared values by what sets them apart, and nothing a constant', () => {
    expect(comparedNames({ series: 'bsp', at: 16 }, { series: 'bsp', at: 8 }, runs)).toEqual([
      'at 16\u00a0processors',
      'at 8\u00a0processors',
    ]);
    expect(comparedNames({ series: 'bpram', at: 8 }, { series: 'bsp', at: 8 }, runs)).toEqual([
      'for BPRAM, p = 8',
      'for BSP, p = 8',
    ]);
    expect(
      comparedNames({ series: 'bsp', at: 8, side: 'right' }, { series: 'bsp', at: 8 }, runs),
    ).toEqual(['on the right', 'on the left']);
    expect(comparedNames({ series: 'bsp', at: 'max' }, 0.5, runs)).toEqual(['', '']);
  });
});
