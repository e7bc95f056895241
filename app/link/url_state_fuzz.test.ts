import { describe, expect, it } from 'vitest';

import type { ParamSpec } from '../engine/types';
import { ctx, full, specs } from './link_fixtures';
import { MAX_PINS, emptyState, pageLayout, parseUrlState, serializeUrlState } from './url_state';

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
    serializeUrlState({ ...emptyState('multipsi-v1-comm'), params: { pes: 8 } }),
    serializeUrlState(full),
    serializeUrlState({
      ...full,
      layout: { kind: 'side', right: { ...emptyState('multipsi-v1-comm'), params: { pes: 4 } } },
      present: { chart: 'accepted' },
    }),
    serializeUrlState({
      ...full,
      layout: {
        kind: 'tour',
        tour: 'multipsi-tour',
        step: 2,
        open: { kind: 'side', right: { ...emptyState('multipsi-v1-comm'), params: { pes: 4 } } },
      },
    }),
    `?s=j${encodeURIComponent(JSON.stringify({ v: 3, preset: 'multipsi-v1-comm', pins: [{ preset: 'multipsi-v2-estimate', params: { depths: [2] } }] }))}`,
    '?preset=multipsi-v1-comm&pes=12&comm_rate=0.2',
  ];

  it('never throw and always give a usable state', () => {
    const inRange = (s: ParamSpec, v: number) => v >= s.min && v <= s.max;
    for (let i = 0; i < 10_000; i++) {
      const url = mutate(seeds[i % seeds.length]!);
      const { state } = parseUrlState(url, ctx);
      expect(state.presetId === null || ctx.presetIds.includes(state.presetId)).toBe(true);
      const page = pageLayout(state.layout);
      const right = page?.kind === 'side' ? [page.right.params] : [];
      for (const params of [state.params, ...right, ...state.pins.map((p) => p.params)]) {
        for (const [name, value] of Object.entries(params)) {
          const s = specs.find((x) => x.name === name)!;
          const values = Array.isArray(value) ? value : [value];
          expect(Array.isArray(value)).toBe(s.maxItems > 0);
          expect(values.every((v) => inRange(s, v))).toBe(true);
        }
      }
      expect(state.pins.length).toBeLessThanOrEqual(MAX_PINS);
      expect(state.seed === undefined || Number.isSafeInteger(state.seed)).toBe(true);
      expect(state.theme === undefined || ['light', 'dark'].includes(state.theme)).toBe(true);
    }
  });
});
