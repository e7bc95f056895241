import { describe, expect, it } from 'vitest';

import type { ParamSpec } from '../engine/types';
import {
  changedParams,
  checkParamValue,
  checkValue,
  SLIDER_POSITIONS,
  fromSliderPosition,
  isLogScale,
  listItems,
  resolveValues,
  sliderStep,
  snapToStep,
  toSliderPosition,
} from './param_values';

const pes: ParamSpec = {
  name: 'pes',
  label: 'PEs',
  unit: 'PEs',
  default: 6,
  min: 1,
  max: 1024,
  step: 1,
  integer: true,
  description: '',
  maxItems: 0,
  defaultList: [],
  choices: [],
};
const rps: ParamSpec = {
  name: 'pe_rps',
  label: 'RPS',
  unit: 'RPS',
  default: 370,
  min: 1,
  max: 1e6,
  step: 1,
  integer: false,
  description: '',
  maxItems: 0,
  defaultList: [],
  choices: [],
};
const depths: ParamSpec = {
  ...pes,
  name: 'depths',
  label: 'Depths',
  unit: '',
  min: 1,
  max: 5,
  maxItems: 3,
  defaultList: [1, 2],
};

describe('checkValue() on a list parameter', () => {
  it('reads numbers separated by commas or spaces', () =>
    expect(checkValue(depths, '1, 3  5')).toEqual({ value: [1, 3, 5] }));
  it('reads a size written with x, as the dims tooltip and the CLI write it', () => {
    const dims: ParamSpec = { ...depths, name: 'dims', min: 2, max: 32, maxItems: 3 };
    expect(checkValue(dims, '8x8')).toEqual({ value: [8, 8] });
    expect(checkValue(dims, ' 8 x 8 X 4 ')).toEqual({ value: [8, 8, 4] });
    expect(checkValue(dims, '8x8x8x8')).toEqual({ error: '4 items; at most 3. Valid: 2 to 32' });
    expect(checkValue(dims, '8x')).toEqual({ error: 'Item 1 (8x): Not a number. Valid: 2 to 32' });
  });
  it('listItems() keeps empty items for the caller', () => {
    expect(listItems('1,,2')).toEqual(['1', '', '2']);
    expect(listItems('')).toEqual(['']);
    expect(listItems('4x4')).toEqual(['4', '4']);
  });
  it('names the bad item and the valid range', () => {
    expect(checkValue(depths, '1, 9')).toEqual({
      error: 'Item 2 (9): Out of range. Valid: 1 to 5',
    });
    expect(checkValue(depths, '1,x')).toEqual({ error: 'Item 2 (x): Not a number. Valid: 1 to 5' });
    expect(checkValue(depths, '1 2 3 4')).toEqual({
      error: '4 items; at most 3. Valid: 1 to 5',
    });
    expect(checkValue(depths, ' , ')).toEqual({
      error: 'At least one number is needed. Valid: 1 to 3 of 1 to 5',
    });
  });
  it('checkParamValue() wants a list for a list and a number for a number', () => {
    expect(checkParamValue(depths, [2])).toEqual({ value: [2] });
    expect(checkParamValue(depths, 2)).toEqual({
      error: 'A list of numbers is needed. Valid: 1 to 5',
    });
    expect(checkParamValue(pes, [2])).toEqual({ error: 'Not a number. Valid: 1 to 1024 PEs' });
  });
  it('resolveValues() starts from the default list', () =>
    expect(resolveValues([depths], {})).toEqual({ depths: [1, 2] }));
});

describe('checkValue()', () => {
  it('accepts a number in range', () => expect(checkValue(pes, ' 8 ')).toEqual({ value: 8 }));
  it('names the valid range for each kind of bad input', () => {
    expect(checkValue(pes, '')).toEqual({ error: 'Not a number. Valid: 1 to 1024 PEs' });
    expect(checkValue(pes, 'abc')).toEqual({ error: 'Not a number. Valid: 1 to 1024 PEs' });
    expect(checkValue(pes, '0')).toEqual({ error: 'Out of range. Valid: 1 to 1024 PEs' });
    expect(checkValue(pes, '2.5')).toEqual({ error: 'Whole numbers only. Valid: 1 to 1024 PEs' });
  });
});

describe('resolveValues()', () => {
  it('layers defaults, preset and user values, ignoring unknown names', () => {
    expect(resolveValues([pes, rps], { pes: 64 }, { pe_rps: 10, other: 1 })).toEqual({
      pes: 64,
      pe_rps: 10,
    });
  });
});

describe('slider mapping', () => {
  it('snapToStep() keeps values on the step grid and in range', () => {
    expect(snapToStep({ ...pes, step: 0.1, min: 0.1 }, 0.34)).toBe(0.3);
    expect(snapToStep(pes, 2000)).toBe(1024);
  });

  it('uses a log slider for ranges spanning three decades', () => {
    expect(isLogScale(rps)).toBe(true);
    expect(isLogScale({ ...pes, max: 64 })).toBe(false);
    expect(toSliderPosition(rps, 1000)).toBe(500);
    expect(fromSliderPosition(rps, 500)).toBe(1000);
    expect(fromSliderPosition(rps, toSliderPosition(rps, 370))).toBeCloseTo(370, -1);
  });

  // The shapes of multipsi_queens' times (0 to 1000 ms by 0.001) and the MDP's costs (0 to 1000
  // cycles by 1), whose paper values (6.606 ms, 13 cycles) sat at the far left of a linear track.
  const messageMs: ParamSpec = { ...rps, name: 'message_ms', min: 0, max: 1000, step: 0.001 };
  const handler: ParamSpec = { ...pes, name: 'handler_cycles', min: 0, max: 1000 };

  it('uses a log slider from 0 for a wide range, the paper value mid-track', () => {
    for (const [spec, paper] of [
      [messageMs, 6.606],
      [handler, 13],
    ] as const) {
      expect(isLogScale(spec)).toBe(true);
      const at = toSliderPosition(spec, paper) / SLIDER_POSITIONS;
      expect(at).toBeGreaterThan(0.25);
      expect(at).toBeLessThan(0.75);
      expect(fromSliderPosition(spec, toSliderPosition(spec, paper))).toBeCloseTo(paper, 0);
    }
  });

  it('moves a wide slider by a small relative change per position', () => {
    const at = toSliderPosition(messageMs, 6.606);
    const next = fromSliderPosition(messageMs, at + 1);
    expect(next / fromSliderPosition(messageMs, at)).toBeGreaterThan(1);
    expect(next / fromSliderPosition(messageMs, at)).toBeLessThan(1.05);
  });

  it('still reaches 0 and the maximum on a log slider from 0', () => {
    expect(toSliderPosition(messageMs, 0)).toBe(0);
    expect(fromSliderPosition(messageMs, 0)).toBe(0);
    expect(fromSliderPosition(messageMs, 1)).toBe(0.001);
    expect(fromSliderPosition(messageMs, SLIDER_POSITIONS)).toBe(1000);
    expect(toSliderPosition(messageMs, 1000)).toBe(SLIDER_POSITIONS);
    expect(sliderStep(handler, 0, 1)).toBe(1);
    expect(sliderStep(handler, 1, 0)).toBe(0);
  });

  it('keeps narrow ranges from 0 linear', () => {
    expect(isLogScale({ ...rps, min: 0, max: 2, step: 0.01 })).toBe(false);
    expect(isLogScale({ ...pes, min: 0, max: 12 })).toBe(false);
  });

  it('sliderStep() always moves at least one step in the direction of the slider', () => {
    // On a log slider over 1..1024 one position is a factor 1.007: too little to leave 6.
    const next = toSliderPosition(pes, 6) + 1;
    expect(fromSliderPosition(pes, next)).toBe(6);
    expect(sliderStep(pes, 6, next)).toBe(7);
    expect(sliderStep(pes, 6, next - 2)).toBe(5);
    expect(sliderStep(pes, 1, 0)).toBe(1);
  });
});

describe('changedParams()', () => {
  it('keeps only the values that differ from the paper, lists compared item by item', () => {
    const paper = { pes: 6, depths: [1, 2, 3], rate: 0.05 };
    expect(changedParams({ pes: 6, depths: [1, 2, 3], rate: 0.06 }, paper)).toEqual({ rate: 0.06 });
    expect(changedParams({ pes: 6, depths: [1, 2], rate: 0.05 }, paper)).toEqual({
      depths: [1, 2],
    });
    expect(changedParams(paper, paper)).toEqual({});
  });
});
