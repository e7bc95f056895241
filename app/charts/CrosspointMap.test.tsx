import { interpolateViridis } from 'd3-scale-chromatic';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { ChannelHeatmapData } from '../results/chart_data';
import { channelHeatmapTable } from './chart_table';
import {
  CrosspointMap,
  crosspointCaption,
  crosspointGeometry,
  describeCrosspoints,
} from './CrosspointMap';
import { palette } from './palette';

const size = { width: 640, height: 480 };

/** A 4-port crossbar under hotspot traffic to terminal 2; nothing crosses i -> i. */
function crossbar4(): ChannelHeatmapData {
  const use = (i: number, o: number) => (i === o ? 0 : o === 2 ? 0.15 : 0.05);
  return {
    dims: [],
    torus: false,
    channels: [],
    plane: 0,
    graph: {
      routers: 1,
      terminals: 4,
      channels: [0, 1, 2, 3].map((t) => ({ from: 0, to: 1 + t, value: t === 2 ? 0.45 : 0.1 })),
      crosspoints: Array.from({ length: 16 }, (_, k) => use(Math.floor(k / 4), k % 4)),
    },
  };
}

describe('crosspointGeometry()', () => {
  it('draws the N x N matrix: rows are inputs, columns outputs, square cells', () => {
    const g = crosspointGeometry(crossbar4(), size);
    expect(g.cells).toHaveLength(16);
    const cell = g.cells[1 * 4 + 2]!;
    expect(cell).toMatchObject({ input: 1, output: 2, value: 0.15 });
    expect(cell.x).toBeCloseTo(2 * g.cell + (g.cell - cell.size) / 2, 9);
    expect(cell.y).toBeCloseTo(1 * g.cell + (g.cell - cell.size) / 2, 9);
    expect(g.innerWidth).toBeCloseTo(4 * g.cell, 9);
    expect(g.innerWidth).toBe(g.innerHeight);
    // The busiest crosspoint at 15 % sets a 0-20 % scale.
    expect(g.scaleTop).toBeCloseTo(0.2, 12);
    expect(cell.color).toBe(interpolateViridis(0.15 / 0.2));
    expect(g.cells[0]!.color).toBe(interpolateViridis(0));
    expect(g.targets[6]!.title).toBe('input 1 → output 2');
    expect(g.targets[6]!.lines).toEqual(['use: 15\u00a0%']);
    expect(g.legend.bar.ticks.at(-1)!.label).toBe('20\u00a0%');
    // Everything fits the frame.
    expect(g.margin.left + g.innerWidth).toBeLessThanOrEqual(size.width);
    expect(g.margin.top + g.innerHeight).toBeLessThanOrEqual(size.height);
  });

  it('draws missing values grey and labels only the rows and columns that fit', () => {
    const data = crossbar4();
    data.graph!.crosspoints = [Number.NaN, null, 0.2];
    const g = crosspointGeometry(data, size);
    expect(g.cells.map((c) => c.value).slice(0, 4)).toEqual([null, null, 0.2, null]);
    expect(g.cells[0]!.color).toBe(palette.grey);
    const wide = crossbar4();
    wide.graph!.terminals = 64;
    wide.graph!.crosspoints = Array(64 * 64).fill(0.01);
    const many = crosspointGeometry(wide, { width: 320, height: 480 });
    expect(many.cells).toHaveLength(4096);
    expect(many.ticks.length).toBeLessThan(64);
    expect(many.ticks.at(-1)!.index).toBe(63);
  });
});

describe('CrosspointMap', () => {
  it('captions and describes the crossbar, its busiest crosspoint and the scale', () => {
    expect(crosspointCaption(crossbar4())).toBe(
      '4 × 4 crossbar, 16 crosspoints · max 15\u00a0% · mean 5.6\u00a0% · ' +
        "colours 0 to 20\u00a0% (the busiest's scale)",
    );
    expect(describeCrosspoints(crossbar4())).toContain('Busiest: input 0 → output 2 at 15\u00a0%.');
  });

  it('tables one row per crosspoint', () => {
    const table = channelHeatmapTable(crossbar4());
    expect(table.columns).toEqual(['input', 'output', 'use (fraction)']);
    expect(table.rows).toHaveLength(16);
    expect(table.rows[6]).toEqual([1, 2, 0.15]);
  });

  it('renders one cell per crosspoint', () => {
    const markup = renderToStaticMarkup(
      <CrosspointMap name="channels" title="Crosspoint use" data={crossbar4()} width={640} />,
    );
    expect(markup.match(/class="heatmap-channel"/g)).toHaveLength(16);
    expect(markup).toContain('output (to terminal)');
  });
});
