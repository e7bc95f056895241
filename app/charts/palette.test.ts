import { describe, expect, it } from 'vitest';

import pageCss from '../styles.css?raw';
import { themeColours } from '../exports/figure';
import { FIGURE_THEMES } from '../results/figure_info';
import { palette, seriesColor, seriesHatch, seriesMarker } from './palette';

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2.1 contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('seriesColor()', () => {
  it('contrast(#E69F00, white) is 2.25, as WCAG computes it', () => {
    expect(contrast('#E69F00', '#ffffff')).toBeCloseTo(2.25, 2);
  });

  // Every series colour, and the grey of guides and unmatched pins, is a graphical object drawn
  // on the page's background: WCAG 1.4.11 asks 3:1 in the light and in the dark theme.
  for (const theme of FIGURE_THEMES) {
    it(`stands 3:1 against the ${theme} background`, () => {
      const background = themeColours(pageCss, theme).get('bg')!;
      const colours = [...Array.from({ length: 7 }, (_, i) => seriesColor(i)), palette.grey];
      const low = colours
        .map((c) => ({ colour: c, ratio: Math.round(contrast(c, background) * 100) / 100 }))
        .filter((c) => c.ratio < 3);
      expect(low).toEqual([]);
    });
  }

  it('gives seven different colours before repeating', () => {
    const seven = Array.from({ length: 7 }, (_, i) => seriesColor(i));
    expect(new Set(seven).size).toBe(7);
    expect(seriesColor(7)).toBe(seriesColor(0));
  });
});

describe('seriesMarker(), seriesHatch()', () => {
  it('give seven different shapes and patterns, repeating as the colours do', () => {
    const shapes = Array.from({ length: 7 }, (_, i) => seriesMarker(i, 36) ?? 'circle');
    expect(new Set(shapes).size).toBe(7);
    expect(seriesMarker(0, 36)).toBeUndefined();
    expect(seriesMarker(9, 36)).toBe(seriesMarker(2, 36));
    const hatches = Array.from({ length: 7 }, (_, i) => JSON.stringify(seriesHatch(i) ?? null));
    expect(new Set(hatches).size).toBe(7);
    expect(seriesHatch(0)).toBeUndefined();
    expect(seriesHatch(8)).toEqual(seriesHatch(1));
  });
});
