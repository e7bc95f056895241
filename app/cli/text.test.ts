import { describe, expect, it } from 'vitest';

import { formatTable, terminalWidth, toCsv, wrapLine } from './text';

describe('output', () => {
  it('toCsv() writes a header and one row per scalar', () => {
    const csv = (name: string, value: number, unit: string) =>
      toCsv({
        networks: [],
        timelines: [],
        scalars: [{ name, value, unit, description: '' }],
        series: [],
      });
    expect(csv('a', 1.5, 'ms')).toBe('metric,value,unit\na,1.5,ms\n');
    // A value as a person writes it, not a sum's last bit of rounding.
    expect(csv('u', 0.024609375000000003, '')).toBe('metric,value,unit\nu,0.024609375,\n');
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

describe('wrapLine()', () => {
  it('breaks at spaces, indents the lines after the first, keeps a word longer than the width', () => {
    expect(wrapLine('aaa bbb ccc ddd', 8, 2)).toEqual(['aaa bbb', '  ccc', '  ddd']);
    expect(wrapLine('short', 8, 2)).toEqual(['short']);
    expect(wrapLine('x abcdefghijkl y', 8, 2)).toEqual(['x', '  abcdefghijkl', '  y']);
  });

  it('reads the width of the terminal, 100 where there is none', () => {
    expect(terminalWidth({ columns: 80 })).toBe(80);
    expect(terminalWidth({})).toBe(100);
  });
});
