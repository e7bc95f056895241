import LZString from 'lz-string';
import { describe, expect, it } from 'vitest';

import type { ParamSpec } from '../engine/types';
import type { SideLayout, UrlContext, UrlState } from './url_state';
import {
  MAX_PINS,
  emptyState,
  pageLayout,
  parseUrlState,
  serializeUrlState,
  withPageLayout,
} from './url_state';

const spec = (over: Partial<ParamSpec>): ParamSpec => ({
  name: '',
  label: '',
  unit: '',
  default: 0,
  min: 0,
  max: 1,
  step: 0.01,
  integer: false,
  ratio: 0,
  description: '',
  maxItems: 0,
  defaultList: [],
  choices: [],
  unitFrom: '',
  ...over,
});
const specs: ParamSpec[] = [
  spec({ name: 'pes', unit: 'PEs', default: 6, min: 1, max: 64, step: 1, integer: true }),
  spec({ name: 'comm_rate', default: 0.05, max: 2, step: 0.001 }),
  spec({ name: 'depths', min: 1, max: 5, step: 1, integer: true, maxItems: 5, defaultList: [1] }),
];
const ctx: UrlContext = {
  presetIds: ['multipsi-v1-comm', 'multipsi-v2-estimate'],
  specsFor: () => specs,
  tours: { 'multipsi-tour': 5 },
};

const full: UrlState = {
  presetId: 'multipsi-v2-estimate',
  params: { pes: 8, depths: [1, 3, 5] },
  seed: 9,
  theme: 'dark',
  charts: { 'perf-overhead': { overlay: false, yLog: true }, accepted: { models: false } },
  pins: [{ presetId: 'multipsi-v1-comm', params: { comm_rate: 0.1 } }],
  view: {
    kind: 'packets',
    chart: 'perf-overhead',
    point: 2,
    from: 1000,
    length: 500,
    time: 1042,
    selected: 17,
    window: [1000, 1100],
  },
};

describe('serializeUrlState() / parseUrlState()', () => {
  it('round-trips: serialize -> parse -> serialize is stable', () => {
    const url = serializeUrlState(full);
    const parsed = parseUrlState(url, ctx);
    expect(parsed).toEqual({ state: full, dropped: [] });
    expect(serializeUrlState(parsed.state)).toBe(url);
  });

  it('writes equal states as equal links, leaving defaults out', () => {
    const a = serializeUrlState({ ...full, charts: { x: { yLog: true, overlay: false } } });
    const b = serializeUrlState({
      ...full,
      charts: {
        x: { overlay: false, table: false, yLog: true },
        y: { overlay: true, models: true },
      },
    });
    expect(a).toBe(b);
  });

  it('keeps an explicit linear choice, which undoes a log axis the preset sets', () => {
    const state = { ...full, charts: { 'comm-rate': { yLog: false } } };
    expect(parseUrlState(serializeUrlState(state), ctx).state.charts).toEqual({
      'comm-rate': { yLog: false },
    });
  });

  it('compresses only when that is shorter', () => {
    const short = serializeUrlState(emptyState('multipsi-v1-comm'));
    expect(short).toBe(`?s=j${encodeURIComponent('{"v":5,"preset":"multipsi-v1-comm"}')}`);
    expect(serializeUrlState(full).startsWith('?s=z')).toBe(true);
  });

  it('migrates a stored version-1 link', () => {
    // A link as the first release wrote it.
    const v1 = '?preset=multipsi-v2-estimate&comm_rate=0.03';
    expect(parseUrlState(v1, ctx)).toEqual({
      state: { ...emptyState('multipsi-v2-estimate'), params: { comm_rate: 0.03 } },
      dropped: [],
    });
  });

  it("reads an old link's sizes and numbers as typed, with the range message when out of it", () => {
    const dims = spec({
      name: 'dims',
      unit: 'nodes',
      min: 2,
      max: 32,
      step: 1,
      integer: true,
      ratio: 0,
      maxItems: 3,
      defaultList: [8, 8],
    });
    const withDims = { ...ctx, specsFor: () => [...specs, dims] };
    const read = (query: string) => parseUrlState(`?preset=multipsi-v1-comm&${query}`, withDims);
    expect(read('dims=16x16x4').state.params).toEqual({ dims: [16, 16, 4] });
    expect(read('dims=64x64x64')).toEqual({
      state: emptyState('multipsi-v1-comm'),
      dropped: ['dims=64x64x64 (Item 1 (64): Out of range. Valid: 2 to 32 nodes)'],
    });
    expect(read('pes=0x10').dropped).toEqual([
      'pes=0x10 (Decimal numbers only (0x10 is hexadecimal for 16). Valid: 1 to 64 PEs)',
    ]);
  });

  it('migrates a stored version-2 link', () => {
    // Written by the foundation release's serializer for V2 with pes = 8 and seed 9.
    const v2 =
      '?s=zN4IgbiBcBMA0IAcBOBTAzigLlEBbArgDaYCWCaJAtGNJeqbgIaYojwKNKO5pSgLooADgC+8DCgAmUAJwigA';
    expect(parseUrlState(v2, ctx)).toEqual({
      state: { ...emptyState('multipsi-v2-estimate'), params: { pes: 8 }, seed: 9 },
      dropped: [],
    });
  });

  it('opens an empty query on the picker', () => {
    expect(parseUrlState('', ctx)).toEqual({ state: emptyState(), dropped: [] });
  });

  it('leaves the keys of other pages alone', () => {
    const url = `${serializeUrlState(full)}&chart=perf-overhead`;
    expect(parseUrlState(url, { ...ctx, otherKeys: ['chart'] }).dropped).toEqual([]);
    expect(parseUrlState(url, ctx).dropped).toEqual(["unknown field 'chart'"]);
  });

  it('drops what it cannot use, keeps the rest and says what was dropped', () => {
    const json = JSON.stringify({
      v: 3,
      preset: 'multipsi-v1-comm',
      params: { pes: 999, comm_rate: 0.5, bogus: 1, rate: 'x', depths: [1, 9] },
      seed: -3,
      theme: 'neon',
      charts: { ok: { table: true }, bad: { table: 'yes' } },
      pins: [{ preset: 'nope' }, { preset: 'multipsi-v1-comm', params: { pes: 0 }, colour: 1 }],
      extra: true,
    });
    const parsed = parseUrlState(`?s=z${LZString.compressToEncodedURIComponent(json)}&x=1`, ctx);
    expect(parsed.state).toEqual({
      presetId: 'multipsi-v1-comm',
      params: { comm_rate: 0.5 },
      charts: { ok: { table: true } },
      pins: [{ presetId: 'multipsi-v1-comm', params: {} }],
    });
    expect(parsed.dropped).toEqual([
      "unknown field 'x'",
      "unknown field 'extra'",
      'pes=999 (Out of range. Valid: 1 to 64 PEs)',
      "unknown parameter 'bogus'",
      "unknown parameter 'rate'",
      'depths=[1,9] (Item 2 (9): Out of range. Valid: 1 to 5)',
      'seed -3 (a whole number from 0 is needed)',
      "chart choices for 'bad'",
      "pin 1: preset 'nope'",
      "pin 2: unknown field 'colour'",
      'pin 2: pes=0 (Out of range. Valid: 1 to 64 PEs)',
      'theme neon (light or dark)',
    ]);
  });

  it('opens a version-3 link as it was, and drops a trace view it cannot read', () => {
    const v3 = JSON.stringify({ v: 3, preset: 'multipsi-v1-comm', seed: 4 });
    expect(parseUrlState(`?s=j${encodeURIComponent(v3)}`, ctx)).toEqual({
      state: { ...emptyState('multipsi-v1-comm'), seed: 4 },
      dropped: [],
    });
    const view = { kind: 'movie', chart: 'x', from: 0, length: 10 };
    const bad = JSON.stringify({ v: 4, preset: 'multipsi-v1-comm', view });
    expect(parseUrlState(`?s=j${encodeURIComponent(bad)}`, ctx)).toEqual({
      state: emptyState('multipsi-v1-comm'),
      dropped: ['the trace view (unreadable)'],
    });
  });

  it(`keeps at most ${MAX_PINS} pins`, () => {
    const pins = Array.from({ length: MAX_PINS + 2 }, () => ({ preset: 'multipsi-v1-comm' }));
    const parsed = parseUrlState(`?s=j${encodeURIComponent(JSON.stringify({ v: 3, pins }))}`, ctx);
    expect(parsed.state.pins).toHaveLength(MAX_PINS);
    expect(parsed.dropped).toHaveLength(2);
  });

  it('reports an unreadable or newer-version link, says which, and falls back to the picker', () => {
    expect(parseUrlState('?s=z@@@', ctx)).toEqual({
      state: emptyState(),
      dropped: ['the link state (unreadable)'],
      unread: { reason: 'damaged' },
    });
    const newer = parseUrlState(`?s=j${encodeURIComponent('{"v":7}')}`, ctx);
    expect(newer.dropped).toEqual(['the link state (version 7, this app reads 1 to 5)']);
    expect(newer.unread).toEqual({ reason: 'version', version: '7' });
    expect(parseUrlState('?s=j{"v":5,"preset":"nope"}', ctx).unread).toBeUndefined();
  });
});

describe('layouts and presentation (version 5)', () => {
  const sideLayout: SideLayout = {
    kind: 'side',
    right: {
      ...emptyState('multipsi-v1-comm'),
      params: { comm_rate: 0.2 },
      seed: 3,
      charts: { accepted: { table: true } },
    },
  };
  const side: UrlState = {
    ...emptyState('multipsi-v2-estimate'),
    params: { pes: 16 },
    layout: sideLayout,
    present: { chart: 'perf-overhead' },
  };

  it('round-trips two panes side by side, a tour step and presentation mode', () => {
    for (const state of [
      side,
      {
        ...emptyState('multipsi-v1-comm'),
        layout: { kind: 'tour', tour: 'multipsi-tour', step: 4 },
      },
      { ...emptyState('multipsi-v1-comm'), present: {} },
      {
        ...emptyState(),
        layout: {
          kind: 'machines',
          machine: 'multipsi-v1-comm',
          unit: 'cycles',
          params: { 'multipsi-v1-comm': { pes: 12 } },
        },
      },
      // A tour's step that opened side by side, and one that opened every machine.
      {
        ...emptyState('multipsi-v1-comm'),
        layout: { kind: 'tour', tour: 'multipsi-tour', step: 2, open: sideLayout },
      },
      {
        ...emptyState('multipsi-v1-comm'),
        layout: {
          kind: 'tour',
          tour: 'multipsi-tour',
          step: 3,
          open: { kind: 'machines', unit: 'us', params: {} },
        },
      },
      // The predictions of a tour: one typed and revealed, one typed, one choice.
      {
        ...emptyState('multipsi-v1-comm'),
        layout: {
          kind: 'tour',
          tour: 'multipsi-tour',
          step: 2,
          answers: { 0: { typed: '0,35', revealed: true }, 1: { typed: '17' }, 2: { choice: 1 } },
        },
      },
    ] satisfies UrlState[]) {
      const url = serializeUrlState(state);
      expect(parseUrlState(url, ctx)).toEqual({ state, dropped: [] });
    }
  });

  it('opens version 4 links (written before layouts) as one pane', () => {
    const v4 = { v: 4, preset: 'multipsi-v1-comm', params: { pes: 12 }, view: full.view };
    const parsed = parseUrlState(`?s=j${encodeURIComponent(JSON.stringify(v4))}`, ctx);
    expect(parsed.dropped).toEqual([]);
    expect(parsed.state).toEqual({
      ...emptyState('multipsi-v1-comm'),
      params: { pes: 12 },
      view: full.view,
    });
  });

  it('names the pane a dropped field came from, and drops a side or step it cannot open', () => {
    const raw = (layout: unknown) =>
      `?s=j${encodeURIComponent(JSON.stringify({ v: 5, preset: 'multipsi-v1-comm', layout }))}`;
    const bad = parseUrlState(
      raw({ kind: 'side', right: { preset: 'multipsi-v1-comm', params: { pes: 0 }, x: 1 } }),
      ctx,
    );
    expect(bad.dropped).toEqual([
      "right side: unknown field 'x'",
      'right side: pes=0 (Out of range. Valid: 1 to 64 PEs)',
    ]);
    expect(bad.state.layout).toEqual({ kind: 'side', right: emptyState('multipsi-v1-comm') });
    expect(parseUrlState(raw({ kind: 'side', right: {} }), ctx).dropped).toEqual([
      'the right side (no experiment)',
    ]);
    expect(parseUrlState(raw({ kind: 'tour', tour: 'nope' }), ctx).dropped).toEqual([
      "tour 'nope'",
    ]);
    const machines = parseUrlState(
      raw({ kind: 'machines', unit: 'ns', params: { nope: {}, 'multipsi-v1-comm': { pes: 0 } } }),
      ctx,
    );
    expect(machines.dropped).toEqual([
      'unit ns (us or cycles)',
      "machine 'nope'",
      'multipsi-v1-comm: pes=0 (Out of range. Valid: 1 to 64 PEs)',
    ]);
    expect(machines.state.layout).toEqual({ kind: 'machines', unit: 'us', params: {} });
    const nested = parseUrlState(
      raw({ kind: 'tour', tour: 'multipsi-tour', step: 1, open: { kind: 'tour', tour: 'x' } }),
      ctx,
    );
    expect(nested.dropped).toEqual(["the step's layout (a tour inside a tour)"]);
    expect(nested.state.layout).toEqual({ kind: 'tour', tour: 'multipsi-tour', step: 1 });
    const emptySide = parseUrlState(
      raw({ kind: 'tour', tour: 'multipsi-tour', step: 1, open: { kind: 'side', right: {} } }),
      ctx,
    );
    expect(emptySide.dropped).toEqual(['the right side (no experiment)']);
    expect(emptySide.state.layout).toEqual({ kind: 'tour', tour: 'multipsi-tour', step: 1 });
    const answers = parseUrlState(
      raw({
        kind: 'tour',
        tour: 'multipsi-tour',
        step: 1,
        answers: { 0: { typed: '4', revealed: true }, 7: { typed: '1' }, 1: { typed: 5 } },
      }),
      ctx,
    );
    expect(answers.dropped).toEqual([
      'the prediction of step 2 (unreadable)',
      "the prediction of step '7'",
    ]);
    expect(answers.state.layout).toEqual({
      kind: 'tour',
      tour: 'multipsi-tour',
      step: 1,
      answers: { 0: { typed: '4', revealed: true } },
    });
    const late = parseUrlState(raw({ kind: 'tour', tour: 'multipsi-tour', step: 9 }), ctx);
    expect(late.dropped).toEqual(['tour step 9 (the tour has steps 1 to 5)']);
    expect(late.state.layout).toEqual({ kind: 'tour', tour: 'multipsi-tour', step: 0 });
  });
});

describe('pageLayout() and withPageLayout()', () => {
  const right = { ...emptyState('multipsi-v1-comm'), params: { pes: 4 } };
  const tour: UrlState = {
    ...emptyState('multipsi-v1-comm'),
    layout: { kind: 'tour', tour: 'multipsi-tour', step: 1 },
  };

  it("read the layout a tour step opened, or the link's own", () => {
    expect(pageLayout(tour.layout)).toBeUndefined();
    const opened = withPageLayout(tour, { kind: 'side', right });
    expect(opened.layout).toEqual({ ...tour.layout, open: { kind: 'side', right } });
    expect(pageLayout(opened.layout)).toEqual({ kind: 'side', right });
    expect(pageLayout({ kind: 'side', right })).toEqual({ kind: 'side', right });
  });

  it("change the page's layout without leaving the tour, and drop it", () => {
    const opened = withPageLayout(tour, { kind: 'side', right });
    expect(withPageLayout(opened, undefined)).toEqual(tour);
    const alone = withPageLayout(emptyState('multipsi-v1-comm'), { kind: 'side', right });
    expect(alone.layout).toEqual({ kind: 'side', right });
    expect(withPageLayout(alone, undefined)).toEqual(emptyState('multipsi-v1-comm'));
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
