import LZString from 'lz-string';
import { describe, expect, it } from 'vitest';

import type { ParamSpec } from '../engine/types';
import type { UrlContext } from './url_state';
import { parseUrlState, serializeUrlState } from './url_state';

const specs: ParamSpec[] = [
  {
    name: 'pes',
    label: 'PEs',
    unit: 'PEs',
    default: 6,
    min: 1,
    max: 64,
    step: 1,
    integer: true,
    description: '',
  },
  {
    name: 'comm_rate',
    label: 'Rate',
    unit: '',
    default: 0.05,
    min: 0,
    max: 2,
    step: 0.001,
    integer: false,
    description: '',
  },
];
const ctx: UrlContext = {
  presetIds: ['multipsi-v1-comm', 'multipsi-v2-estimate'],
  specsFor: () => specs,
};
const paper = { pes: 6, comm_rate: 0.05 };

describe('serializeUrlState() / parseUrlState()', () => {
  it('round-trips: serialize -> parse -> serialize is stable', () => {
    const state = {
      presetId: 'multipsi-v2-estimate',
      params: { pes: 8, comm_rate: 0.05 },
      seed: 9,
    };
    const url = serializeUrlState(state, paper);
    const parsed = parseUrlState(url, ctx);
    expect(parsed).toEqual({
      state: { presetId: 'multipsi-v2-estimate', params: { pes: 8 }, seed: 9 },
      dropped: [],
    });
    expect(serializeUrlState(parsed.state, paper)).toBe(url);
  });

  it('compresses only when that is shorter', () => {
    const short = serializeUrlState({ presetId: 'multipsi-v1-comm', params: {} }, paper);
    expect(short).toBe(`?s=j${encodeURIComponent('{"v":2,"preset":"multipsi-v1-comm"}')}`);
    const long = serializeUrlState(
      { presetId: 'multipsi-v2-estimate', params: { pes: 8, comm_rate: 0.123 }, seed: 12345 },
      paper,
    );
    expect(long.startsWith('?s=z')).toBe(true);
  });

  it('migrates a stored version-1 link', () => {
    // A link as the first release wrote it.
    const v1 = '?preset=multipsi-v2-estimate&comm_rate=0.03';
    expect(parseUrlState(v1, ctx)).toEqual({
      state: { presetId: 'multipsi-v2-estimate', params: { comm_rate: 0.03 } },
      dropped: [],
    });
  });

  it('opens an empty query on the first preset', () => {
    expect(parseUrlState('', ctx)).toEqual({
      state: { presetId: 'multipsi-v1-comm', params: {} },
      dropped: [],
    });
  });

  it('drops what it cannot use, keeps the rest and says what was dropped', () => {
    const json = JSON.stringify({
      v: 2,
      preset: 'multipsi-v1-comm',
      params: { pes: 999, comm_rate: 0.5, bogus: 1, rate: 'x' },
      seed: -3,
      extra: true,
    });
    const parsed = parseUrlState(`?s=z${LZString.compressToEncodedURIComponent(json)}&x=1`, ctx);
    expect(parsed.state).toEqual({ presetId: 'multipsi-v1-comm', params: { comm_rate: 0.5 } });
    expect(parsed.dropped).toEqual([
      "unknown field 'x'",
      "unknown field 'extra'",
      'pes=999 (Out of range. Valid: 1 to 64 PEs)',
      "unknown parameter 'bogus'",
      "unknown parameter 'rate'",
      'seed -3 (a whole number from 0 is needed)',
    ]);
  });

  it('reports an unreadable or newer-version link and falls back to the defaults', () => {
    expect(parseUrlState('?s=z@@@', ctx).dropped).toEqual(['the link state (unreadable)']);
    expect(parseUrlState(`?s=j${encodeURIComponent('{"v":7}')}`, ctx).dropped).toEqual([
      'the link state (version 7, this app reads 2)',
    ]);
  });
});

describe('parseUrlState() on 10,000 mutated links', () => {
  // Seeded so a failure can be replayed; mutations replace, insert and delete characters.
  let seed = 20261121;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const alphabet = 'zj{}[]":,%&=?+-.0123456789eE abcxyzs\\/\u00e9\u{1F600}';
  const pick = (text: string) => text[Math.floor(random() * text.length)] ?? '';
  function mutate(url: string): string {
    let out = url;
    const edits = 1 + Math.floor(random() * 4);
    for (let i = 0; i < edits; i++) {
      const at = Math.floor(random() * (out.length + 1));
      const kind = random();
      if (kind < 0.4) out = out.slice(0, at) + pick(alphabet) + out.slice(at + 1);
      else if (kind < 0.7) out = out.slice(0, at) + pick(alphabet) + out.slice(at);
      else out = out.slice(0, at) + out.slice(at + 1);
    }
    return out;
  }
  const seeds = [
    serializeUrlState({ presetId: 'multipsi-v1-comm', params: { pes: 8 } }, paper),
    serializeUrlState(
      { presetId: 'multipsi-v2-estimate', params: { pes: 3, comm_rate: 0.7 }, seed: 4 },
      paper,
    ),
    '?preset=multipsi-v1-comm&pes=12&comm_rate=0.2',
  ];

  it('never throw and always give a usable state', () => {
    for (let i = 0; i < 10_000; i++) {
      const url = mutate(seeds[i % seeds.length]!);
      const { state } = parseUrlState(url, ctx);
      expect(ctx.presetIds).toContain(state.presetId);
      for (const [name, value] of Object.entries(state.params)) {
        const spec = specs.find((s) => s.name === name)!;
        expect(value).toBeGreaterThanOrEqual(spec.min);
        expect(value).toBeLessThanOrEqual(spec.max);
      }
      expect(state.seed === undefined || Number.isSafeInteger(state.seed)).toBe(true);
    }
  });
});
