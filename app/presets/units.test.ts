import { describe, expect, it } from 'vitest';

import { titleUnit, unitSymbol, unitTitle, withUnit } from './units';

describe('unitSymbol()', () => {
  it('writes µs for us, in a compound unit too, and × for times', () => {
    expect(['us', 'us/byte', 'x', 'ratio', 'ms', 'Gbit/s', 'bytes'].map(unitSymbol)).toEqual([
      'µs',
      'µs/byte',
      '×',
      '',
      'ms',
      'Gbit/s',
      'bytes',
    ]);
  });
});

describe('withUnit()', () => {
  it('puts the symbol after a number, × with no space, nothing for none or a fraction', () => {
    expect(withUnit('146', 'us')).toBe('146\u00a0µs');
    expect(withUnit('4.4', 'x')).toBe('4.4×');
    expect(withUnit('0.3', 'fraction')).toBe('0.3');
    expect(withUnit('2', '')).toBe('2');
  });
});

describe('unitTitle()', () => {
  it('names the unit once: not "processors (processors)" nor "goals (goals)"', () => {
    expect(unitTitle('processors', 'processors')).toBe('processors');
    expect(unitTitle('goals', 'goals')).toBe('goals');
    expect(unitTitle('processors (p x 1)', 'processors')).toBe('processors (p x 1)');
    expect(unitTitle('matrix dimension n', 'n')).toBe('matrix dimension n');
    expect(unitTitle('keys per processor', 'keys')).toBe('keys per processor');
    expect(unitTitle('h', 'packets')).toBe('h (packets)');
    expect(unitTitle('communication rate', 'messages/reduction')).toBe(
      'communication rate (messages/reduction)',
    );
  });

  it('says % of a fraction drawn as a percentage, nothing of a plain fraction', () => {
    expect(unitTitle('efficiency', 'fraction', true)).toBe('efficiency (%)');
    expect(titleUnit('efficiency', '', true)).toBe('%');
    expect(unitTitle('(T_pred - T_sim) / T_sim', 'fraction')).toBe('(T_pred - T_sim) / T_sim');
  });

  it('writes the unit in its symbol', () => {
    expect(unitTitle('one-way time', 'us')).toBe('one-way time (µs)');
    expect(unitTitle('sigma', 'us/byte')).toBe('sigma (µs/byte)');
    expect(unitTitle('speedup', 'x')).toBe('speedup (×)');
  });
});
