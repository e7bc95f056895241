// A chart as a report figure: the page's own chart component rendered to static SVG markup at a
// fixed size, with its title, caption and stylesheet, in explicit theme colours. The browser's
// exports and `cli figure` both draw with this, so they give the same file.
import { renderToStaticMarkup } from 'react-dom/server';

import chartsCss from '../charts/charts.css?raw';
import pageCss from '../styles.css?raw';
import type { BuiltChart } from '../chart_kinds/registry';
import { ChartView } from '../chart_kinds/ChartView';
import type { FigureTheme } from '../results/figure_info';
import { linePieces, wideChars } from '../results/format';
import type { FigureParts, PaperSize } from './figure_size';

/** Width of a screen figure, whatever the window: the browser and the command line agree. */
export const FIGURE_WIDTH = 800;
/**
 * A screen figure's frame, px: its caption's text size and what the rest is measured against. A
 * paper figure scales it to its caption at the chart's text size (fontPt / CAPTION_FONT).
 */
const CAPTION_FONT = 11;
const TITLE_FONT = 14;
const TITLE_HEIGHT = 28;
const TITLE_BASELINE = 19;
const CAPTION_LINE = 16;
const PAD = 8;
const TAIL = 12;
// Average advance of a character of Liberation Sans, in ems, for wrapping the caption.
const CHAR_EM = 6 / 11;
// Fonts a report's reader and the PNG rasterizer have; the page's system-ui is neither.
const FONT_FAMILY = 'Liberation Sans, Arial, Helvetica, sans-serif';

export interface Figure {
  /** A standalone SVG file. */
  text: string;
  /** Its size in its own units: px for a screen figure, pt for a paper one. */
  width: number;
  height: number;
  /** Laid out for paper: its units are points (the root's width and height say `pt`). */
  paper: boolean;
}

/**
 * One side of the `--name: light-dark(light, dark)` pairs of a stylesheet: the light colours for
 * print, the dark ones for dark. Read from styles.css, where the page's colours are declared.
 */
export function themeColours(css: string, theme: FigureTheme): Map<string, string> {
  const colours = new Map<string, string>();
  for (const m of css.matchAll(
    /--([\w-]+)\s*:\s*light-dark\(\s*([^,()]+?)\s*,\s*([^,()]+?)\s*\)/g,
  )) {
    colours.set(m[1]!, theme === 'print' ? m[2]! : m[3]!);
  }
  if (!colours.has('bg') || !colours.has('fg')) {
    throw new Error('the stylesheet declares no --bg and --fg light-dark() colours');
  }
  return colours;
}

/** Replaces every `var(--name)` with the theme's colour; a name without one is an error. */
export function resolveColours(text: string, colours: Map<string, string>): string {
  return text.replace(/var\(\s*--([\w-]+)\s*\)/g, (_, name: string) => {
    const colour = colours.get(name);
    if (colour === undefined) throw new Error(`no theme colour for var(--${name})`);
    return colour;
  });
}

/**
 * The rules of a chart stylesheet that style the chart's SVG: those on `.archex-chart` without a
 * pseudo-class (focus outlines are for the page), colours resolved.
 */
export function chartRules(css: string, colours: Map<string, string>): string {
  const rules: string[] = [];
  for (const m of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selectors = m[1]!.split(',').map((s) => s.trim());
    if (!selectors.every((s) => s.startsWith('.archex-chart') && !s.includes(':'))) continue;
    const declarations = m[2]!
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean);
    rules.push(`${selectors.join(',')}{${declarations.join(';')}}`);
  }
  return resolveColours(rules.join('\n'), colours);
}

/**
 * Splits text into lines of at most `chars` average characters (a Japanese one a whole em), at
 * spaces and where Japanese breaks (linePieces); a word longer than a line (a link) fills the
 * line it starts on and goes on in the next.
 */
export function wrapText(text: string, chars: number): string[] {
  const fits = (line: string) => line.length + wideChars(line) * (1 / CHAR_EM - 1) <= chars;
  const lines: string[] = [];
  let current = '';
  for (const { text: piece, space } of linePieces(text, fits)) {
    const joined = current === '' ? piece : `${current}${space ? ' ' : ''}${piece}`;
    if (fits(joined) || !fits(piece)) {
      current = joined;
    } else {
      lines.push(current);
      current = piece;
    }
    while (!fits(current)) {
      let end = Math.ceil(chars);
      while (end > 1 && !fits(current.slice(0, end))) end--;
      lines.push(current.slice(0, end));
      current = current.slice(end);
    }
  }
  if (current !== '') lines.push(current);
  return lines;
}

function svgSize(markup: string): { width: number; height: number } {
  const open = /<svg\b[^>]*>/.exec(markup)?.[0] ?? '';
  const width = Number(/\swidth="([\d.]+)"/.exec(open)?.[1]);
  const height = Number(/\sheight="([\d.]+)"/.exec(open)?.[1]);
  if (!(width > 0 && height > 0)) throw new Error('the chart drew no sized <svg>');
  return { width, height };
}

const round = (v: number) => Math.round(v * 100) / 100;

/**
 * A chart as a standalone SVG figure: an opaque background, the title above, the caption lines
 * below, the chart's stylesheet embedded with the theme's colours, and no hover read-out. On
 * screen it is 800 px wide; for `paper` the chart is laid out anew at that width in points with
 * its text at that size in points, so the figure placed at that width prints its text at that
 * size. `parts` leaves out the title or the caption (LaTeX writes its own under the figure).
 */
export function renderFigure({
  name,
  title,
  chart,
  caption,
  theme,
  paper,
  parts = { title: true, caption: true },
}: {
  name: string;
  title: string;
  chart: BuiltChart;
  caption: string[];
  theme: FigureTheme;
  paper?: PaperSize | undefined;
  parts?: FigureParts;
}): Figure {
  const colours = themeColours(pageCss, theme);
  const k = paper ? paper.fontPt / CAPTION_FONT : 1;
  const drawn = renderToStaticMarkup(
    <ChartView
      name={name}
      title={title}
      chart={chart}
      width={paper ? round(paper.widthPt) : FIGURE_WIDTH}
      fontSize={paper?.fontPt}
    />,
  );
  // The chart renders inside an HTML box with a live region; the figure takes its <svg>.
  const chartSvg = resolveColours(
    drawn.slice(drawn.indexOf('<svg'), drawn.lastIndexOf('</svg>') + 6),
    colours,
  );
  const { width, height: chartHeight } = svgSize(chartSvg);
  const captionFont = round(CAPTION_FONT * k);
  const lineHeight = round(CAPTION_LINE * k);
  const pad = round(PAD * k);
  const titleHeight = parts.title ? round(TITLE_HEIGHT * k) : 0;
  const lines = parts.caption
    ? caption.flatMap((c) => wrapText(c, Math.floor((width - 2 * pad) / (captionFont * CHAR_EM))))
    : [];
  const height = round(
    titleHeight + chartHeight + (lines.length > 0 ? lines.length * lineHeight + TAIL * k : 0),
  );
  const unit = paper ? 'pt' : '';
  const fg = colours.get('fg');
  const figure = renderToStaticMarkup(
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={`${width}${unit}`}
      height={`${height}${unit}`}
      viewBox={`0 0 ${width} ${height}`}
      fontFamily={FONT_FAMILY}
      data-theme={theme}
    >
      <style dangerouslySetInnerHTML={{ __html: chartRules(chartsCss, colours) }} />
      <rect width={width} height={height} fill={colours.get('bg')} />
      {parts.title ? (
        <text
          x={pad}
          y={round(TITLE_BASELINE * k)}
          fontSize={round(TITLE_FONT * k)}
          fontWeight={600}
          fill={fg}
        >
          {title}
        </text>
      ) : null}
      <g transform={`translate(0,${titleHeight})`} dangerouslySetInnerHTML={{ __html: chartSvg }} />
      {lines.map((line, i) => (
        <text
          key={i}
          x={pad}
          y={round(titleHeight + chartHeight + (i + 1) * lineHeight)}
          fontSize={captionFont}
          fill={fg}
        >
          {line}
        </text>
      ))}
    </svg>,
  );
  return {
    text: `<?xml version="1.0" encoding="UTF-8"?>\n${figure}\n`,
    width,
    height,
    paper: paper !== undefined,
  };
}
