import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';

import { paragonG } from '../charts/fixtures/line_chart';
import { multiPsiTimeline6 } from '../charts/fixtures/timeline';
import type { BuiltChart } from '../chart_kinds/registry';
import {
  FIGURE_WIDTH,
  chartRules,
  renderFigure,
  resolveColours,
  themeColours,
  wrapText,
} from './figure';

const line: BuiltChart = { kind: 'line', data: paragonG };
const caption = ['Paragon (Intel, 1998).', 'Made with archex: http://127.0.0.1:5173/?s=jx'];

/** The figure's root attributes and the fills of its background and title. */
function parse(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(text) as {
    svg: {
      width: string;
      height: string;
      rect: { fill: string };
      text: { fill: string; '#text': string }[];
      style: string;
    };
  };
  return doc.svg;
}

describe('renderFigure()', () => {
  it('keeps text from a link or a preset as text, never markup', () => {
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(1)>';
    const labelled: BuiltChart = {
      kind: 'line',
      data: {
        ...paragonG,
        curves: paragonG.curves.map((c) => ({ ...c, label: hostile })),
      },
    };
    const { text } = renderFigure({
      name: 'x',
      title: hostile,
      chart: labelled,
      caption: [`Made with archex: http://127.0.0.1:5173/?s=${hostile}`],
      theme: 'print',
    });
    expect(text).not.toMatch(/<script|<img/);
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(XMLValidator.validate(text)).toBe(true);
  });

  // Print: light colours on an opaque white background whatever the page shows; dark on request.
  const themes = [
    { theme: 'print', background: '#ffffff', text: '#1d232b' },
    { theme: 'dark', background: '#14181d', text: '#e3e7ec' },
  ] as const;
  for (const { theme, background, text } of themes) {
    it(`draws the ${theme} theme with its colours resolved, no CSS variables left`, () => {
      const figure = renderFigure({ name: 'g', title: 'g against p', chart: line, caption, theme });
      const svg = parse(figure.text);
      expect(svg.rect.fill).toBe(background);
      expect(svg.text[0]).toMatchObject({ fill: text, '#text': 'g against p' });
      expect(svg.style).toContain(`.archex-chart text{fill: ${text}}`);
      expect(figure.text).not.toMatch(/var\(|light-dark/);
    });
  }

  it('draws at the report width, whatever the window, and says how tall it is', () => {
    const figure = renderFigure({ name: 'g', title: 'T', chart: line, caption, theme: 'print' });
    const svg = parse(figure.text);
    expect(figure.width).toBe(FIGURE_WIDTH);
    expect(Number(svg.width)).toBe(FIGURE_WIDTH);
    expect(Number(svg.height)).toBe(figure.height);
  });

  it('puts the caption lines under the chart, in order, within the figure', () => {
    const figure = renderFigure({ name: 'g', title: 'T', chart: line, caption, theme: 'print' });
    const texts = parse(figure.text).text.map((t) => t['#text']);
    expect(texts).toEqual(['T', ...caption]);
    const lastY = Number(/y="([\d.]+)"[^>]*>Made with archex/.exec(figure.text)?.[1]);
    expect(lastY).toBeLessThan(figure.height);
    expect(lastY).toBeGreaterThan(figure.height - 20);
  });

  it('resolves colours the chart gives as attributes, such as the timeline idle state', () => {
    const chart: BuiltChart = { kind: 'timeline', data: multiPsiTimeline6 };
    const figure = renderFigure({ name: 't', title: 'T', chart, caption, theme: 'print' });
    expect(figure.text).not.toContain('var(');
    expect(figure.text).toContain('fill="#d5dbe1"');
  });

  it('draws no hover read-out and no HTML of the page around the chart', () => {
    const figure = renderFigure({ name: 'g', title: 'T', chart: line, caption, theme: 'print' });
    expect(figure.text).not.toContain('data-export="exclude"');
    expect(figure.text).not.toMatch(/<(div|p)\b/);
  });
});

describe('themeColours()', () => {
  const css = ':root { --bg: light-dark(#fff, #000); --fg: light-dark( #111 ,#eee ); --x: red; }';

  it('reads the light side of each light-dark() pair for print and the dark side for dark', () => {
    expect([...themeColours(css, 'print')]).toEqual([
      ['bg', '#fff'],
      ['fg', '#111'],
    ]);
    expect([...themeColours(css, 'dark')]).toEqual([
      ['bg', '#000'],
      ['fg', '#eee'],
    ]);
  });

  it('fails on a stylesheet without the page colours', () => {
    expect(() => themeColours(':root { --x: light-dark(red, blue); }', 'print')).toThrow(
      'no --bg and --fg',
    );
  });
});

describe('resolveColours()', () => {
  it('names a variable the theme has no colour for', () => {
    expect(() => resolveColours('fill: var(--nope)', new Map())).toThrow('var(--nope)');
  });
});

describe('chartRules()', () => {
  it('keeps the chart rules, drops focus styles and page rules, and resolves colours', () => {
    const css = `/* c */ .archex-chart text { fill: var(--fg); }
      .archex-chart:focus-visible { outline: 2px solid var(--fg); }
      .chart-table td { padding: 0; }
      .archex-chart .a, .archex-chart .b { stroke: var(--fg); stroke-width: 1px }`;
    expect(chartRules(css, new Map([['fg', '#123']]))).toBe(
      '.archex-chart text{fill: #123}\n.archex-chart .a,.archex-chart .b{stroke: #123;stroke-width: 1px}',
    );
  });
});

describe('wrapText()', () => {
  it('breaks at spaces and cuts a word longer than a line', () => {
    expect(wrapText('ab cd ef', 5)).toEqual(['ab cd', 'ef']);
    expect(wrapText('see: abcdefghijkl', 8)).toEqual(['see: abc', 'defghijk', 'l']);
  });
});
