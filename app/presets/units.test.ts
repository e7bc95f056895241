import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { presetFiles } from './from_disk';
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

/** "146 us", "{x} us", "0.0115 us/byte": microseconds written as the identifier, for a reader. */
const ASCII_MICROSECONDS = /(?:[\d}]\s?us\b|(?<![\w.])us\/\w)/g;

/** Every string of a preset file a person reads: all but its units, which are identifiers. */
function readText(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => readText(v, `${path}.${i}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) =>
      k === 'unit' ? [] : readText(v, `${path}.${k}`),
    );
  }
  return [];
}

describe('one unit rule', () => {
  it('no preset, base or tour writes us for microseconds where a person reads it', () => {
    const tours = fileURLToPath(new URL('../../presets/tours/', import.meta.url));
    const files = [
      ...presetFiles(),
      ...readdirSync(tours)
        .filter((f) => f.endsWith('.json'))
        .map(
          (f) =>
            [`tours/${f}`, JSON.parse(readFileSync(`${tours}${f}`, 'utf8')) as unknown] as const,
        ),
    ];
    const found = files.flatMap(([name, raw]) =>
      readText(raw, name).flatMap(([path, text]) =>
        [...text.matchAll(ASCII_MICROSECONDS)].map((m) => `${path}: ${m[0]}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('no guide writes us for microseconds outside code', () => {
    const docs = fileURLToPath(new URL('../../docs/', import.meta.url));
    const guides = readdirSync(docs, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.md'),
    );
    expect(guides.length).toBeGreaterThan(10);
    const found = guides.flatMap((f) =>
      readFileSync(`${docs}${f}`, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          [...line.replace(/`[^`]*`/g, '').matchAll(ASCII_MICROSECONDS)].map(
            (m) => `${f}:${i + 1}: ${m[0]}`,
          ),
        ),
    );
    expect(found).toEqual([]);
  });
});
