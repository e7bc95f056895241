// A line chart's legend at phone widths: it wraps and makes the chart taller, not the plot smaller.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { LineChartData } from '../results/chart_data';
import { textWidth } from '../results/format';
import { lineChartGeometry } from './line_geometry';
import { LineChart } from './LineChart';
import { defaultChartHeight } from './use_measured_width';

describe('a long legend at phone widths', () => {
  // Paragon BSP, Fig. 3: five meshes simulated and their fitted lines, ten legend entries.
  const meshes = ['4x2 (p = 8)', '4x4 (p = 16)', '8x4 (p = 32)', '6x6 (p = 36)', '8x8 (p = 64)'];
  const hrelations: LineChartData = {
    x: { label: 'h', unit: 'packets', scale: 'linear' },
    y: { label: 'time', unit: 'us', scale: 'linear' },
    curves: [
      ...meshes.map((m, k) => ({
        id: `hrel_${k}`,
        label: `${m}, simulated`,
        color: k,
        mode: 'line+points' as const,
        points: [10, 20, 30, 40].map((h) => ({ x: h, y: 1000 * (k + 1) + 250 * h })),
      })),
      ...meshes.map((m, k) => ({
        id: `bsp_model_${k}`,
        label: `${m.slice(0, 3)}: BSP g h + L`,
        color: k,
        model: true,
        mode: 'line' as const,
        points: [10, 40].map((h) => ({ x: h, y: 1000 * (k + 1) + 250 * h })),
      })),
    ],
  };

  it('keeps a readable plot below all ten entries: the chart grows, the plot does not shrink', () => {
    for (const width of [260, 290, 320, 400]) {
      const g = lineChartGeometry(hrelations, { width, height: defaultChartHeight(width) });
      const where = `${width} px`;
      expect(g.legend.items, where).toHaveLength(10);
      for (const item of g.legend.items) {
        expect(item.x + textWidth(item.label, g.fontSize) + 28, where).toBeLessThanOrEqual(width);
      }
      expect(g.innerHeight, where).toBeGreaterThanOrEqual(140);
      expect(g.size.height, where).toBe(g.margin.top + g.innerHeight + g.margin.bottom);
      // The plot starts below the legend, and the x title ends inside the chart.
      expect(g.margin.top, where).toBeGreaterThanOrEqual(g.legend.height + 8);
      expect(g.margin.top + g.innerHeight + g.xTitleOffset, where).toBeLessThanOrEqual(
        g.size.height,
      );
      // The y title has room for its words, not "t… (µs)".
      expect(g.yTitle, where).toEqual(['time (µs)']);
    }
  });

  it('wraps a long legend label whole onto lines, and cuts a long axis title, its full form to focus and hover', () => {
    // Paragon ping-pong's long names, and a long axis title.
    const long: LineChartData = {
      ...hrelations,
      y: { label: 'time to send a message through an unloaded network', unit: 'us', scale: 'log' },
      curves: hrelations.curves.map((c) => ({
        ...c,
        label: `send + receive (ping-pong double), ${c.label}`,
      })),
    };
    const g = lineChartGeometry(long, { width: 260, height: defaultChartHeight(260) });
    const svg = renderToStaticMarkup(<LineChart name="h" title="H" data={long} width={260} />);
    // Every legend label is there whole (side by side's names are read, not guessed at).
    for (const item of g.legend.items) expect(item.lines.join(' ')).toBe(item.full);
    const wrapped = g.legend.items.filter((i) => i.lines.length > 1);
    expect(wrapped.length).toBeGreaterThan(5);
    for (const item of wrapped) {
      for (const line of item.lines) {
        expect(item.x + textWidth(line, g.fontSize) + 28).toBeLessThanOrEqual(260);
        expect(svg).toContain(`>${line}</tspan>`);
      }
    }
    const full = 'time to send a message through an unloaded network (µs)';
    expect(g.yTitleFull).toBe(full);
    expect(g.yTitle).not.toEqual([full]);
    expect(svg).toContain(`tabindex="0" aria-label="${full}"`);
    expect(svg).toContain(`<title>${full}</title>`);
    // A label drawn whole is plain text.
    expect(svg).not.toContain('aria-label="H"');
  });
});
