// A chart as a report figure: the page's own chart component rendered to static SVG markup at a
// fixed size, with its title, caption and stylesheet, in explicit theme colours. The browser's
// exports and `cli figure` both draw with this, so they give the same file.
import { renderToStaticMarkup } from 'react-dom/server';

import chartsCss from '../charts/charts.css?raw';
import pageCss from '../styles.css?raw';
import type { BuiltChart } from '../chart_kinds/registry';
import { ChartView } from '../chart_kinds/ChartView';
import type { FigureTheme } from '../results/figure_info';

/** Width of every figure, whatever the window: the browser and the command line agree. */
export const FIGURE_WIDTH = 800;
const TITLE_HEIGHT = 28;
const CAPTION_LINE = 16;
// Fonts a report's reader and the PNG rasterizer have; the page's system-ui is neither.
const FONT_FAMILY = 'Liberation Sans, Arial, Helvetica, sans-serif';

export interface Figure {
  /** A standalone SVG file. */
  text: string;
  width: number;
  height: number;
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
 * Splits text into lines of at most `chars` characters, at spaces where it can; a word longer
 * than a line (a link) fills the line it starts on and goes on in the next.
 */
export function wrapText(text: string, chars: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const joined = current === '' ? word : `${current} ${word}`;
    if (joined.length <= chars || word.length > chars) {
      current = joined;
    } else {
      lines.push(current);
      current = word;
    }
    while (current.length > chars) {
      lines.push(current.slice(0, chars));
      current = current.slice(chars);
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

/**
 * A chart as a standalone SVG figure: an opaque background, the title above, the caption lines
 * below, the chart's stylesheet embedded with the theme's colours, and no hover read-out.
 */
export function renderFigure({
  name,
  title,
  chart,
  caption,
  theme,
}: {
  name: string;
  title: string;
  chart: BuiltChart;
  caption: string[];
  theme: FigureTheme;
}): Figure {
  const colours = themeColours(pageCss, theme);
  const drawn = renderToStaticMarkup(
    <ChartView name={name} title={title} chart={chart} width={FIGURE_WIDTH} />,
  );
  // The chart renders inside an HTML box with a live region; the figure takes its <svg>.
  const chartSvg = resolveColours(
    drawn.slice(drawn.indexOf('<svg'), drawn.lastIndexOf('</svg>') + 6),
    colours,
  );
  const { width, height: chartHeight } = svgSize(chartSvg);
  // About 6 px per character of 11 px sans-serif.
  const lines = caption.flatMap((c) => wrapText(c, Math.floor((width - 16) / 6)));
  const height = TITLE_HEIGHT + chartHeight + lines.length * CAPTION_LINE + 12;
  const fg = colours.get('fg');
  const figure = renderToStaticMarkup(
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      fontFamily={FONT_FAMILY}
      data-theme={theme}
    >
      <style dangerouslySetInnerHTML={{ __html: chartRules(chartsCss, colours) }} />
      <rect width={width} height={height} fill={colours.get('bg')} />
      <text x={8} y={19} fontSize={14} fontWeight={600} fill={fg}>
        {title}
      </text>
      <g
        transform={`translate(0,${TITLE_HEIGHT})`}
        dangerouslySetInnerHTML={{ __html: chartSvg }}
      />
      {lines.map((line, i) => (
        <text
          key={i}
          x={8}
          y={TITLE_HEIGHT + chartHeight + (i + 1) * CAPTION_LINE}
          fontSize={11}
          fill={fg}
        >
          {line}
        </text>
      ))}
    </svg>,
  );
  return { text: `<?xml version="1.0" encoding="UTF-8"?>\n${figure}\n`, width, height };
}
