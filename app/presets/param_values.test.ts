import { describe, expect, it } from 'vitest';

import type { ParamSpec } from '../engine/types';
import { pes, rps, spec } from './fixtures/param_specs';
import {
  changedParams,
  checkParamValue,
  checkValue,
  choiceNamesAt,
  listItems,
  namedParams,
  paramsText,
  parseDecimal,
  parseTyped,
  ratioValues,
  resolveValues,
  valueText,
} from './param_values';

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
    // An empty item is skipped, but counted: "x" is the third item as typed.
    const rates = { ...depths, min: 0.01, max: 1, integer: false };
    expect(checkValue(rates, '0.1,,x')).toEqual({
      error: 'Item 3 (x): Not a number. Valid: 0.01 to 1',
    });
    expect(checkValue(depths, '1,,2,')).toEqual({ value: [1, 2] });
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
    expect(checkValue(pes, '')).toEqual({ error: 'A number is needed. Valid: 1 to 1024 PEs' });
    expect(checkValue(pes, 'abc')).toEqual({ error: 'Not a number. Valid: 1 to 1024 PEs' });
    expect(checkValue(pes, '0')).toEqual({ error: 'Out of range. Valid: 1 to 1024 PEs' });
    expect(checkValue(pes, '2.5')).toEqual({ error: 'Whole numbers only. Valid: 1 to 1024 PEs' });
  });
  it('reads decimal numbers only: 0x10 is not taken as 16 unsaid', () => {
    const valid = 'Valid: 1 to 1024 PEs';
    expect(checkValue(pes, '0x10')).toEqual({
      error: `Decimal numbers only (0x10 is hexadecimal for 16). ${valid}`,
    });
    expect(checkValue(pes, '0b11')).toEqual({
      error: `Decimal numbers only (0b11 is binary for 3). ${valid}`,
    });
    expect(checkValue(pes, 'Infinity')).toEqual({ error: `Not a finite number. ${valid}` });
    expect(checkParamValue(pes, Number.NaN)).toEqual({ error: `Not a finite number. ${valid}` });
    expect(checkValue(pes, '1e2')).toEqual({ value: 100 });
    expect(checkValue(pes, '+8.')).toEqual({ value: 8 });
    expect(parseDecimal('.5')).toBe(0.5);
    expect(parseDecimal('1,5')).toBeNaN();
  });
  it('reads a choice by its name or its number, and lists the names when out of range', () => {
    const topology = spec({
      name: 'topology',
      label: 'Topology',
      max: 2,
      integer: true,
      choices: ['mesh', 'torus', 'fly'],
    });
    expect(checkValue(topology, ' torus ')).toEqual({ value: 1 });
    expect(checkValue(topology, '2')).toEqual({ value: 2 });
    expect(checkParamValue(topology, 'fly')).toEqual({ value: 2 });
    expect(checkValue(topology, 'ring')).toEqual({
      error: "Unknown choice 'ring'. Valid: mesh, torus, fly",
    });
    expect(checkValue(topology, '3')).toEqual({
      error: 'Out of range. Valid: mesh, torus, fly (or 0 to 2)',
    });
  });
});

describe('names, not codes', () => {
  const topology = spec({
    name: 'topology',
    label: 'Topology',
    max: 4,
    integer: true,
    choices: ['mesh', 'torus', 'fly', 'crossbar', 'router network'],
  });
  const dims = spec({ name: 'dims', label: 'Radix per dimension', unit: 'nodes', maxItems: 3 });
  const rate = spec({ name: 'rate', label: 'Offered load', unit: 'flits/node/cycle' });
  const specs = [dims, topology, rate];

  it('valueText() shows a choice by its name and a number with its unit, as the panel does', () => {
    expect(valueText(topology, 1)).toBe('torus');
    expect(valueText(dims, [32, 32, 32])).toBe('32, 32, 32 nodes');
    expect(valueText(rate, 0.3)).toBe('0.3 flits/node/cycle');
    expect(valueText(spec({ name: 'n' }), 4)).toBe('4');
  });
  it("paramsText() lists parameters by label in the model's order", () => {
    expect(paramsText(specs, { rate: 0.3, topology: 1 })).toBe(
      'Topology: torus; Offered load: 0.3 flits/node/cycle',
    );
    expect(paramsText(specs, { other: 2 })).toBe('other: 2');
  });
  it('namedParams() names choices for JSON and leaves numbers and lists', () => {
    expect(namedParams(specs, { topology: 2, dims: [8, 8], rate: 0.1 })).toEqual({
      topology: 'fly',
      dims: [8, 8],
      rate: 0.1,
    });
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

describe('a parameter whose values are powers of a ratio (machine sizes)', () => {
  const nodes = spec({ name: 'nodes', unit: 'nodes', min: 1, max: 64, integer: true, ratio: 2 });
  const list = spec({ ...nodes, name: 'sizes', maxItems: 4, defaultList: [1, 2] });

  it('ratioValues() lists them; other parameters have none', () => {
    expect(ratioValues(nodes)).toEqual([1, 2, 4, 8, 16, 32, 64]);
    expect(ratioValues(pes)).toEqual([]);
  });

  it('takes a power and names the valid values for any other, in a list too', () => {
    expect(checkValue(nodes, '32')).toEqual({ value: 32 });
    expect(checkValue(nodes, '24')).toEqual({
      error: 'Not a power of 2. Valid: 1, 2, 4, 8, 16, 32, 64 nodes',
    });
    expect(checkValue(list, '1, 3')).toEqual({
      error: 'Item 2 (3): Not a power of 2. Valid: 1, 2, 4, 8, 16, 32, 64 nodes',
    });
    expect(checkValue(nodes, '128')).toEqual({ error: 'Out of range. Valid: 1 to 64 nodes' });
  });
});

describe('parseTyped(): a number as a person types it', () => {
  it('reads a decimal comma from a comma-decimal keypad', () => {
    expect(parseTyped('0,35')).toBe(0.35);
    expect(parseTyped(' -1,5 ')).toBe(-1.5);
  });
  it('reads commas grouping thousands as the page prints them', () => {
    expect(parseTyped('36,606')).toBe(36606);
    expect(parseTyped('1,234,567.5')).toBe(1234567.5);
  });
  it('is parseDecimal otherwise', () => {
    expect(parseTyped('0.35')).toBe(0.35);
    expect(parseTyped('0x10')).toBeNaN();
    expect(parseTyped('1,2,3')).toBeNaN();
  });
  it('reads a one-number field typed with a decimal comma', () => {
    const rate: ParamSpec = { ...pes, name: 'rate', unit: '', min: 0, max: 1, integer: false };
    expect(checkValue(rate, '0,35')).toEqual({ value: 0.35 });
  });
  it('says how to write a decimal where a list refuses one typed with a comma', () => {
    expect(checkValue(depths, '0,5')).toEqual({
      error:
        'Item 1 (0): Out of range. Valid: 1 to 5 (commas separate the items: write decimals ' +
        'with a point, 0.35)',
    });
  });
});

describe('choiceNamesAt', () => {
  const topology = spec({ name: 'topology', choices: ['mesh', 'dragonfly', 'fat tree'] });
  const routing = spec({
    name: 'routing',
    choices: ['dimension order', 'valiant'],
    choiceNames: [
      { value: 0, name: 'minimal', when: { param: 'topology', is: ['dragonfly'] } },
      { value: 0, name: 'd-mod-k', when: { param: 'topology', is: ['fat tree'] } },
    ],
  });
  const specs = [topology, routing];
  it("shows a choice's other name where its condition holds, its own elsewhere", () => {
    expect(choiceNamesAt(routing, specs, { topology: 1 })).toEqual(['minimal', 'valiant']);
    expect(choiceNamesAt(routing, specs, { topology: 2 })).toEqual(['d-mod-k', 'valiant']);
    expect(choiceNamesAt(routing, specs, { topology: 0 })).toEqual(['dimension order', 'valiant']);
    expect(choiceNamesAt(routing, specs, {})).toEqual(['dimension order', 'valiant']);
  });
});
