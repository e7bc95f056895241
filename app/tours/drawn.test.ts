import { describe, expect, it } from 'vitest';

import type { StepDrawing } from './drawn';
import { statesAnswer, statesLaterAnswer } from './drawn';
import type { AnswerValue } from './prose_states';
import { proseStates } from './prose_states';

const answer = (value: number, unit: string, close = 0.2, source?: string): AnswerValue => ({
  value,
  unit,
  close,
  what: 'the answer',
  ...(source ? { source } : {}),
});

const drawing = (numbers: StepDrawing['numbers'], texts: StepDrawing['texts'] = []) => ({
  numbers,
  texts,
  shown: { first: 0, right: 0 },
});

describe('proseStates()', () => {
  it('finds a number in the answer’s unit within its closeness', () => {
    expect(proseStates('the curve starts at about 40 cycles', answer(43, 'cycles'))).toEqual([
      '40 cycles',
    ]);
    expect(proseStates('21 hops, 60 cycles', answer(43, 'cycles'))).toEqual([]);
    expect(proseStates('it takes 0.35 flits/node/cycle', answer(0.3, 'flits/node/cycle'))).toEqual([
      '0.35 flits',
    ]);
  });

  it('reads a share as a fraction or a percentage, and a speedup bare or with ×', () => {
    expect(proseStates('about 0.6 of the capacity', answer(0.606, 'fraction'))).toEqual(['0.6 of']);
    expect(proseStates('60 % of it', answer(0.606, 'fraction'))).toEqual(['60 %']);
    expect(proseStates('a speedup of 58', answer(58.6, 'x'))).toEqual(['58']);
    expect(proseStates('32-byte packets', answer(31, 'x'))).toEqual([]);
  });

  it('reads Japanese prose’s units and counters', () => {
    expect(proseStates('約 40 サイクルから始まる', answer(43, 'cycles'))).toEqual(['40 サイクル']);
    expect(proseStates('0.35 フリット/ノード/サイクル', answer(0.3, 'flits/node/cycle'))).toEqual([
      '0.35 フリット',
    ]);
    expect(proseStates('速度向上比は 58 倍', answer(58.6, 'x'))).toEqual(['58 倍']);
    // A count of processors is no speedup, in Japanese as in English.
    expect(proseStates('32 プロセッサで', answer(31, 'x'))).toEqual([]);
    expect(proseStates('32 台で', answer(31, 'x'))).toEqual([]);
  });

  it('for a later step, only a number written as the answer to its own precision', () => {
    const later = answer(0.606, 'flits/node/cycle');
    expect(proseStates('about 0.6 flits/node/cycle', later, true)).toEqual(['0.6 flits']);
    expect(proseStates('the bound is 0.49 flits/node/cycle', later, true)).toEqual([]);
    expect(proseStates('1 word', answer(0.603, 'fraction'), true)).toEqual([]);
  });
});

describe('statesAnswer() and statesLaterAnswer()', () => {
  const drawn = drawing(
    [
      { value: 0.345, unit: 'flits/node/cycle', where: 'saturation', source: 'net:sat' },
      { value: 146, unit: 'us', where: 'the paper’s start-up' },
      { value: 0.5974, unit: 'fraction', where: 'a channel', shade: true },
    ],
    [{ text: 'calibrated on 38.9 clocks', where: 'field', setup: true }],
  );

  it('before the reveal: any number of its unit within the closeness, not the set-up', () => {
    expect(statesAnswer(drawn, answer(0.394, 'flits/node/cycle'))).toEqual(['saturation = 0.345']);
    expect(statesAnswer(drawn, answer(0.394, 'flits/node/cycle', 0.1))).toEqual([]);
    expect(statesAnswer(drawn, answer(39.9, 'clocks'))).toEqual([]);
    expect(statesAnswer(drawn, answer(150, 'µs'))).toEqual(['the paper’s start-up = 146']);
  });

  it('for a choice against a constant: only its own output, or a number of none', () => {
    const side = { ...answer(0.37, 'flits/node/cycle', 0.2, 'net:accepted'), ownOutput: true };
    expect(statesAnswer(drawn, side)).toEqual([]);
    expect(statesAnswer(drawn, { ...side, source: 'net:sat' })).toEqual(['saturation = 0.345']);
    const told = drawing([], [{ text: 'it accepts 0.35 flits/node/cycle', where: 'text' }]);
    expect(statesAnswer(told, side)).toEqual(['text: “0.35 flits”']);
  });

  it('for a later step: the same output, or an unknown one within 1 %, not a shade', () => {
    expect(statesLaterAnswer(drawn, answer(0.345, 'flits/node/cycle', 0.2, 'net:sat'))).toEqual([
      'saturation = 0.345',
    ]);
    expect(statesLaterAnswer(drawn, answer(0.345, 'flits/node/cycle', 0.2, 'net:other'))).toEqual(
      [],
    );
    expect(statesLaterAnswer(drawn, answer(145.9, 'us'))).toEqual(['the paper’s start-up = 146']);
    expect(statesLaterAnswer(drawn, answer(0.603, 'fraction'))).toEqual([]);
    expect(statesLaterAnswer(drawn, answer(38.9, 'clocks'))).toEqual(['field: “38.9 clocks”']);
  });
});
