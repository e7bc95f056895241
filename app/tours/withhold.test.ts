import { describe, expect, it } from 'vitest';

import type { LineChartData } from '../results/chart_data';
import { WITHHELD } from '../results/chart_data';
import { lineChartTable, stackedBarTable, workRateStacksTable } from '../charts/chart_table';
import { paragonG } from '../charts/fixtures/line_chart';
import { multiPsiExchangeRatio } from '../charts/fixtures/stacked_bar';
import { multiPsiWorkRates } from '../charts/fixtures/work_rate_stacks';
import { describeLineChart, lineChartGeometry } from '../charts/LineChart';
import { describeStackedBars, stackedBarGeometry } from '../charts/StackedBarChart';
import { describeWorkRateStacks } from '../charts/WorkRateStacks';
import type { RunResult } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import type { ValidationRow } from '../presets/validation';
import type { BuiltChart } from '../chart_kinds/registry';
import type { RunView } from '../results/chart_builder';
import type { QuestionSpec } from './schema';
import type { HeldValue } from './withhold';
import {
  heldValue,
  NOTHING_WITHHELD,
  readoutsShown,
  revealedValues,
  rowStates,
  withheldFor,
  withholdChart,
  withholding,
} from './withhold';

const preset = loadPresetsFromDisk().find((p) => p.id === 'custom-network')!;

const result: RunResult = {
  scalars: [
    { name: 'latency_mean_cycles', value: 45.25, unit: 'cycles', description: '' },
    {
      name: 'latency_vs_offered_saturation',
      value: 0.35,
      unit: 'flits/node/cycle',
      description: '',
    },
    { name: 'acceptance', value: 0.0978, unit: 'fraction', description: '' },
  ],
  series: [
    {
      name: 'latency_vs_offered',
      label: '',
      xName: 'offered',
      xUnit: '',
      yName: 'latency',
      yUnit: 'cycles',
      key: '',
      labels: [],
      x: [0.1, 0.2, 0.4],
      y: [13.9231, 20, 60],
    },
  ],
  networks: [],
  timelines: [],
};
const run: RunView = { result, params: {} };

const first: QuestionSpec = {
  kind: 'number',
  prompt: 'p',
  answer: { series: 'latency_vs_offered', at: 'first' },
};

const held = (digits: string, unitWord: string, percent = false): HeldValue => ({
  digits,
  decimals: digits.split('.')[1]?.length ?? 0,
  percent,
  unitWord,
});

describe('heldValue()', () => {
  it('reads the printed number, its precision and its unit from the reveal', () => {
    const read = (text: string, percent = false) =>
      heldValue({ value: 0, unit: '', text, percent });
    expect(read('13.9\u00a0cycles')).toEqual(held('13.9', 'cycles'));
    expect(read('2 cycles/hop')).toEqual(held('2', 'cycles'));
    expect(read('36,606 cycles')).toEqual(held('36606', 'cycles'));
    expect(read('9.78\u00a0%', true)).toEqual(held('9.78', '%', true));
    expect(read('100 % of peak', true)).toEqual(held('100', '%', true));
    expect(read('58.6')).toEqual(held('58.6', ''));
    expect(read('–')).toBeNull();
  });
});

describe('revealedValues()', () => {
  it("is a number question's answer as the reveal prints it", () => {
    expect(revealedValues(first, preset, run)).toEqual([held('13.9', 'cycles')]);
  });

  it('is each run value a choice compares, not its constants', () => {
    const choice: QuestionSpec = {
      kind: 'choice',
      prompt: 'p',
      choices: [
        { label: 'a', when: { value: { scalar: 'acceptance' }, below: 0.5 } },
        {
          label: 'b',
          when: { value: { scalar: 'acceptance' }, atLeast: { readout: 0 } },
        },
      ],
      expect: 0,
    };
    expect(revealedValues(choice, preset, run)).toEqual([
      held('9.78', '%', true),
      held('45.25', 'cycles'),
    ]);
  });

  it('leaves out what the run lacks (a sweep still running)', () => {
    const partial: RunView = { result: { ...result, series: [] }, params: {} };
    expect(revealedValues(first, preset, partial)).toEqual([]);
    expect(withheldFor(first, preset, partial)).toBe(NOTHING_WITHHELD);
  });
});

describe('withholding()', () => {
  const latency = withholding([held('13.9', 'cycles'), held('9.78', '%', true)]);

  it('holds a value that prints as the answer at its precision, and no other', () => {
    expect(latency.value(13.9231)).toBe(true);
    expect(latency.value(13.86)).toBe(true);
    expect(latency.value(13.96)).toBe(false);
    expect(latency.value(139)).toBe(false);
    expect(latency.value(0.0978)).toBe(true);
    expect(latency.value(9.78)).toBe(false);
    expect(latency.value(Number.NaN)).toBe(false);
  });

  it('takes a number out of prose where it comes with the answer’s unit', () => {
    expect(latency.text('about 13.92 cycles at the lightest load; 13.9 hops; 9.78 % busy')).toBe(
      `about ${WITHHELD} cycles at the lightest load; 13.9 hops; ${WITHHELD} % busy`,
    );
    const perHop = withholding([held('2', 'cycles')]);
    expect(perHop.text('Fig. 2: latency rises 2 cycles per hop, 2-word messages, 2 hops')).toBe(
      `Fig. 2: latency rises ${WITHHELD} cycles per hop, 2-word messages, 2 hops`,
    );
    const load = withholding([held('0.35', 'flits/node/cycle')]);
    expect(load.text('Below about 0.35 flits/node/cycle packets flow; 0.35 of them')).toBe(
      `Below about ${WITHHELD} flits/node/cycle packets flow; 0.35 of them`,
    );
  });

  it('takes a bare number out of prose only when it has two digits or more', () => {
    expect(withholding([held('58.6', '')]).text('a speedup of 58.6 on 64 nodes')).toBe(
      `a speedup of ${WITHHELD} on 64 nodes`,
    );
    expect(withholding([held('2', '')]).text('Fig. 2')).toBe('Fig. 2');
  });

  it('holds nothing when there is nothing to hold', () => {
    expect(withholding([])).toBe(NOTHING_WITHHELD);
    const whole = withholding([], [{ chart: 'accepted' }, { readout: 1 }, { description: true }]);
    expect([whole.charts, whole.readouts, whole.description]).toEqual([
      new Set(['accepted']),
      new Set([1]),
      true,
    ]);
  });
});

describe('withholdChart()', () => {
  const line = (data: LineChartData): BuiltChart => ({ kind: 'line', data });
  const data: LineChartData = {
    ...paragonG,
    curves: [{ ...paragonG.curves[0]!, saturationX: 64 }],
    marks: [
      { label: 'here', x: 8, y: 6.5, kind: 'current' },
      { label: 'paper', x: 16, y: 7.2, kind: 'reference' },
    ],
    rules: [
      { axis: 'y', value: 6.4, label: 'floor' },
      { axis: 'x', value: 64, label: 'saturation bound' },
    ],
  };

  it("keeps a point's place but not its numbers, and leaves out marks, rules and ticks", () => {
    // 7.18 is a point's y; 64 a point's x (a load delivered is a result too), a saturation's
    // and a rule's.
    const shown = withholdChart(line(data), withholding([held('7.18', 'µs'), held('64', '')]));
    if (shown.kind !== 'line') throw new Error('a line chart');
    expect(shown.data.curves[0]!.points.map((p) => p.withheld === true)).toEqual([
      false,
      true,
      false,
      false,
      true,
    ]);
    expect(shown.data.curves[0]!.saturationX).toBeUndefined();
    expect(shown.data.marks?.map((m) => m.label)).toEqual(['here', 'paper']);
    expect(shown.data.rules?.map((r) => r.label)).toEqual(['floor']);

    const text = describeLineChart(shown.data);
    expect(text).toContain(
      `5 points, processors p 8 to 36, g 6.5\u00a0µs to 8.1\u00a0µs, 2 ${WITHHELD}.`,
    );
    expect(text).not.toMatch(/7\.18|64|saturat/);
    expect(lineChartTable(shown.data).rows[1]).toEqual([
      'g, random full h-relations',
      WITHHELD,
      WITHHELD,
      'curve',
    ]);
    const targets = lineChartGeometry(shown.data, { width: 600, height: 360 }).targets;
    expect(targets[1]!.lines).toEqual([`processors p, g: ${WITHHELD}`]);
    expect(JSON.stringify(targets)).not.toMatch(/7\.18|: 64/);
  });

  it('leaves a mark out at a held x or y', () => {
    const shown = withholdChart(line(data), withholding([held('6.5', 'µs')]));
    if (shown.kind !== 'line') throw new Error('a line chart');
    expect(shown.data.marks?.map((m) => m.label)).toEqual(['paper']);
  });

  it("holds a bar's total (and so its segments' sum) where a segment or the total is held", () => {
    const bars: BuiltChart = { kind: 'stacked-bars', data: multiPsiExchangeRatio };
    const total = withholdChart(bars, withholding([held('17.1', 'reductions')]));
    if (total.kind !== 'stacked-bars') throw new Error('stacked bars');
    expect(total.data.bars.map((b) => b.totalWithheld === true)).toEqual([true, false]);
    // The paper's total, 17.0, is not the held 17.1 at one decimal: it stays.
    expect(total.data.marks).toHaveLength(2);
    expect(describeStackedBars(total.data)).toContain(`V1 measured: total ${WITHHELD} (`);
    expect(stackedBarTable(total.data).rows[0]).toContain(WITHHELD);
    const geometry = stackedBarGeometry(total.data, { width: 600, height: 360 });
    expect(geometry.bars[0]!.totalShown).toBe(false);
    expect(geometry.targets[0]!.lines).toEqual([
      'reduction: 1\u00a0reductions',
      `bar total: ${WITHHELD}`,
    ]);

    const segment = withholdChart(bars, withholding([held('11', 'reductions')]));
    if (segment.kind !== 'stacked-bars') throw new Error('stacked bars');
    expect(segment.data.bars[1]!.segments.map((s) => s.withheld === true)).toEqual([
      false,
      false,
      true,
      false,
    ]);
    expect(segment.data.bars[1]!.totalWithheld).toBe(true);
  });

  it("holds a work-rate bar's average", () => {
    const average =
      multiPsiWorkRates.bars[0]!.segments.reduce((sum, s) => sum + s.value, 0) /
      multiPsiWorkRates.bars[0]!.segments.length;
    const digits = (average * 100).toFixed(1);
    const shown = withholdChart(
      { kind: 'work-rate-stacks', data: multiPsiWorkRates },
      withholding([held(digits, '%', true)]),
    );
    if (shown.kind !== 'work-rate-stacks') throw new Error('work-rate stacks');
    expect(shown.data.bars[0]!.totalWithheld).toBe(true);
    expect(describeWorkRateStacks(shown.data)).toContain(`average ${WITHHELD} (`);
    expect(workRateStacksTable(shown.data).rows[0]!.at(-1)).toBe(WITHHELD);
  });

  it('returns the chart itself when nothing is held', () => {
    const chart = line(data);
    expect(withholdChart(chart, NOTHING_WITHHELD)).toBe(chart);
  });
});

describe('readoutsShown() and rowStates()', () => {
  it('prints a readout without the held value, in its value and its detail', () => {
    const readouts = [preset.readouts[0]!, { ...preset.readouts[0]!, label: 'again' }];
    const withDetail = {
      ...preset,
      readouts: readouts.map((r) => ({ ...r, detail: 'of {latency_mean_cycles} cycles' })),
    };
    const shown = readoutsShown(withDetail, run, withholding([held('45.25', 'cycles')]));
    expect(shown.map((r) => [r.value, r.detail])).toEqual([
      [WITHHELD, `of ${WITHHELD} cycles`],
      [WITHHELD, `of ${WITHHELD} cycles`],
    ]);
    expect(readoutsShown(withDetail, run, NOTHING_WITHHELD)[0]!.value).toBe('45.25 cycles');
    const named = readoutsShown(withDetail, run, withholding([], [{ readout: 1 }]));
    expect(named.map((r) => [r.value, r.detail])).toEqual([
      ['45.25 cycles', 'of 45.25 cycles'],
      [WITHHELD, null],
    ]);
  });

  it('finds a row that states a held value in its numbers or its words', () => {
    const row: ValidationRow = {
      metric: 'm',
      label: 'Null RPC',
      unit: 'cycles',
      paper: { kind: 'number', value: 43, tolerance: 0.5 },
      accept: { atLeast: 42.5, atMost: 43.5 },
      simulated: 44,
      pass: false,
      why: 'w',
      source: 'sec. 3.1',
    };
    expect(rowStates(row, withholding([held('43', 'cycles')]))).toBe(true);
    expect(rowStates(row, withholding([held('44', 'cycles')]))).toBe(true);
    expect(rowStates(row, withholding([held('60', 'cycles')]))).toBe(false);
    const words = { ...row, simulated: 60, source: 'sec. 5: 61 cycles' };
    expect(rowStates(words, withholding([held('61', 'cycles')]))).toBe(true);
    expect(rowStates(row, NOTHING_WITHHELD)).toBe(false);
  });
});
