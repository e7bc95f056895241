import { describe, expect, it } from 'vitest';

import type { ModelInfo } from '../engine/types';
import { UsageError, formatTable, parseSettings, toCsv } from './commands';

const model: ModelInfo = {
  name: 'm',
  title: 'M',
  description: '',
  citation: '',
  params: [
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
  ],
};

describe('parseSettings()', () => {
  it('parses name=value pairs and the seed', () => {
    expect(parseSettings(model, ['pes=8', 'seed=3'])).toEqual({ params: { pes: 8 }, seed: 3 });
  });

  it('lists the valid names for an unknown parameter', () => {
    expect(() => parseSettings(model, ['nodes=4'])).toThrow(
      new UsageError("unknown parameter 'nodes' for m; valid: seed, pes"),
    );
  });

  it('names the range for a value that is not a number', () => {
    expect(() => parseSettings(model, ['pes=many'])).toThrow(
      "parameter 'pes' = 'many' is not a finite number; valid range [1, 64] PEs",
    );
    expect(() => parseSettings(model, ['pes'])).toThrow('--set expects name=value');
    expect(() => parseSettings(model, ['seed=-1'])).toThrow(/seed must be a whole number/);
  });
});

describe('output', () => {
  it('toCsv() writes a header and one row per scalar', () => {
    const csv = toCsv({
      scalars: [{ name: 'a', value: 1.5, unit: 'ms', description: '' }],
      series: [],
    });
    expect(csv).toBe('metric,value,unit\na,1.5,ms\n');
  });

  it('formatTable() aligns columns', () => {
    expect(
      formatTable(
        ['k', 'v'],
        [
          ['long', '1'],
          ['s', '22'],
        ],
      ),
    ).toBe('k      v\n----  --\nlong   1\ns     22');
  });
});
