import { XMLParser, XMLValidator } from 'fast-xml-parser';
import PDFKit from 'pdfkit';
import { describe, expect, it } from 'vitest';

import { jMachineLatencyLoad } from '../charts/fixtures/latency_load';
import { paragonG } from '../charts/fixtures/line_chart';
import { meshLatency } from '../charts/fixtures/network_lines';
import { jmachineEfficiency } from '../charts/fixtures/preset_lines';
import { multiPsiSpeedup } from '../charts/fixtures/speedup';
import { multiPsiTimeline6 } from '../charts/fixtures/timeline';
import type { BuiltChart } from '../chart_kinds/registry';
import { readPdfFonts } from '../cli/figure';
import { wideChars } from '../results/format';
import { PAPER_WIDTHS } from './figure_size';
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

describe('renderFigure() for paper', () => {
  const oneColumn = { widthPt: PAPER_WIDTHS['one column'], fontPt: 8 };

  /** The font-size each text element draws at: its own, else its nearest ancestor's. */
  function textSizes(text: string): number[] {
    const sizes: number[] = [];
    const stack: (number | undefined)[] = [];
    for (const m of text.matchAll(/<(\/?)([\w:-]+)([^>]*?)(\/?)>/g)) {
      const [, close, tag, attrs, selfClose] = m;
      if (close) {
        stack.pop();
        continue;
      }
      const own = /\sfont-size="([\d.]+)"/.exec(attrs!)?.[1];
      const size = own === undefined ? stack.at(-1) : Number(own);
      if (tag === 'text' || tag === 'tspan') sizes.push(size ?? Number.NaN);
      if (!selfClose) stack.push(size);
    }
    return sizes;
  }

  it('lays the chart out at the width in points, its text at the size asked', () => {
    const figure = renderFigure({
      name: 'g',
      title: 'T',
      chart: line,
      caption,
      theme: 'print',
      paper: oneColumn,
    });
    const svg = parse(figure.text);
    expect(figure).toMatchObject({ width: 252, paper: true });
    expect(svg.width).toBe('252pt');
    expect(svg.height).toBe(`${figure.height}pt`);
    expect(figure.text).toContain(`viewBox="0 0 252 ${figure.height}"`);
    // The chart inside is drawn 252 wide (not an 800 px drawing scaled), its own text 8 pt.
    expect(figure.text).toMatch(
      /<svg class="archex-chart" xmlns="[^"]+" width="252" height="[\d.]+" font-size="8"/,
    );
    // Axis titles, ticks, legend and caption at 8 pt; the title larger. The rule's label, 7 pt
    // on the plot, would be cut there at 3.5 in, so the legend names it whole at 8 pt. Nothing as
    // small as the 3 pt an 800 px figure's 11 px come to at 3.5 in.
    const sizes = textSizes(figure.text);
    expect(Math.min(...sizes)).toBe(8);
    expect(sizes.filter((v) => v === 8).length).toBeGreaterThan(sizes.length / 2);
    expect(new Set(sizes)).toEqual(new Set([8, 10.18]));
    expect(figure.text).toContain('5.9 buffering + 0.5 network (4x2) 6.4');
    // Its height follows the chart's rules at that width: wider than tall, not a square.
    expect(figure.height).toBeLessThan(figure.width * 1.5);
  });

  it('keeps the screen figure as it was: 800 px, 12 px chart text', () => {
    const figure = renderFigure({ name: 'g', title: 'T', chart: line, caption, theme: 'print' });
    expect(parse(figure.text).width).toBe('800');
    expect(figure.paper).toBe(false);
    expect(figure.text).toMatch(
      /<svg class="archex-chart" xmlns="[^"]+" width="800" height="[\d.]+" font-size="12"/,
    );
  });

  it('leaves out the title and the caption when asked, the figure then just the chart', () => {
    const whole = renderFigure({
      name: 'g',
      title: 'T',
      chart: line,
      caption,
      theme: 'print',
      paper: oneColumn,
    });
    const bare = renderFigure({
      name: 'g',
      title: 'T',
      chart: line,
      caption,
      theme: 'print',
      paper: oneColumn,
      parts: { title: false, caption: false },
    });
    const texts = (f: { text: string }) =>
      [...f.text.matchAll(/<text[^>]*>([^<]*)/g)].map((m) => m[1]);
    expect(texts(whole)).toContain('T');
    expect(texts(whole)).toContain(caption[0]);
    expect(texts(bare)).not.toContain('T');
    expect(texts(bare).join(' ')).not.toContain('Paragon (Intel');
    expect(texts(bare).join(' ')).not.toContain('Made with archex');
    const chartHeight = Number(
      /<svg class="archex-chart"[^>]* height="([\d.]+)"/.exec(bare.text)?.[1],
    );
    expect(bare.height).toBe(chartHeight);
    expect(bare.text).toContain('transform="translate(0,0)"');
    const titleOnly = renderFigure({
      name: 'g',
      title: 'T',
      chart: line,
      caption,
      theme: 'print',
      paper: oneColumn,
      parts: { title: true, caption: false },
    });
    expect(texts(titleOnly)).toContain('T');
    expect(titleOnly.height).toBeLessThan(whole.height);
  });

  // Tick labels measured with the embedded font's own advance widths (Arimo, Liberation Sans's
  // metrics), not the chart's estimate: at one column and 8 pt no two labels of an axis touch.
  const measure = new PDFKit({ autoFirstPage: false });
  measure.registerFont('regular', readPdfFonts().regular as unknown as ArrayBuffer);
  measure.font('regular');
  const charts: [string, BuiltChart][] = [
    ['paragon g', line],
    ['mesh latency', { kind: 'line', data: meshLatency }],
    ['J-Machine efficiency', { kind: 'line', data: jmachineEfficiency }],
    ['latency against load', { kind: 'latency-load', data: jMachineLatencyLoad }],
    ['speedup', { kind: 'speedup', data: multiPsiSpeedup }],
  ];
  for (const [label, chart] of charts) {
    for (const fontPt of [8, 10]) {
      it(`draws the x ticks of ${label} apart at 3.5 in with ${fontPt} pt text`, () => {
        const figure = renderFigure({
          name: 'c',
          title: 'T',
          chart,
          caption: [],
          theme: 'print',
          paper: { widthPt: PAPER_WIDTHS['one column'], fontPt },
        });
        // The bottom axis: its ticks are groups translated along x, each with a centred label.
        const axes = [
          ...figure.text.matchAll(
            /<g class="axis" transform="translate\(0,[\d.]+\)">([\s\S]*?)<text class="axis-label"/g,
          ),
        ];
        const bottom = axes.find((a) => !/translate\(0,0\)">/.test(a[0]!.slice(0, 40))) ?? axes[0];
        expect(bottom, 'a bottom axis').toBeDefined();
        const ticks = [
          ...bottom![1]!.matchAll(
            /<g transform="translate\(([\d.]+),0\)">[\s\S]*?<text[^>]*text-anchor="middle"[^>]*>([^<]+)<\/text>/g,
          ),
        ].map((m) => ({ x: Number(m[1]), text: m[2]! }));
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        measure.fontSize(fontPt);
        for (let i = 1; i < ticks.length; i++) {
          const [a, b] = [ticks[i - 1]!, ticks[i]!];
          const gap =
            b.x - a.x - (measure.widthOfString(a.text) + measure.widthOfString(b.text)) / 2;
          expect(gap, `${a.text} and ${b.text}`).toBeGreaterThan(fontPt / 4);
        }
      });
    }
  }
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

  it('breaks Japanese where Japanese breaks, its characters a whole em', () => {
    const japanese =
      '論文の値から変更: トポロジー: トーラス、注入率: 0.3\u00a0flits/ノード/サイクル。シード 1。' +
      '出典: Dally（1990）、図 5。「ルータ」の遅延は5サイクル。';
    for (const chars of [20, 30, 45, 60]) {
      const lines = wrapText(japanese, chars);
      expect(lines.length, `${chars}`).toBeGreaterThan(1);
      expect(lines.join('').replaceAll(' ', '')).toBe(japanese.replaceAll(' ', ''));
      for (const text of lines) {
        // A Japanese character is 11/6 of the average glyph the line's count is in.
        expect(text.length + (wideChars(text) * 5) / 6, `${chars}: ${text}`).toBeLessThanOrEqual(
          chars,
        );
        expect(text, `${chars}`).not.toMatch(/^[。、）」]|[（「]$/u);
      }
    }
  });
});
