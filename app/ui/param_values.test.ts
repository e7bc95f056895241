import { describe, expect, it } from 'vitest';

import type { ParamSpec } from '../engine/types';
import {
  changedParams,
  checkParamValue,
  checkValue,
  fromSliderPosition,
  isLogScale,
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
