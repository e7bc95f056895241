import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { ChartTable, LineChartData } from '../results/chart_data';
import {
  channelHeatmapTable,
  lineChartTable,
  stackedBarTable,
  tableToCsv,
  workRateStacksTable,
} from './chart_table';
import { DataTable } from './DataTable';
import {
  cubeChannels,
  mesh8x8x8Uniform,
  ring16HotSpot,
  torus4x4HotSpot,
} from './fixtures/channel_heatmap';
import { paragonG } from './fixtures/line_chart';
import { multiPsiExchangeMs } from './fixtures/stacked_bar';
import { multiPsiWorkRates } from './fixtures/work_rate_stacks';

describe('lineChartTable()', () => {
  it('lists every point in long format with axis titles and units', () => {
    const table = lineChartTable(paragonG);
    expect(table.columns).toEqual(['curve', 'processors p', 'g (µs)', 'kind']);
    expect(table.rows.slice(0, 2)).toEqual([
      ['g, random full h-relations', 8, 6.5, 'curve'],
      ['g, random full h-relations', 16, 7.18, 'curve'],
    ]);
    expect(table.rows.at(-1)).toEqual(['5.9 buffering + 0.5 network (4x2)', '', 6.4, 'rule']);
  });

  it('marks pinned curves, saturation loads, marks and percent axes', () => {
    const data: LineChartData = {
      x: { label: 'load', unit: 'Gbit/s', scale: 'linear' },
      y: { label: 'utilisation', unit: '', scale: 'linear', format: 'percent' },
      curves: [
        { id: 'a', label: 'a', points: [{ x: 1, y: 0.5 }], saturationX: 2 },
        { id: 'a', label: 'a', points: [{ x: 1, y: 0.4 }], pinned: true },
      ],
      marks: [
        { label: 'paper', kind: 'reference', x: 3, y: 0.7 },
        { label: 'now', kind: 'current', x: 1, y: 0.5 },
        { label: 'T805', kind: 'current', legend: 'sequential time', x: 0, y: 0.9 },
        {
          label: '#1: T805',
          kind: 'current',
          legend: 'sequential time',
          x: 0,
          y: 0.8,
          pinned: true,
        },
      ],
    };
    expect(lineChartTable(data)).toEqual({
      columns: ['curve', 'load (Gbit/s)', 'utilisation (fraction)', 'kind'],
      rows: [
        ['a', 1, 0.5, 'curve'],
        ['a', 2, '', 'saturation'],
        ['a', 1, 0.4, 'pinned curve'],
        ['paper', 3, 0.7, 'paper'],
        ['now', 1, 0.5, 'current'],
        ['T805', 0, 0.9, 'sequential time'],
        ['#1: T805', 0, 0.8, 'pinned sequential time'],
      ],
    });
  });
});

describe('stackedBarTable()', () => {
  it('gives one row per bar with segments, total and the paper values', () => {
    const table = stackedBarTable(multiPsiExchangeMs);
    expect(table.columns).toEqual([
      'bar',
      'reduction (ms)',
      'hardware (ms)',
      'firmware (ms)',
      'software (ms)',
      'total (ms)',
      'total (paper) (ms)',
    ]);
    expect(table.rows[0]!.slice(0, 5)).toEqual(['V1 measured', 2.25, 0.07, 0.22, 36.07]);
    expect(table.rows[0]![5]).toBeCloseTo(38.61, 9);
    expect(table.rows[0]![6]).toBe(38.32);
    expect(table.rows[1]![6]).toBe(0.61);
  });

  it('labels pinned bars and leaves missing segments empty', () => {
    const table = stackedBarTable({
      y: { label: 't', unit: '', scale: 'linear' },
      bars: [
        { label: 'x', pinned: true, segments: [{ key: 'a', label: 'A', value: 1 }] },
        { label: 'x', segments: [{ key: 'b', label: 'B', value: 2 }] },
      ],
    });
    expect(table).toEqual({
      columns: ['bar', 'A', 'B', 'total'],
      rows: [
        ['x (pinned)', 1, '', 1],
        ['x', '', 2, 2],
      ],
    });
  });
});

describe('workRateStacksTable()', () => {
  it('gives each processor work rate and the average per configuration', () => {
    const table = workRateStacksTable(multiPsiWorkRates);
    expect(table.columns[0]).toBe('configuration');
    expect(table.columns[1]).toBe('PE 1 work rate (fraction)');
    expect(table.columns.at(-1)).toBe('average work rate (fraction)');
    expect(table.rows[0]!.slice(0, 4)).toEqual(['Depth1', 0.55, 0.495, 0.44]);
    expect(table.rows[0]!.at(-1)).toBeCloseTo(0.495, 9);
  });
});

describe('channelHeatmapTable()', () => {
  it('gives one row per channel of a torus plane, node by node in direction order', () => {
    const table = channelHeatmapTable(torus4x4HotSpot);
    expect(table.columns).toEqual(['x', 'y', 'z', 'direction', 'utilization (fraction)']);
    expect(table.rows).toHaveLength(64);
    // Fixture: uniform traffic loads + channels 0.75 × 0.2 and - channels 0.25 × 0.2.
    expect(table.rows.slice(0, 4).map((r) => r.slice(0, 4))).toEqual([
      [0, 0, 0, '+x'],
      [0, 0, 0, '-x'],
      [0, 0, 0, '+y'],
      [0, 0, 0, '-y'],
    ]);
    expect(table.rows[0]![4]).toBeCloseTo(0.15, 9);
    expect(table.rows[1]![4]).toBeCloseTo(0.05, 9);
    // The wrap-around +y from (0, 3) into the hot spot: 0.15 + 8 × 0.08.
    const wrap = table.rows.find((r) => r[0] === 0 && r[1] === 3 && r[3] === '+y');
    expect(wrap![4]).toBeCloseTo(0.79, 9);
  });

  it('includes the ±z channels of the drawn plane of a 3-D mesh, edges left out', () => {
    const table = channelHeatmapTable(mesh8x8x8Uniform);
    // x and y: 7 links × 8 lines × 2 directions each; z: both directions at all 64 nodes.
    expect(table.rows).toHaveLength(112 + 112 + 128);
    expect(table.rows.every((r) => r[2] === 3)).toBe(true);
    expect(table.rows.filter((r) => r[3] === '+z')).toHaveLength(64);
    expect(table.rows.some((r) => r[0] === 0 && r[3] === '-x')).toBe(false);
    expect(channelHeatmapTable({ ...mesh8x8x8Uniform, plane: 0 }).rows).toHaveLength(288);
    expect(channelHeatmapTable(ring16HotSpot).rows).toHaveLength(32);
  });

  it('leaves the utilization empty where the data has none', () => {
    const table = channelHeatmapTable({
      dims: [2],
      torus: false,
      plane: 0,
      channels: cubeChannels([2], false, [[Number.NaN]]),
    });
    expect(table.rows).toEqual([
      [0, 0, 0, '+x', ''],
      [1, 0, 0, '-x', ''],
    ]);
  });
});

describe('tableToCsv()', () => {
  it('writes the header first, quotes only where RFC 4180 needs it, ends lines with \\n', () => {
    const table: ChartTable = {
      columns: ['name', 'value (µs)'],
      rows: [
        ['plain', 1],
        ['a, b', 0.1 + 0.2],
        ['say "hi"', -2e-7],
        ['two\nlines', ''],
      ],
    };
    expect(tableToCsv(table)).toBe(
      'name,value (µs)\n' +
        'plain,1\n' +
        // As a person writes it: a sum's rounding past 15 digits is not the value's.
        '"a, b",0.3\n' +
        '"say ""hi""",-2e-7\n' +
        '"two\nlines",\n',
    );
  });

  it('puts the provenance above the header as comment lines, one line each', () => {
    const table: ChartTable = { columns: ['a'], rows: [[1]] };
    expect(tableToCsv(table, ['preset: x (X)', 'link: https://e.org/?s=1\nmore'])).toBe(
      '# preset: x (X)\n# link: https://e.org/?s=1 more\na\n1\n',
    );
  });
});

describe('<DataTable>', () => {
  it('renders a captioned table with column and row headers', () => {
    const markup = renderToStaticMarkup(
      createElement(DataTable, { table: lineChartTable(paragonG), caption: 'Paragon g: data' }),
    );
    expect(markup).toContain('<caption>Paragon g: data</caption>');
    expect(markup).toContain('<th scope="col">g (µs)</th>');
    expect(markup).toContain('<th scope="row">g, random full h-relations</th>');
    expect(markup).toContain('<td class="number">7.18</td>');
  });
});
