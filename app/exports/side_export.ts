// A figure of both sides of side by side as one SVG file: one chart of both runs where they share
// a plot (side_figure.ts), else the two charts beside each other, the caption under the pair.
import type { BuiltChart } from '../chart_kinds/registry';
import type { Figure } from './figure';
import type { FigureParts, PaperSize } from './figure_size';
import type { FigureTheme } from '../results/figure_info';
import type { SideNames } from '../results/side_figure';
import { mergeSides } from '../chart_kinds/registry';

/** A standalone figure as an element to nest, placed `x` px from the left, its ids prefixed. */
function nested(figure: Figure, x: number, prefix: string): string {
  const body = figure.text.replace(/^<\?xml[^>]*>\s*/, '').trim();
  // Two figures drawn apart may give their clip paths the same generated id.
  const ids = [...body.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
  let out = body;
  // An id is named as an attribute's whole value (id, aria-labelledby) or after a # (url(#id)).
  for (const id of new Set(ids)) {
    out = out
      .split(`="${id}"`)
      .join(`="${prefix}${id}"`)
      .split(`#${id})`)
      .join(`#${prefix}${id})`)
      .split(`="#${id}"`)
      .join(`="#${prefix}${id}"`);
  }
  // Inside the pair its size is in the pair's units, which a paper figure's `pt` are not.
  return out
    .replace(
      /^<svg ([^>]*?)width="([\d.]+)pt" height="([\d.]+)pt"/,
      '<svg $1width="$2" height="$3"',
    )
    .replace('<svg ', `<svg x="${x}" `);
}

/** The figure of both sides' chart `name` (the figure renderer loads with the first export). */
export async function renderSideFigure({
  name,
  title,
  left,
  right,
  names,
  caption,
  theme,
  paper,
  parts,
}: {
  name: string;
  title: string;
  left: BuiltChart;
  right: BuiltChart;
  names: SideNames;
  caption: string[];
  theme: FigureTheme;
  /** As renderFigure's: the pair together takes the width; each chart half of it. */
  paper?: PaperSize | undefined;
  parts?: FigureParts;
}): Promise<Figure> {
  const { renderFigure } = await import('./figure');
  const merged = mergeSides(left, right, names);
  const layout = { theme, paper, ...(parts ? { parts } : {}) };
  if (merged) return renderFigure({ name, title, chart: merged, caption, ...layout });
  const half = paper ? { ...layout, paper: { ...paper, widthPt: paper.widthPt / 2 } } : layout;
  const a = renderFigure({
    name: `${name}-left`,
    title: `${title}: ${names.left}`,
    chart: left,
    caption,
    ...half,
  });
  const b = renderFigure({
    name: `${name}-right`,
    title: `${title}: ${names.right}`,
    chart: right,
    caption: [],
    ...half,
  });
  const [width, height] = [a.width + b.width, Math.max(a.height, b.height)];
  const unit = paper ? 'pt' : '';
  const background = /<rect [^>]*fill="([^"]+)"/.exec(a.text)?.[1] ?? '#ffffff';
  const text =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}${unit}" height="${height}${unit}" ` +
    `viewBox="0 0 ${width} ${height}" data-theme="${theme}">` +
    `<rect width="${width}" height="${height}" fill="${background}"/>` +
    `${nested(a, 0, 'left-')}${nested(b, a.width, 'right-')}</svg>\n`;
  return { text, width, height, paper: paper !== undefined };
}
