import { describe, expect, it } from 'vitest';

import type { ParamSpec } from '../engine/types';
import { readUrlState, writeUrlState } from './url_state';

const specs: ParamSpec[] = [
  {
    name: 'pes',
    label: 'PEs',
    unit: 'PEs',
    default: 6,
    min: 1,
    max: 64,
    step: 1,
    integer: true,
    description: '',
  },
  {
    name: 'rate',
    label: 'Rate',
    unit: '',
    default: 0.05,
    min: 0,
    max: 2,
    step: 0.001,
    integer: false,
    description: '',
  },
];
const ids = ['a', 'b'];

describe('url state', () => {
  it('round-trips the preset and the changed parameters', () => {
    const url = writeUrlState('b', { pes: 8, rate: 0.05 }, { pes: 6, rate: 0.05 });
    expect(url).toBe('?preset=b&pes=8');
    expect(readUrlState(url, ids, () => specs)).toEqual({
      presetId: 'b',
      params: { pes: 8 },
      dropped: [],
    });
  });

  it('drops what it cannot use and says so', () => {
    const state = readUrlState('?preset=zz&pes=999&bogus=1&rate=0.5', ids, () => specs);
    expect(state.presetId).toBe('a');
    expect(state.params).toEqual({ rate: 0.5 });
    expect(state.dropped).toEqual([
      "preset 'zz'",
      'pes=999 (Out of range. Valid: 1 to 64 PEs)',
      "unknown parameter 'bogus'",
    ]);
  });
});
