import { describe, expect, it } from 'vitest';

import {
  axisTitle,
  axisTitleLines,
  fitAxisTitle,
  fitText,
  formatReadable,
  formatValue,
  readableNumber,
  textWidth,
  tickWidth,
  wrapWords,
} from './format';

describe('axisTitle()', () => {
  it('names the unit once, in its symbol, and % over percentage ticks', () => {
    const axis = (label: string, unit: string, format?: 'percent') =>
      axisTitle({ label, unit, scale: 'linear', ...(format ? { format } : {}) });
    expect(axis('processors', 'processors')).toBe('processors');
    expect(axis('goals', 'goals')).toBe('goals');
    expect(axis('efficiency', 'fraction', 'percent')).toBe('efficiency (%)');
    expect(axis('time', 'us')).toBe('time (µs)');
    expect(axis('offered load', 'flits/node/cycle')).toBe('offered load (flits/node/cycle)');
  });

  it('reads values with the same symbols', () => {
    expect(formatValue(146, { unit: 'us' })).toBe('146\u00a0µs');
    expect(formatReadable(0.25, { unit: 'fraction' })).toBe('0.25');
  });
});

describe('fitAxisTitle()', () => {
  const spec = {
    label: 'accepted load',
    unit: 'flits/node/cycle',
    scale: 'linear',
  } as const;

  it('gives the label at least half the room, cutting the unit too, within the width', () => {
    // The y axis of the custom network's accepted load on a phone: "a… (flits/node/cycle)".
    for (const width of [80, 120, 150, 180]) {
      const title = fitAxisTitle(spec, width, 12);
      expect(textWidth(title, 12), `${width} px: ${title}`).toBeLessThanOrEqual(width);
      const label = title.slice(0, title.indexOf(' ('));
      expect(textWidth(label, 12), `${width} px: ${title}`).toBeGreaterThanOrEqual(width / 2 - 14);
    }
    expect(fitAxisTitle(spec, 150, 12)).toBe('accepted… (flits/no…)');
  });

  it('cuts only the label while the unit leaves it half the room, and nothing that fits', () => {
    expect(fitAxisTitle(spec, 500, 12)).toBe('accepted load (flits/node/cycle)');
    expect(fitAxisTitle({ ...spec, unit: 'us' }, 70, 12)).toBe('acce… (µs)');
  });
});

describe('tickWidth()', () => {
  it('allows for the wide glyphs of a power of ten', () => {
    // "5×10⁻⁴" in DejaVu Sans at 12 px: "5×10" about 33 px, a 9 px "−4" about 13 px.
    expect(tickWidth({ label: '5×10', exponent: -4 }, 12)).toBeGreaterThanOrEqual(45);
    expect(tickWidth({ label: '1,500' }, 12)).toBe(textWidth('1,500', 12));
  });
});

describe('readableNumber()', () => {
  it('prints 3 significant digits, whole numbers from 1,000', () => {
    expect([0.492188, 6.50388, 520.165, 27.4311, 36606.4, 0.000123456].map(readableNumber)).toEqual(
      ['0.492', '6.5', '520', '27.4', '36,606', '0.000123'],
    );
    expect(formatReadable(0.492188, { unit: 'flits/node/cycle' })).toBe(
      '0.492\u00a0flits/node/cycle',
    );
    expect(formatReadable(0.117, { unit: '', format: 'percent' })).toBe('11.7\u00a0%');
  });
});

describe('axisTitleLines(spec, width, fontSize)', () => {
  const spec = {
    label: 'communication rate',
    unit: 'messages/reduction',
    scale: 'linear',
  } as const;

  it('keeps a title that fits on one line', () => {
    expect(axisTitleLines(spec, 400, 8)).toEqual(['communication rate (messages/reduction)']);
  });

  it('puts the unit on a line of its own where the title is wider, nothing cut', () => {
    expect(axisTitleLines(spec, 140, 8)).toEqual(['communication rate', '(messages/reduction)']);
  });

  it('wraps the label at spaces where it is wider still', () => {
    const sum = { label: 'work rate, sum of 6 processors', unit: '%', scale: 'linear' } as const;
    expect(axisTitleLines(sum, 80, 8)).toEqual(['work rate, sum of', '6 processors', '(%)']);
  });

  it('refuses a word wider than the line, saying what to change', () => {
    expect(() => axisTitleLines(spec, 40, 8)).toThrow(
      /has 'communication', wider than its 40 pt at 8 pt: give a larger --width or a smaller/,
    );
  });
});

describe('textWidth()', () => {
  it('sets a Japanese character a whole em wide, a Latin one the average glyph', () => {
    expect(textWidth('paper', 10)).toBe(5 * 10 * 0.58);
    expect(textWidth('現在の設定', 10)).toBe(50);
    expect(textWidth('PE 数', 10)).toBe(3 * 10 * 0.58 + 10);
  });
});

describe('wrapWords()', () => {
  it('breaks English at spaces, a word wider than the line whole', () => {
    expect(wrapWords('send + receive (ping-pong double)', 100, 10)).toEqual([
      'send + receive',
      '(ping-pong',
      'double)',
    ]);
    expect(wrapWords('flits/node/cycle', 30, 10)).toEqual(['flits/node/cycle']);
  });

  // A caption's sentences as the Japanese catalogue writes them: no spaces but around Latin words
  // and numbers, a value held to its unit as formatValue() holds it.
  const caption =
    'チャネル利用率（最も混んだチャネルに合わせた目盛り）は、負荷が 0.3\u00a0flits/ノード/サイクルを' +
    '超えると急に上がる。「ルータ」の遅延は5サイクル・ちょっと待って、3 ノードで 0〜100 % になる。';

  it('breaks Japanese between words, within the width, at every width', () => {
    for (const width of [100, 130, 160, 240, 320]) {
      const lines = wrapWords(caption, width, 12);
      expect(lines.length, `${width} px`).toBeGreaterThan(1);
      for (const line of lines) {
        expect(textWidth(line, 12), `${width} px: ${line}`).toBeLessThanOrEqual(width);
      }
      // Nothing lost: the lines are the caption, less the spaces broken at.
      expect(lines.join('').replaceAll(' ', '')).toBe(caption.replaceAll(' ', ''));
    }
  });

  it('starts no line with closing punctuation or a small kana, ends none with an opening one', () => {
    for (let width = 60; width <= 400; width += 7) {
      for (const line of wrapWords(caption, width, 12)) {
        expect(line, `${width} px`).not.toMatch(/^[。、，．）」』】・ーゃゅょっ%〜]/u);
        expect(line, `${width} px`).not.toMatch(/[（「『【〜]$/u);
      }
    }
  });

  it('keeps Latin words, numbers and their units whole', () => {
    for (let width = 100; width <= 400; width += 7) {
      const lines = wrapWords(caption, width, 12);
      for (const line of lines) {
        for (const latin of line.match(/[\w.]+/g) ?? []) {
          expect(['flits', '0.3', '5', '3', '0', '100'], `${width} px: ${line}`).toContain(latin);
        }
      }
      expect(
        lines.some((l) => l.includes('5サイクル')),
        `${width} px`,
      ).toBe(true);
      expect(
        lines.some((l) => l.includes('3 ノード')),
        `${width} px`,
      ).toBe(true);
    }
    // Where the line is long enough for it, a value and its unit stay whole too.
    for (let width = 170; width <= 400; width += 7) {
      const lines = wrapWords(caption, width, 12);
      expect(
        lines.some((l) => l.includes('0.3\u00a0flits/ノード/サイクル')),
        `${width} px`,
      ).toBe(true);
    }
  });

  it('breaks at a word’s boundary, not inside it (利用率, not 利|用率)', () => {
    expect(wrapWords('チャネル利用率の推移', 75, 10)).toEqual(['チャネル利用率', 'の推移']);
    expect(wrapWords('チャネル利用率の推移', 50, 10)).toEqual(['チャネル', '利用率の', '推移']);
  });

  it('breaks a Japanese word wider than the line between its characters', () => {
    expect(wrapWords('ファットツリー', 25, 10)).toEqual(['ファッ', 'トツ', 'リー']);
  });
});

describe('fitText()', () => {
  it('cuts Japanese to the width, its characters a whole em', () => {
    const cut = fitText('チャネル利用率は負荷とともに上がる', 50, 12);
    expect(cut).toMatch(/^チャ.*…$/u);
    expect(textWidth(cut, 12)).toBeLessThanOrEqual(50);
  });

  it('cuts English as before', () => {
    expect(fitText('accepted load', 50, 10)).toBe('accepte…');
  });
});
