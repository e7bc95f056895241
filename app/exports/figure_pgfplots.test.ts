// A curve chart as pgfplots: its structure checked, since no LaTeX is installed to compile it.
import { describe, expect, it } from 'vitest';

import { paragonG } from '../charts/fixtures/line_chart';
import { ring4Cycle } from '../charts/fixtures/dependency_graph';
import type { LineChartData } from '../results/chart_data';
import { figurePgfplots, latexText } from './figure_pgfplots';

const paper = { widthPt: 252, fontPt: 8 };
const meshes = ['4x2 (p = 8)', '4x4 (p = 16)'];
// Juurlink's Fig. 3 in small: simulated h-relations and their BSP lines, on log-2 axes.
const hrelations: LineChartData = {
  x: { label: 'h', unit: 'packets', scale: 'log' },
  y: { label: 'time', unit: 'µs', scale: 'linear' },
  curves: [
    ...meshes.map((m, k) => ({
      id: `hrel_${k}`,
      label: `${m}, simulated`,
      color: k,
      mode: 'line+points' as const,
      points: [1, 2, 4, 8, 16].map((h) => ({ x: h, y: 1000 * (k + 1) + 250 * h })),
    })),
    ...meshes.map((m, k) => ({
      id: `bsp_${k}`,
      label: `${m.slice(0, 3)}: BSP g h + L`,
      color: k,
      model: true,
      mode: 'line' as const,
      points: [1, 16].map((h) => ({ x: h, y: 1000 * (k + 1) + 250 * h })),
    })),
  ],
};

/** Each brace closed in order, ignoring escaped ones. */
function balanced(tex: string): boolean {
  let depth = 0;
  const code = tex
    .replace(/^%.*$/gm, '')
    .replace(/\\\\/g, '')
    .replace(/\\[{}]/g, '');
  for (const c of code) {
    if (c === '{') depth++;
    if (c === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

describe('figurePgfplots(chart, paper, header)', () => {
  const tex = figurePgfplots({ kind: 'line', data: hrelations }, paper, ['Fig. 3: 50 % & more']);

  it('writes one tikzpicture of one axis, its braces balanced, its header as comments', () => {
    expect(tex.match(/\\begin\{tikzpicture\}/g)).toHaveLength(1);
    expect(tex.match(/\\begin\{axis\}\[/g)).toHaveLength(1);
    expect(tex.trimEnd().endsWith('\\end{axis}\n\\end{tikzpicture}')).toBe(true);
    expect(tex.startsWith('% Fig. 3: 50 % & more\n')).toBe(true);
    expect(balanced(tex)).toBe(true);
  });

  it('draws each curve with its data inline, a model dashed with its marker in outline', () => {
    const plots = tex.split('\n').filter((l) => l.startsWith('\\addplot['));
    expect(plots).toHaveLength(4);
    expect(plots[0]).toContain('mark=*');
    expect(plots[0]).toContain('table[row sep=\\\\] {x y\\\\ 1 1250\\\\ 2 1500\\\\');
    expect(plots[3]).toMatch(
      /dash pattern=on 3\.75pt off 2\.5pt.*mark=square, mark options=\{solid\}/,
    );
    expect(plots[3]).toContain('forget plot');
  });

  it('keys the legend as the paper figure does, and ticks at the powers of two', () => {
    const entries = [...tex.matchAll(/\\addlegendentry\{([^}]*)\}/g)].map((m) => m[1]);
    expect(entries).toEqual([...meshes, 'simulated', 'BSP g h + L']);
    expect(tex).toContain('xmode=log');
    expect(tex).toContain('log basis x=2');
    expect(tex).toContain('xtick={1,2,4,8,16}');
    expect(tex).toContain('ylabel={time (\\textmu{}s)}');
  });

  it('names a rule in the legend and draws it across the plot', () => {
    const g = figurePgfplots({ kind: 'line', data: paragonG }, paper, []);
    // Too long to label on a 3.5 in plot, so named in the legend with its value.
    expect(g).toContain('\\addlegendentry{5.9 buffering + 0.5 network (4x2) 6.4~\\textmu{}s}');
    expect(g).toMatch(
      /\\draw\[gray, dash pattern=on 2\.5pt off 1\.875pt\] \(axis cs:[\d.]+,6\.4\)/,
    );
  });

  it('refuses a chart that is not of curves, naming the kinds it draws', () => {
    expect(() =>
      figurePgfplots({ kind: 'channel-dependencies', data: ring4Cycle }, paper, []),
    ).toThrow(
      'pgfplots draws the curve charts (line, latency-load, speedup), not a channel-dependencies chart',
    );
  });
});

describe('latexText(text)', () => {
  it("escapes LaTeX's special characters and writes the figures' symbols as LaTeX does", () => {
    expect(latexText('50 % of a_b & {c} × 2 µs #1 $')).toBe(
      '50 \\% of a\\_b \\& \\{c\\} $\\times$ 2 \\textmu{}s \\#1 \\$',
    );
  });
});
