import { describe, expect, it } from 'vitest';

import { mergePreset, resolveExtends, resolvePresetFiles } from './extend';

describe('mergePreset(base, patch)', () => {
  it('merges objects key by key and removes a key set to null', () => {
    const base = { title: 'V1', params: { pes: { value: 6, unit: 'PEs' }, depth: { value: 2 } } };
    const patch = { title: 'V2', params: { pes: { value: 64 }, depth: null } };
    expect(mergePreset(base, patch)).toEqual({
      title: 'V2',
      params: { pes: { value: 64, unit: 'PEs' } },
    });
  });

  it('merges lists of objects with ids item by item and adds new ids at the end', () => {
    const base = {
      charts: [
        { id: 'a', title: 'A', kind: 'line' },
        { id: 'b', title: 'B' },
      ],
    };
    const patch = {
      charts: [
        { id: 'b', title: 'B2' },
        { id: 'c', title: 'C' },
      ],
    };
    expect(mergePreset(base, patch)).toEqual({
      charts: [
        { id: 'a', title: 'A', kind: 'line' },
        { id: 'b', title: 'B2' },
        { id: 'c', title: 'C' },
      ],
    });
  });

  it('replaces any other list and any value', () => {
    expect(
      mergePreset(
        { value: [8, 8, 8], reference: [{ metric: 'x' }] },
        { value: [8, 8], reference: [] },
      ),
    ).toEqual({
      value: [8, 8],
      reference: [],
    });
  });
});

describe('resolveExtends(name, files)', () => {
  const files = new Map<string, unknown>([
    ['bases/machine', { machine: 'M', params: { clock: { value: 10 } } }],
    ['bases/costs', { params: { cost: { value: 3 } } }],
    ['a', { extends: 'bases/machine', id: 'a', params: { clock: { value: 20 } } }],
    ['b', { extends: ['a', 'bases/costs'], id: 'b' }],
  ]);

  it('lays a chain of presets and a list of bases over each other in order', () => {
    expect(resolveExtends('b', files)).toEqual({
      machine: 'M',
      id: 'b',
      params: { clock: { value: 20 }, cost: { value: 3 } },
    });
  });

  it('names the file and the valid choices for an unknown extends', () => {
    const bad = new Map([...files, ['c', { extends: 'nope' }]]);
    expect(() => resolveExtends('c', bad)).toThrow(
      /c: extends 'nope', which is not a preset or a base; valid: bases\/machine/,
    );
  });

  it('rejects a circle of extends', () => {
    const circle = new Map<string, unknown>([
      ['x', { extends: 'y' }],
      ['y', { extends: 'x' }],
    ]);
    expect(() => resolveExtends('x', circle)).toThrow('presets extend in a circle: x -> y -> x');
  });

  it('lists presets only, not the bases they extend', () => {
    expect(resolvePresetFiles(files).map(([name]) => name)).toEqual(['a', 'b']);
  });
});
