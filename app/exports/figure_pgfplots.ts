// A curve chart as a pgfplots figure: one self-contained .tex of a tikzpicture, its data inline,
// so the paper's own fonts set its text, the common practice in architecture papers.
import type { BuiltChart } from '../chart_kinds/registry';
import type { Tick } from '../charts/Axis';
import { speedupGeometry } from '../charts/SpeedupChart';
import type { LineChartGeometry } from '../charts/line_geometry';
import { lineChartGeometry } from '../charts/line_geometry';
import type { LegendSymbol } from '../charts/legend_layout';
import { curveStyles, STYLE } from '../charts/line_style';
import { RULE_DASH } from '../charts/Legend';
import type { LineChartData } from '../results/chart_data';
import { axisTitle } from '../results/format';
import type { PaperSize } from './figure_size';

/** The chart kinds a pgfplots figure draws: those of curves. */
export const CURVE_KINDS = ['line', 'latency-load', 'speedup'] as const;
type CurveChart = Extract<BuiltChart, { kind: (typeof CURVE_KINDS)[number] }>;

function isCurveChart(chart: BuiltChart): chart is CurveChart {
  return (CURVE_KINDS as readonly string[]).includes(chart.kind);
}

const SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '&': '\\&',
  '#': '\\#',
  '%': '\\%',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  µ: '\\textmu{}',
  '×': '$\\times$',
  '−': '-',
  '→': '$\\rightarrow$',
  '←': '$\\leftarrow$',
  '≤': '$\\leq$',
  '≥': '$\\geq$',
  '\u00a0': '~',
};

/** Text as LaTeX typesets it, its special characters escaped. */
export function latexText(text: string): string {
  return [...text].map((c) => SPECIAL[c] ?? c).join('');
}

// The palette's marker shapes in pgfplots' names, by position (palette.ts seriesSymbols): filled,
// in outline, and turned.
const MARKS: [string, string, number][] = [
  ['*', 'o', 0],
  ['square*', 'square', 0],
  ['triangle*', 'triangle', 0],
  ['+', '+', 0],
  ['triangle*', 'triangle', 180],
  ['star', 'star', 0],
  ['Mercedes star', 'Mercedes star', 0],
];

function colour(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `color={rgb,255:red,${r};green,${g};blue,${b}}`;
}

/** An SVG dash pattern ("6 4") as pgf's, at the figure's ink. */
function dash(pattern: string | undefined, ink: number): string {
  if (!pattern) return 'solid';
  const parts = pattern.split(' ').map((n) => Number(n) * ink);
  const pairs = parts.flatMap((n, i) => [`${i % 2 === 0 ? 'on' : 'off'} ${n}pt`]);
  return `dash pattern=${pairs.join(' ')}`;
}

/** A curve's marker, drawn solid whatever the curve's dash. */
function mark(position: number | undefined, hollow: boolean): string {
  if (position === undefined) return '';
  const [filled, outline, turn] = MARKS[((position % MARKS.length) + MARKS.length) % MARKS.length]!;
  const options = turn === 0 ? 'solid' : `solid, rotate=${turn}`;
  return `mark=${hollow ? outline : filled}, mark options={${options}}`;
}

function number(value: number): string {
  return Number.isFinite(value) ? String(value) : 'nan';
}

function ticks(axis: 'x' | 'y', list: Tick[]): string[] {
  const labelled = list.filter((t) => t.label !== '');
  const minor = list.filter((t) => t.label === '');
  const text = (t: Tick) =>
    t.exponent === undefined ? latexText(t.label) : `$${t.label}^{${t.exponent}}$`;
  return [
    `${axis}tick={${labelled.map((t) => number(t.value)).join(',')}}`,
    `${axis}ticklabels={${labelled.map((t) => `{${text(t)}}`).join(',')}}`,
    ...(minor.length > 0
      ? [`minor ${axis}tick={${minor.map((t) => number(t.value)).join(',')}}`]
      : []),
  ];
}

/** A legend symbol's look as pgfplots options: its colour, line and marker. */
function look(symbol: LegendSymbol, ink: number): string {
  if (symbol.kind === 'mark') {
    return `only marks, black, mark=${symbol.mark === 'reference' ? 'diamond' : '*'}`;
  }
  if (symbol.kind === 'rule') return `gray, ${ruleDash(symbol.model, ink)}`;
  if (symbol.kind !== 'series') return 'only marks, black, mark=|';
  const parts = [colour(symbol.color), symbol.line ? dash(symbol.dash, ink) : 'only marks'];
  if (symbol.point) parts.push(`${symbol.hollow ? 'mark=o' : 'mark=*'}, mark options={solid}`);
  return parts.join(', ');
}

function ruleDash(model: boolean | undefined, ink: number): string {
  return dash(model ? RULE_DASH.model : RULE_DASH.plain, ink);
}

function axisOptions(g: LineChartGeometry, data: LineChartData, paper: PaperSize): string[] {
  const log = (axis: 'x' | 'y', spec: typeof g.x.spec) =>
    spec.scale === 'log'
      ? [`${axis}mode=log`, ...(spec.binary ? [`log basis ${axis}=2`] : [])]
      : [];
  return [
    `width=${number(paper.widthPt)}pt`,
    `height=${number(Math.round(g.size.height))}pt`,
    `xlabel={${latexText(axisTitle(data.x))}}`,
    `ylabel={${latexText(axisTitle(data.y))}}`,
    ...log('x', g.x.spec),
    ...log('y', g.y.spec),
    `xmin=${number(g.x.domain[0])}, xmax=${number(g.x.domain[1])}`,
    `ymin=${number(g.y.domain[0])}, ymax=${number(g.y.domain[1])}`,
    ...ticks('x', g.xTicks),
    ...ticks('y', g.yTicks),
    'scaled ticks=false',
    'unbounded coords=jump',
    'grid=major',
    `legend style={draw=none, fill=none, font=\\footnotesize, at={(0,1.02)}, anchor=south west, legend columns=2}`,
    'legend cell align=left',
  ];
}

/**
 * A curve chart as a pgfplots .tex: a tikzpicture with its curves (colour, dash and marker as the
 * SVG figure draws them), marks, rules and guides, the data inline, its ticks where the figure's
 * are and its legend as the paper legend keys it. `\input` it in a figure of a document that
 * loads pgfplots; its text takes the document's fonts. Refuses a chart of another kind, naming
 * the kinds it draws.
 */
export function figurePgfplots(chart: BuiltChart, paper: PaperSize, header: string[]): string {
  if (!isCurveChart(chart)) {
    throw new Error(
      `pgfplots draws the curve charts (${CURVE_KINDS.join(', ')}), not a ${chart.kind} chart: ` +
        'give it as --pdf',
    );
  }
  const data = chart.data;
  const size = { width: paper.widthPt, height: paper.widthPt * 0.6, fontSize: paper.fontPt };
  const g =
    chart.kind === 'speedup' ? speedupGeometry(chart.data, size) : lineChartGeometry(data, size);
  const styles = curveStyles(data.curves);
  const inLegend = new Map(g.legend.items.map((i) => [i.key, i]));
  const lines: string[] = [
    ...header.map((h) => `% ${h}`),
    '% Needs \\usepackage{pgfplots} (\\pgfplotsset{compat=1.16} or later) in the preamble.',
    '\\begin{tikzpicture}',
    '\\begin{axis}[',
    ...axisOptions(g, data, paper).map((o) => `  ${o},`),
    ']',
  ];
  g.curves.forEach((curve, i) => {
    const style = styles[i];
    const entry = inLegend.get(curve.key);
    const options = [
      colour(curve.color),
      curve.mode === 'points' ? 'only marks' : dash(curve.dash, g.ink),
      `line width=${number(STYLE.strokeWidth * g.ink)}pt`,
      mark(style?.marker ?? (curve.mode === 'line' ? undefined : 0), curve.hollow),
      ...(entry ? [] : ['forget plot']),
    ].filter(Boolean);
    const rows = (data.curves[i]?.points ?? []).map((p) => `${number(p.x)} ${number(p.y)}`);
    lines.push(
      `\\addplot[${options.join(', ')}] table[row sep=\\\\] {x y\\\\ ${rows.join('\\\\ ')}\\\\};`,
    );
    if (entry) lines.push(`\\addlegendentry{${latexText(entry.full)}}`);
  });
  for (const guide of g.guides) {
    lines.push(
      `\\addplot[gray, ${dash(STYLE.dash, g.ink)}, domain=${number(g.x.domain[0])}:${number(g.x.domain[1])}, samples=64] {${number(guide.slope)}*x};`,
      `\\addlegendentry{${latexText(guide.label)}}`,
    );
  }
  // Each mark with its label beside it, as the figure labels it.
  for (const m of g.marks) {
    const shape = m.kind === 'reference' ? 'mark=diamond' : 'mark=*';
    const at = `${number(m.x)},${number(m.y)}`;
    lines.push(
      `\\addplot[only marks, black, ${shape}, forget plot] coordinates {(${at})};`,
      `\\node[anchor=south west, font=\\scriptsize] at (axis cs:${at}) {${latexText(m.label)}};`,
    );
  }
  // The rules across the plot; the legend names each (the figure labels some on the plot).
  for (const r of [...g.rules, ...g.legendRules]) {
    const [x1, x2, y1, y2] =
      r.axis === 'x'
        ? [r.value, r.value, g.y.domain[0], g.y.domain[1]]
        : [g.x.domain[0], g.x.domain[1], r.value, r.value];
    lines.push(
      `\\draw[gray, ${ruleDash(r.model, g.ink)}] (axis cs:${number(x1)},${number(y1)}) -- (axis cs:${number(x2)},${number(y2)});`,
    );
  }
  for (const r of g.rules) {
    lines.push(
      `\\addlegendimage{gray, ${ruleDash(r.model, g.ink)}}`,
      `\\addlegendentry{${latexText(r.full)}}`,
    );
  }
  // Legend entries that name no curve: a kind of model, the rules named there, the marks.
  const curveKeys = new Set(g.curves.map((c) => c.key));
  for (const item of g.legend.items) {
    if (curveKeys.has(item.key) || item.key.startsWith('guide:')) continue;
    lines.push(
      `\\addlegendimage{${look(item.symbol, g.ink)}}`,
      `\\addlegendentry{${latexText(item.full)}}`,
    );
  }
  lines.push('\\end{axis}', '\\end{tikzpicture}', '');
  return lines.join('\n');
}
