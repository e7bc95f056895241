// A paper legend names a kind of model once (Juurlink's Fig. 3, Mori's PIE64 wait curves).
import { describe, expect, it } from 'vitest';

import type { Curve } from '../results/chart_data';
import type { LegendEntry } from './legend_layout';
import { keyedEntries, wordsApart } from './legend_key';

const curve = (label: string, color: number, model = false): Curve => ({
  id: label,
  label,
  color,
  points: [],
  ...(model ? { model } : {}),
});
const entriesOf = (curves: Curve[]): LegendEntry[] =>
  curves.map((c) => ({
    key: c.id,
    label: c.label,
    symbol: { kind: 'series', color: String(c.color), line: true, point: true },
  }));
const labels = (curves: Curve[]) => keyedEntries(curves, entriesOf(curves)).map((e) => e.label);

describe('wordsApart(a, b)', () => {
  it('takes off the words both begin and end with', () => {
    expect(wordsApart('4x2 (p = 8), simulated', '4x2: BSP g h + L')).toEqual([
      '(p = 8), simulated',
      'BSP g h + L',
    ]);
    expect(wordsApart('MP-Write, 1 word', 'a/x, 1 word')).toEqual(['MP-Write', 'a/x']);
  });
});

describe('keyedEntries(curves, entries)', () => {
  const meshes = ['4x2 (p = 8)', '4x4 (p = 16)', '8x4 (p = 32)'];

  it('names a kind of model once and the ending the simulated curves share once', () => {
    const curves = [
      ...meshes.map((m, k) => curve(`${m}, simulated`, k)),
      ...meshes.map((m, k) => curve(`${m.slice(0, 3)}: BSP g h + L`, k, true)),
    ];
    expect(labels(curves)).toEqual([...meshes, 'simulated', 'BSP g h + L']);
    const [model] = keyedEntries(curves, entriesOf(curves)).slice(-1);
    expect(model?.symbol).toMatchObject({ dash: '6 4', hollow: true, point: true });
  });

  it('keeps each simulated label whole where they share no ending', () => {
    const sizes = ['1 word', '4 words'];
    const curves = [
      ...sizes.map((s, k) => curve(`MP-Write, ${s}`, k)),
      ...sizes.map((s, k) => curve(`a/x, ${s}`, k, true)),
    ];
    expect(labels(curves)).toEqual(['MP-Write, 1 word', 'MP-Write, 4 words', 'a/x']);
  });

  it('leaves the entries as they are where a model has no curve of its colour', () => {
    const curves = [curve('simulated', 0), curve('fit, a', 1, true), curve('fit, b', 2, true)];
    expect(labels(curves)).toEqual(['simulated', 'fit, a', 'fit, b']);
  });

  it('leaves them where each model is of its own kind', () => {
    const curves = [curve('ping, simulated', 0), curve('ping, least-squares line', 0, true)];
    expect(labels(curves)).toEqual(['ping, simulated', 'ping, least-squares line']);
  });
});
