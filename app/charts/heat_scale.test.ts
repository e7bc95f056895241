import { describe, expect, it } from 'vitest';

import { textWidth } from '../results/format';
import { heatTop, wrapParts } from './heat_scale';

describe('heatTop()', () => {
  it('is the round share at or above the busiest value under 50 %, else 100 %', () => {
    expect(heatTop([0.1, 0.18, 0.12])).toBeCloseTo(0.2, 12);
    expect(heatTop([0.2])).toBeCloseTo(0.2, 12);
    expect(heatTop([0.21])).toBeCloseTo(0.25, 12);
    expect(heatTop([0.256])).toBeCloseTo(0.3, 12);
    expect(heatTop([0.45])).toBeCloseTo(0.5, 12);
    expect(heatTop([0.5])).toBe(1);
    expect(heatTop([0.0045])).toBeCloseTo(0.005, 12);
    expect(heatTop([1.4])).toBe(1);
  });

  it('is 100 % when nothing was busy or there is no data', () => {
    expect(heatTop([])).toBe(1);
    expect(heatTop([0, 0])).toBe(1);
    expect(heatTop([null, Number.NaN])).toBe(1);
    expect(heatTop([null, 0.15])).toBeCloseTo(0.2, 12);
  });
});

describe('wrapParts()', () => {
  it('wraps a Japanese part where Japanese breaks, every line within the width', () => {
    const parts = ['色は 0〜50 %（最も混んだチャネルに合わせた目盛り）', '丸印: 論文の値'];
    const lines = wrapParts(parts, 120, 11);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(textWidth(line, 11), line).toBeLessThanOrEqual(120);
    expect(lines.join('')).not.toContain('…');
  });
});
