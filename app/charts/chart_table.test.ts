import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { ChartTable, LineChartData } from './chart_data';
import { lineChartTable, stackedBarTable, tableToCsv, workRateStacksTable } from './chart_table';
import { DataTable } from './DataTable';
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
        '"a, b",0.30000000000000004\n' +
        '"say ""hi""",-2e-7\n' +
        '"two\nlines",\n',
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
