import { describe, expect, it } from 'vitest';

import { withheldWords } from '../results/chart_data';
import type { RunResult } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import type { RunView } from '../results/chart_builder';
import type { QuestionSpec } from './schema';
import type { HeldValue } from './withhold';
import {
  answersQuestion,
  heldValue,
  NOTHING_WITHHELD,
  readoutsShown,
  revealedValues,
  withheldFor,
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

const held = (digits: string, unitWord: string): HeldValue => ({
  digits,
  decimals: digits.split('.')[1]?.length ?? 0,
  unitWord,
});

describe('heldValue()', () => {
  it('reads the printed number, its precision and its unit from the reveal', () => {
    const read = (text: string, percent = false) =>
      heldValue({ value: 0, unit: '', text, percent });
    expect(read('13.9\u00a0cycles')).toEqual(held('13.9', 'cycles'));
    expect(read('2 cycles/hop')).toEqual(held('2', 'cycles'));
    expect(read('36,606 cycles')).toEqual(held('36606', 'cycles'));
    expect(read('9.78\u00a0%', true)).toEqual(held('9.78', '%'));
    expect(read('100 % of peak', true)).toEqual(held('100', '%'));
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
      held('9.78', '%'),
      held('45.25', 'cycles'),
    ]);
  });

  it('leaves out what the run lacks (a sweep still running)', () => {
    const partial: RunView = { result: { ...result, series: [] }, params: {} };
    expect(revealedValues(first, preset, partial)).toEqual([]);
  });
});

describe('withheldFor()', () => {
  const right: QuestionSpec = { ...first, answer: { ...first.answer, side: 'right' } };

  it('holds every outcome of the pane whose run answers the question', () => {
    expect(answersQuestion(first, 'first')).toBe(true);
    expect(answersQuestion(first, 'right')).toBe(false);
    expect(answersQuestion(right, 'right')).toBe(true);
    const own = withheldFor(first, 'first', preset, run);
    expect([own.none, own.outcome]).toEqual([false, true]);
    expect(own.text('it starts at 13.9 cycles')).toBe(`it starts at ${withheldWords()} cycles`);
    // A run still going holds its outcomes all the same.
    const partial: RunView = { result: { ...result, series: [] }, params: {} };
    expect(withheldFor(first, 'first', preset, partial).outcome).toBe(true);
  });

  it('holds on the other pane only what the question names as giving it away', () => {
    expect(withheldFor(right, 'first', preset, run)).toBe(NOTHING_WITHHELD);
    const named = withheldFor({ ...right, shownBy: [{ chart: 'accepted' }] }, 'first', preset, run);
    expect([named.outcome, [...named.charts]]).toEqual([false, ['accepted']]);
  });
});

describe('withholding()', () => {
  const latency = withholding([held('13.9', 'cycles'), held('9.78', '%')]);

  it('takes a number out of prose where it comes with the answer’s unit', () => {
    expect(latency.text('about 13.92 cycles at the lightest load; 13.9 hops; 9.78 % busy')).toBe(
      `about ${withheldWords()} cycles at the lightest load; 13.9 hops; ${withheldWords()} % busy`,
    );
    const perHop = withholding([held('2', 'cycles')]);
    expect(perHop.text('Fig. 2: latency rises 2 cycles per hop, 2-word messages, 2 hops')).toBe(
      `Fig. 2: latency rises ${withheldWords()} cycles per hop, 2-word messages, 2 hops`,
    );
    const load = withholding([held('0.35', 'flits/node/cycle')]);
    expect(load.text('Below about 0.35 flits/node/cycle packets flow; 0.35 of them')).toBe(
      `Below about ${withheldWords()} flits/node/cycle packets flow; 0.35 of them`,
    );
  });

  it('takes a bare number out of prose only when it has two digits or more', () => {
    expect(withholding([held('58.6', '')]).text('a speedup of 58.6 on 64 nodes')).toBe(
      `a speedup of ${withheldWords()} on 64 nodes`,
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

describe('readoutsShown()', () => {
  it('prints the readouts of a run that answers the question without their values or details', () => {
    const readouts = [preset.readouts[0]!, { ...preset.readouts[0]!, label: 'again' }];
    const withDetail = {
      ...preset,
      readouts: readouts.map((r) => ({ ...r, detail: 'of {latency_mean_cycles} cycles' })),
    };
    const shown = readoutsShown(withDetail, run, withheldFor(first, 'first', preset, run));
    expect(shown.map((r) => [r.value, r.detail])).toEqual([
      [withheldWords(), null],
      [withheldWords(), null],
    ]);
    expect(readoutsShown(withDetail, run, NOTHING_WITHHELD)[0]!.value).toBe('45.25 cycles');
    const named = readoutsShown(withDetail, run, withholding([], [{ readout: 1 }]));
    expect(named.map((r) => [r.value, r.detail])).toEqual([
      ['45.25 cycles', 'of 45.25 cycles'],
      [withheldWords(), null],
    ]);
  });
});
