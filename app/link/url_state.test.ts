import LZString from 'lz-string';
import { describe, expect, it } from 'vitest';

import type { SideLayout, UrlState } from './url_state';
import { MAX_PINS, emptyState, parseUrlState, serializeUrlState } from './url_state';
import { ctx, full, spec, specs } from './link_fixtures';

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
    expect(short).toBe(`?s=j${encodeURIComponent('{"v":6,"preset":"multipsi-v1-comm"}')}`);
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
    expect(newer.dropped).toEqual(['the link state (version 7, this app reads 1 to 6)']);
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

  it("keeps a BookSim2 file's notes, and drops notes it cannot read, saying so", () => {
    const booksim = {
      name: 'torus88',
      notes: [
        { key: 'sim_type', reason: "throughput: archex measures latency (BookSim's default)" },
        { key: 'seed', reason: 'time: archex runs a fixed seed' },
      ],
    };
    const state: UrlState = { ...emptyState('multipsi-v1-comm'), booksim };
    const url = serializeUrlState(state);
    expect(parseUrlState(url, ctx)).toEqual({ state, dropped: [] });
    expect(serializeUrlState(parseUrlState(url, ctx).state)).toBe(url);
    const long = { ...booksim, notes: [{ key: 'k', reason: 'x'.repeat(161) }] };
    const link = (b: unknown) =>
      `?s=j${encodeURIComponent(JSON.stringify({ v: 6, preset: 'multipsi-v1-comm', booksim: b }))}`;
    for (const bad of [long, { name: 'a' }, 'torus88']) {
      expect(parseUrlState(link(bad), ctx)).toEqual({
        state: emptyState('multipsi-v1-comm'),
        dropped: ["the BookSim2 file's notes (unreadable)"],
      });
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
