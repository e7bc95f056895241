// A chart's table as the page shows it speaks the reader's language; as a CSV exports it, its
// columns and kinds keep their English names, which scripts read.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { channelDependenciesKind } from '../chart_kinds/channel_dependencies';
import { chooseLanguage, i18n } from '../i18n/i18n';
import { SOURCE_LANG } from '../i18n/languages';
import { unwrapped, wrap } from '../i18n/pseudo';
import type { ChartTable, LineChartData } from '../results/chart_data';
import type { DependencyGraphData } from '../results/dependency_graph_data';
import {
  channelHeatmapTable,
  lineChartTable,
  stackedBarTable,
  timelineTable,
  workRateStacksTable,
} from './chart_table';
import { DataTable } from './DataTable';
import type { TableWords } from './table_words';
import { EXPORT_WORDS, PAGE_WORDS, TABLE_WORDS } from './table_words';

/** A line chart with every kind of row: curves, a pinned one, a saturation, marks and a rule. */
const line = (word = (text: string) => text): LineChartData => ({
  x: { label: word('load'), unit: '', scale: 'linear' },
  y: { label: word('utilisation'), unit: '', scale: 'linear', format: 'percent' },
  curves: [
    { id: 'a', label: word('a'), points: [{ x: 1, y: 0.5 }], saturationX: 2 },
    { id: 'a', label: word('a'), points: [{ x: 1, y: 0.4 }], pinned: true },
  ],
  marks: [
    { label: word('paper'), kind: 'reference', x: 3, y: 0.7 },
    { label: word('now'), kind: 'current', x: 1, y: 0.5, pinned: true },
  ],
  rules: [{ label: word('bound'), axis: 'y', value: 0.9 }],
});

/** Every kind of table, each in `words`, its own labels passed through `word`. */
function tables(words: TableWords, word = (text: string) => text): ChartTable[] {
  const dependencies: DependencyGraphData = {
    dims: [2],
    channels: [],
    edges: [{ from: 0, fromClass: 0, to: 1, toClass: 1, cycle: -1, escape: true, escapeCycle: -1 }],
    cycles: 0,
    escapes: true,
    escapeCycles: 0,
    turns: [],
  };
  return [
    lineChartTable(line(word), words),
    stackedBarTable(
      {
        y: { label: word('time'), unit: 'ms', scale: 'linear' },
        bars: [{ label: word('V1'), segments: [{ key: 'a', label: word('A'), value: 1 }] }],
        marks: [{ label: word('total'), bar: word('V1'), value: 1.2 }],
      },
      words,
    ),
    workRateStacksTable(
      {
        processors: 1,
        processor: word('PE'),
        bars: [{ label: word('Depth1'), segments: [{ key: 'p1', label: word('PE 1'), value: 1 }] }],
      },
      words,
    ),
    channelHeatmapTable(
      {
        dims: [],
        torus: false,
        channels: [],
        plane: 0,
        graph: { routers: 1, terminals: 1, channels: [{ from: 0, to: 1, value: 0.5 }] },
      },
      words,
    ),
    channelHeatmapTable(
      {
        dims: [],
        torus: false,
        channels: [],
        plane: 0,
        graph: { routers: 1, terminals: 1, channels: [], crosspoints: [0.5] },
      },
      words,
    ),
    timelineTable(
      {
        time: { label: word('time'), unit: 's', scale: 'linear' },
        end: 1,
        states: [{ key: 'busy', label: word('busy') }],
        rows: [{ label: word('PE 1'), fractions: [[0.5]] }],
      },
      words,
    ),
    channelDependenciesKind.table(dependencies, words),
  ];
}

describe("a chart table's words", () => {
  it('has a message for each word the page says', () => {
    for (const word of TABLE_WORDS) expect(i18n.exists(`charts:table.${word}`), word).toBe(true);
  });

  describe('in Japanese', () => {
    beforeAll(() => chooseLanguage('ja'));
    afterAll(() => chooseLanguage(SOURCE_LANG));

    it("names the page's columns and kinds in Japanese", () => {
      expect(lineChartTable(line(), PAGE_WORDS)).toEqual({
        columns: ['曲線', 'load', 'utilisation（割合）', '種類'],
        rows: [
          ['a', 1, 0.5, '曲線'],
          ['a', 2, '', '飽和'],
          ['a', 1, 0.4, '固定した曲線'],
          ['paper', 3, 0.7, '論文'],
          ['now', 1, 0.5, '現在の設定（固定）'],
          ['bound', '', 0.9, '基準線'],
        ],
      });
      const [, bars, rates, graph, crossbar, timeline, dependencies] = tables(PAGE_WORDS);
      expect(bars!.columns).toEqual(['棒', 'A（ms）', '合計（ms）', 'total（論文）（ms）']);
      expect(rates!.columns).toEqual(['構成', 'PE 1 の稼働率（割合）', '平均稼働率（割合）']);
      expect(graph!.columns).toEqual(['始点', '終点', '利用率（割合）']);
      expect(graph!.rows).toEqual([['スイッチ 0', '端末 0', 0.5]]);
      expect(crossbar!.columns).toEqual(['入力', '出力', '利用率（割合）']);
      expect(timeline!.columns).toEqual([
        'プロセッサ',
        '区間の開始（s）',
        '区間の終了（s）',
        'busy（割合）',
        'アイドル（割合）',
      ]);
      expect(dependencies!.rows[0]!.at(-2)).toBe('はい');
    });

    it("keeps an export's columns and kinds in English", () => {
      const table = lineChartTable(line());
      expect(table.columns).toEqual(['curve', 'load', 'utilisation (fraction)', 'kind']);
      const kinds = table.rows.map((r) => r[3]);
      expect([...kinds.slice(0, 3), kinds.at(-1)]).toEqual([
        'curve',
        'saturation',
        'pinned curve',
        'rule',
      ]);
      const [, bars, rates, graph, crossbar, timeline, dependencies] = tables(EXPORT_WORDS);
      expect(bars!.columns).toEqual(['bar', 'A (ms)', 'total (ms)', 'total (paper) (ms)']);
      expect(rates!.columns.at(-1)).toBe('average work rate (fraction)');
      expect(graph!.rows).toEqual([['switch 0', 'terminal 0', 0.5]]);
      expect(crossbar!.columns).toEqual(['input', 'output', 'use (fraction)']);
      expect(timeline!.columns.slice(0, 2)).toEqual(['processor', 'bin start (s)']);
      expect(dependencies!.columns[0]).toBe('from channel');
    });
  });

  describe('in the pseudo-language', () => {
    beforeAll(() => chooseLanguage('en-XA'));
    afterAll(() => chooseLanguage(SOURCE_LANG));

    it('shows no word of its own outside a wrapped run', () => {
      for (const table of tables(PAGE_WORDS, wrap)) {
        const markup = renderToStaticMarkup(
          createElement(DataTable, { table, caption: wrap('c') }),
        );
        const text = markup.replace(/<[^>]*>/g, ' ').replace(/&#x27;/g, "'");
        expect(unwrapped(text), table.columns.join()).toEqual([]);
      }
    });
  });
});
