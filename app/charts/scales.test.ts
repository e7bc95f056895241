import { describe, expect, it } from 'vitest';

import type { AxisSpec } from '../results/chart_data';
import { tickText } from '../results/format';
import { axisDomain, axisTicks, powersOfTwo, scaledAxis } from './scales';

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** A tick's text read back as a number: "2.8×10⁶", "10⁻⁹", "1,000". */
function readTick(text: string): number {
  const power = /^(?:(.*)×)?10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/.exec(text);
  if (!power) return Number(text.replace(/,/g, ''));
  const exponent = [...power[2]!].map((c) => (c === '⁻' ? '-' : SUPERSCRIPTS.indexOf(c))).join('');
  return Number(power[1] ?? 1) * 10 ** Number(exponent);
}

const log: AxisSpec = { label: 'alpha', unit: 'clocks', scale: 'log' };

/** The labelled ticks' texts of a log axis over `values`, `length` px long. */
function labels(values: number[], length: number, orient: 'x' | 'y', spec = log) {
  const domain = axisDomain(spec, values, 5);
  const axis = scaledAxis(spec, domain, orient === 'y' ? [length, 0] : [0, length]);
  return axisTicks(axis, orient, 12)
    .filter((t) => t.label !== '')
    .map((t) => ({ text: tickText(t), value: t.value }));
}

describe('axisTicks() on a log axis', () => {
  it('never repeats a label where the range is narrower than a decade', () => {
    // PIE64 MP-Write's alpha: 2.75 to 3.6 million clocks drew 4×10⁶ three times, 3×10⁶ four.
    for (const length of [80, 150, 240, 400, 700]) {
      for (const orient of ['x', 'y'] as const) {
        const ticks = labels([2.75e6, 2.8e6, 2.9e6, 3.6e6], length, orient);
        const texts = ticks.map((t) => t.text);
        expect(new Set(texts).size, `${orient} ${length}px: ${texts.join(' ')}`).toBe(texts.length);
        expect(texts.length).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('gives every narrow range labels that read back as their values', () => {
    // Ranges from a twentieth of a decade to two decades, over many magnitudes.
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 300; i++) {
      const lo = 10 ** (-9 + 18 * next());
      const hi = lo * 10 ** (0.05 + 2 * next());
      for (const orient of ['x', 'y'] as const) {
        const ticks = labels([lo, hi], 120 + 600 * next(), orient);
        const texts = ticks.map((t) => t.text);
        expect(new Set(texts).size, texts.join(' ')).toBe(texts.length);
        for (const t of ticks) {
          const read = readTick(t.text);
          expect(Math.abs(read - t.value) / t.value, `${t.text} for ${t.value}`).toBeLessThan(0.01);
        }
      }
    }
  });

  it('draws a power of ten with its exponent apart, in plain digits', () => {
    const domain: [number, number] = [1e5, 1e8];
    const ticks = axisTicks(scaledAxis(log, domain, [0, 600]), 'x', 12).filter((t) => t.label);
    expect(ticks.find((t) => t.value === 1e7)).toMatchObject({ label: '10', exponent: 7 });
    for (const t of ticks) expect(t.label).toMatch(/^[\d.,×]*$/);
  });
});

describe('axisTicks() on a log axis of powers of two', () => {
  const nodes = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512];
  const binary: AxisSpec = { ...log, binary: true };
  const texts = (length: number) => labels(nodes, length, 'x', binary).map((l) => l.text);

  it('ticks at the powers the data is at, every one where they fit', () => {
    expect(texts(600)).toEqual(nodes.map(String));
  });

  it('labels every second power from 1 on a column-wide axis, the others ticked', () => {
    expect(texts(200)).toEqual(['1', '4', '16', '64', '256']);
    const domain = axisDomain(binary, nodes, 5);
    const ticks = axisTicks(scaledAxis(binary, domain, [0, 200]), 'x', 12);
    expect(ticks.map((t) => t.value)).toEqual(nodes);
  });

  it('ticks a decimal log axis over the same values at powers of ten, not the data', () => {
    expect(labels(nodes, 200, 'x').map((l) => l.text)).toEqual(['1', '100']);
  });
});

describe('powersOfTwo(values)', () => {
  it('holds for three or more powers of two, not for powers of ten or other values', () => {
    expect(powersOfTwo([1, 2, 4, 512])).toBe(true);
    expect(powersOfTwo([0.5, 0.25, 0.125])).toBe(true);
    expect(powersOfTwo([2, 4])).toBe(false);
    expect(powersOfTwo([1, 10, 100])).toBe(false);
    expect(powersOfTwo([1, 2, 3, 4])).toBe(false);
  });
});
