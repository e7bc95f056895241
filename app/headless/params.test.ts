import { describe, expect, it } from 'vitest';

import type { ModelInfo } from '../engine/types';
import { parseParamsJson, parseSettings } from './params';
import { UsageError } from './usage_error';

const model: ModelInfo = {
  name: 'm',
  outputs: [],
  recordsTrace: false,
  title: 'M',
  description: '',
  citation: '',
  params: [
    {
      name: 'pes',
      label: 'PEs',
      unit: 'PEs',
      default: 6,
      min: 1,
      max: 64,
      step: 1,
      integer: true,
      ratio: 0,
      description: '',
      maxItems: 0,
      defaultList: [],
      choices: [],
      unitFrom: '',
      choiceNames: [],
      when: [],
    },
    {
      name: 'rates',
      label: 'Rates',
      unit: 'fraction',
      default: 1,
      min: 0.01,
      max: 1,
      step: 0.01,
      integer: false,
      ratio: 0,
      description: '',
      maxItems: 6,
      defaultList: [0.75, 0.5, 0.25],
      choices: [],
      unitFrom: '',
      choiceNames: [],
      when: [],
    },
  ],
};

describe('parseSettings()', () => {
  it('names the unit a choice gives the loads, set in the line or by the preset', () => {
    const scale = {
      ...model.params[0]!,
      name: 'scale',
      unit: '',
      max: 1,
      min: 0,
      choices: ['fraction', 'flits/node/cycle'],
    };
    const scaled: ModelInfo = {
      ...model,
      params: [{ ...model.params[1]!, unitFrom: 'scale' }, scale],
    };
    const flits =
      "parameter 'rates' item 1 = 'x' is not a finite number; valid range [0.01, 1] flits/node/cycle";
    expect(() => parseSettings(scaled, ['rates=x', 'scale=flits/node/cycle'])).toThrow(flits);
    expect(() => parseSettings(scaled, ['rates=x'], { scale: 1 })).toThrow(flits);
    expect(() => parseSettings(scaled, ['rates=x'])).toThrow('valid range [0.01, 1] fraction');
  });

  it('parses name=value pairs and the seed', () => {
    expect(parseSettings(model, ['pes=8', 'seed=3'])).toEqual({ params: { pes: 8 }, seed: 3 });
  });

  it('lists the valid names for an unknown parameter', () => {
    expect(() => parseSettings(model, ['nodes=4'])).toThrow(
      new UsageError("unknown parameter 'nodes' for m; valid: seed, pes, rates"),
    );
  });

  it('parses comma-separated numbers for a list parameter', () => {
    expect(parseSettings(model, ['rates=1,0.8, 0.6'])).toEqual({
      params: { rates: [1, 0.8, 0.6] },
    });
  });

  it('takes one number for a list parameter as a one-item list', () => {
    expect(parseSettings(model, ['rates=0.5'])).toEqual({ params: { rates: [0.5] } });
  });

  it('leaves item counts and ranges of a list to the engine', () => {
    expect(parseSettings(model, ['rates=2,1,1,1,1,1,1'])).toEqual({
      params: { rates: [2, 1, 1, 1, 1, 1, 1] },
    });
  });

  it('names the item of a list that is not a number', () => {
    expect(() => parseSettings(model, ['rates=1,x'])).toThrow(
      new UsageError(
        "parameter 'rates' item 2 = 'x' is not a finite number; valid range [0.01, 1] fraction",
      ),
    );
    expect(() => parseSettings(model, ['rates=1,,0.5'])).toThrow(
      "parameter 'rates' item 2 = '' is not a finite number",
    );
    expect(() => parseSettings(model, ['rates='])).toThrow("parameter 'rates' item 1 = ''");
  });

  it('rejects a list for a single-number parameter', () => {
    expect(() => parseSettings(model, ['pes=4,8'])).toThrow(
      new UsageError(
        "parameter 'pes' = '4,8' requires a single number, not a list; valid range [1, 64] PEs",
      ),
    );
  });

  it('reads decimal numbers only, saying what 0x10 would be', () => {
    expect(() => parseSettings(model, ['pes=0x10'])).toThrow(
      new UsageError(
        "parameter 'pes' = '0x10' is not a decimal number (0x10 is hexadecimal for 16); " +
          'valid range [1, 64] PEs',
      ),
    );
    expect(() => parseSettings(model, ['seed=0x10'])).toThrow('seed must be a whole number');
  });

  it('names the range for a value that is not a number', () => {
    expect(() => parseSettings(model, ['pes=many'])).toThrow(
      "parameter 'pes' = 'many' is not a finite number; valid range [1, 64] PEs",
    );
    expect(() => parseSettings(model, ['pes'])).toThrow('--set expects name=value');
    expect(() => parseSettings(model, ['seed=-1'])).toThrow(/seed must be a whole number/);
  });
});

describe('parseParamsJson()', () => {
  const topology = {
    ...model.params[0]!,
    name: 'topology',
    label: 'Topology',
    unit: '',
    min: 0,
    max: 2,
    choices: ['mesh', 'torus', 'fly'],
  };
  const withChoice: ModelInfo = { ...model, params: [...model.params, topology] };

  it('reads what run --json and the JSON export write: choices by name or number', () => {
    const json = { preset: 'p', seed: 4, params: { topology: 'fly', pes: 8, rates: [0.5, 1] } };
    expect(parseParamsJson(withChoice, json, 'a.json')).toEqual({
      preset: 'p',
      seed: 4,
      params: { topology: 2, pes: 8, rates: [0.5, 1] },
    });
    expect(parseParamsJson(withChoice, { params: { topology: 1 } }, 'a.json')).toEqual({
      params: { topology: 1 },
    });
  });

  it('names the file, the parameter and what is valid', () => {
    const bad = (params: unknown) => () => parseParamsJson(withChoice, { params }, 'a.json');
    expect(bad({ topology: 'ring' })).toThrow(
      new UsageError(
        "a.json: parameter 'topology' = 'ring': Unknown choice 'ring'. Valid: mesh, torus, fly",
        'topology',
      ),
    );
    // JSON.stringify would print NaN and Infinity as null.
    expect(bad({ pes: Number.NaN })).toThrow(
      new UsageError(
        "a.json: parameter 'pes' = NaN: Not a finite number. Valid: 1 to 64 PEs",
        'pes',
      ),
    );
    expect(bad({ rates: [0.5, Number.POSITIVE_INFINITY] })).toThrow(
      "a.json: parameter 'rates' = [0.5, Infinity]: Item 2 (Infinity): Not a finite number.",
    );
    expect(bad({ pes: 0 })).toThrow(
      new UsageError("a.json: parameter 'pes' = 0: Out of range. Valid: 1 to 64 PEs", 'pes'),
    );
    expect(bad({ nodes: 1 })).toThrow("a.json: unknown parameter 'nodes' for m; valid: pes,");
    expect(bad({ nodes: 1 })).toThrow(expect.objectContaining({ param: 'nodes' }));
    expect(() => parseParamsJson(withChoice, [], 'a.json')).toThrow('a.json: no "params" object');
  });
});
