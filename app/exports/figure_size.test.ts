import { describe, expect, it } from 'vitest';

import {
  DEFAULT_LAYOUT_CHOICE,
  FONT_RANGE,
  FigureLayoutError,
  PAPER_WIDTHS,
  WIDTH_RANGE,
  figureLayout,
  figurePoints,
  parseLength,
  pngPixels,
} from './figure_size';

describe('parseLength()', () => {
  it('reads inches, points, millimetres and centimetres as points', () => {
    expect(parseLength('3.5in', '--width', WIDTH_RANGE)).toBe(252);
    expect(parseLength('252pt', '--width', WIDTH_RANGE)).toBe(252);
    expect(parseLength(' 88.9 mm ', '--width', WIDTH_RANGE)).toBeCloseTo(252, 9);
    expect(parseLength('8.89cm', '--width', WIDTH_RANGE)).toBeCloseTo(252, 9);
    expect(parseLength('8PT', '--font-size', FONT_RANGE)).toBe(8);
    expect(parseLength('.25in', '--font-size', FONT_RANGE)).toBe(18);
  });

  it('takes the ends of a range in any unit', () => {
    expect(parseLength('1in', '--width', WIDTH_RANGE)).toBe(72);
    expect(parseLength('25.4mm', '--width', WIDTH_RANGE)).toBeCloseTo(72, 9);
    expect(parseLength('1440pt', '--width', WIDTH_RANGE)).toBe(1440);
  });

  it('refuses a bare number, naming the parameter, the units and the range', () => {
    expect(() => parseLength('3.5', '--width', WIDTH_RANGE)).toThrow(
      "--width '3.5' has no unit: give one of in, pt, mm, cm (1 to 20 in)",
    );
    expect(() => parseLength('8', '--font-size', FONT_RANGE)).toThrow(
      "--font-size '8' has no unit: give one of in, pt, mm, cm (5 to 24 pt)",
    );
  });

  it('refuses an unknown unit, words and values out of range', () => {
    expect(() => parseLength('3.5px', '--width', WIDTH_RANGE)).toThrow(
      "--width '3.5px' has unit 'px': give one of in, pt, mm, cm (1 to 20 in)",
    );
    expect(() => parseLength('wide', '--width', WIDTH_RANGE)).toThrow(
      "--width 'wide' is not a length",
    );
    expect(() => parseLength('-3in', '--width', WIDTH_RANGE)).toThrow('is not a length');
    expect(() => parseLength('', '--width', WIDTH_RANGE)).toThrow('is not a length');
    expect(() => parseLength('21in', '--width', WIDTH_RANGE)).toThrow(
      "--width '21in' is out of range: from 1 to 20 in",
    );
    expect(() => parseLength('0.9in', '--width', WIDTH_RANGE)).toThrow('out of range');
    expect(() => parseLength('4pt', '--font-size', FONT_RANGE)).toThrow(
      "--font-size '4pt' is out of range: from 5 to 24 pt",
    );
    expect(() => parseLength('1cm', '--font-size', FONT_RANGE)).toThrow('out of range');
  });
});

describe('figurePoints() and pngPixels()', () => {
  it('makes a screen figure 0.75 pt a px and keeps a paper figure in points', () => {
    expect(figurePoints({ width: 800, height: 600, paper: false })).toEqual({
      width: 600,
      height: 450,
    });
    expect(figurePoints({ width: 252, height: 200, paper: true })).toEqual({
      width: 252,
      height: 200,
    });
  });

  it('sizes a screen PNG by its scale and a paper PNG by its dots an inch', () => {
    expect(pngPixels({ width: 800, height: 600, paper: false }, { scale: 2, dpi: 300 })).toEqual({
      width: 1600,
      height: 1200,
    });
    expect(pngPixels({ width: 252, height: 180, paper: true }, { scale: 2, dpi: 300 })).toEqual({
      width: 1050,
      height: 750,
    });
  });
});

describe('figureLayout()', () => {
  it('gives the screen figure, a paper width, or the width typed, with the text size', () => {
    expect(figureLayout(DEFAULT_LAYOUT_CHOICE)).toEqual({
      paper: undefined,
      parts: { title: true, caption: true },
    });
    expect(figureLayout({ ...DEFAULT_LAYOUT_CHOICE, size: 'two columns', caption: false })).toEqual(
      {
        paper: { widthPt: PAPER_WIDTHS['two columns'], fontPt: 8 },
        parts: { title: true, caption: false },
      },
    );
    expect(
      figureLayout({ ...DEFAULT_LAYOUT_CHOICE, size: 'width', width: '85mm', fontSize: '9pt' })
        .paper,
    ).toEqual({ widthPt: (85 * 72) / 25.4, fontPt: 9 });
  });

  it('names the field that is not a length', () => {
    expect(() => figureLayout({ ...DEFAULT_LAYOUT_CHOICE, size: 'width', width: '3' })).toThrow(
      /^Width '3' has no unit/,
    );
    expect(() =>
      figureLayout({ ...DEFAULT_LAYOUT_CHOICE, size: 'one column', fontSize: '30pt' }),
    ).toThrow(/^Text '30pt' is out of range: from 5 to 24 pt/);
    // A width typed but not chosen is not in the way.
    expect(figureLayout({ ...DEFAULT_LAYOUT_CHOICE, width: 'x' }).paper).toBeUndefined();
  });

  it('says which field is wrong as data, for the field to mark itself', () => {
    const fieldOf = (choice: Partial<typeof DEFAULT_LAYOUT_CHOICE>) => {
      try {
        figureLayout({ ...DEFAULT_LAYOUT_CHOICE, ...choice });
      } catch (error) {
        return error instanceof FigureLayoutError ? error.field : 'another error';
      }
      return 'no error';
    };
    expect(fieldOf({ size: 'width', width: '3' })).toBe('width');
    expect(fieldOf({ size: 'width', fontSize: 'big' })).toBe('fontSize');
    expect(fieldOf({ size: 'one column', fontSize: '30pt' })).toBe('fontSize');
    expect(fieldOf({ size: 'one column', width: '3' })).toBe('no error');
  });
});
