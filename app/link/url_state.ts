// The link state: which preset, which parameters differ from it, the seed, the chart choices,
// the theme and the pinned runs.
//
// Versions:
//   1  ?preset=<id>&<param>=<value>&...  (plain query of the first release)
//   2  ?s=<state>, state = JSON {v: 2, preset, params, seed?}, written as "j" + JSON, or as
//      "z" + lz-string when that is shorter.
//   3  as 2 with v: 3 and the optional fields theme, charts and pins; no preset means the picker.
//   4  as 3 with v: 4 and the optional field view: the trace view open over the charts, the chart
//      it was opened from, the point and window it traces and the moment it shows.
//   5  as 4 with v: 5 and the optional fields layout (a second state side by side, or a tour's
//      step) and present (presentation mode). The fields of 2 to 4 are the page's first pane.
//      A tour's step may hold the layout it opens around the first pane (`open`: side by side,
//      or every machine); a link without it is a step on one pane. A tour may hold each step's
//      prediction (`answers`, by step from 0: the text typed or the choice picked, and whether
//      it was revealed), so that a reload or a shared link shows them.
//   6  as 5 with v: 6 and the optional field lesson in a tour's step: a teacher's whole lesson, in
//      the tours' schema, played instead of a built-in tour (tour is then the lesson's id). A
//      lesson's faults are dropped step by step; its step and predictions follow the steps kept.
//      Since added, read and written within 6 (a link without it reads as before): the optional
//      field booksim, the BookSim2 file the custom network was opened from and the page's notes
//      on it.
// Reading is lenient: whatever cannot be used is dropped, replaced by its default and reported.
import LZString from 'lz-string';

import { LANG_KEY, readLang } from './lang_param';
import type { ParsedUrl, UrlContext, UrlState } from './link_types';
import { emptyState, URL_VERSION } from './link_types';
import { migrateV1 } from './migrate_v1';
import { readLayout } from './read_layout';
import {
  BooksimLinkSchema,
  isRecord,
  PresentationSchema,
  readPane,
  readPins,
  show,
  ThemeSchema,
} from './read_pane';
import { stateFields } from './write_state';

export type {
  BooksimLink,
  CarriedLesson,
  ChartChoice,
  Layout,
  MachinesLayout,
  PageLayout,
  Pane,
  ParsedUrl,
  Pin,
  Presentation,
  SideLayout,
  StepAnswer,
  Theme,
  TourLayout,
  UnreadLink,
  UrlContext,
  UrlState,
  ViewLink,
} from './link_types';
export { BOOKSIM_TEXT_CHARS, emptyState, MAX_PINS, MAX_TYPED, URL_VERSION } from './link_types';
export { ChartChoiceSchema, ChartId, ViewLinkSchema } from './read_pane';
export { firstPane, pageLayout, pinsForStep, withFirstPane, withPageLayout } from './state_edits';

const FIELDS = new Set([
  'v',
  'preset',
  'params',
  'seed',
  'theme',
  'charts',
  'pins',
  'view',
  'layout',
  'present',
  'booksim',
]);

/** Validates a decoded state field by field. */
function fromRaw(raw: Record<string, unknown>, ctx: UrlContext, dropped: string[]): UrlState {
  for (const key of Object.keys(raw)) if (!FIELDS.has(key)) dropped.push(`unknown field '${key}'`);

  const state: UrlState = readPane(raw, ctx, dropped);
  state.pins = readPins(raw.pins, ctx, dropped);
  if (raw.theme !== undefined) {
    const theme = ThemeSchema.safeParse(raw.theme);
    if (theme.success) state.theme = theme.data;
    else dropped.push(`theme ${show(raw.theme)} (light or dark)`);
  }
  const layout = readLayout(raw.layout, ctx, dropped);
  if (layout) state.layout = layout;
  if (raw.present !== undefined) {
    const present = PresentationSchema.safeParse(raw.present);
    if (present.success && state.presetId !== null) state.present = present.data;
    else dropped.push('presentation mode (unreadable)');
  }
  if (raw.booksim !== undefined) {
    const booksim = BooksimLinkSchema.safeParse(raw.booksim);
    if (booksim.success && state.presetId !== null) state.booksim = booksim.data;
    else dropped.push("the BookSim2 file's notes (unreadable)");
  }
  return state;
}

function decode(payload: string): unknown {
  try {
    // lz-string throws on some corrupted input rather than returning null.
    const json =
      payload[0] === 'z'
        ? LZString.decompressFromEncodedURIComponent(payload.slice(1))
        : payload[0] === 'j'
          ? payload.slice(1)
          : null;
    return json ? (JSON.parse(json) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** Reads a link's query string. Never throws: a broken link gives the defaults and a message. */
export function parseUrlState(search: string, ctx: UrlContext): ParsedUrl {
  const dropped: string[] = [];
  const query = new URLSearchParams(search);
  const payload = query.get('s');
  const lang = readLang(search).dropped;
  if (lang) dropped.push(lang);
  if (payload === null) return { state: fromRaw(migrateV1(query, ctx), ctx, dropped), dropped };

  const raw = decode(payload);
  if (!isRecord(raw)) {
    dropped.push('the link state (unreadable)');
    return { state: emptyState(), dropped, unread: { reason: 'damaged' } };
  }
  // Versions 2 to 5 are version 6 without the fields added since.
  if (raw.v !== URL_VERSION && ![2, 3, 4, 5].includes(raw.v as number)) {
    dropped.push(`the link state (version ${show(raw.v)}, this app reads 1 to ${URL_VERSION})`);
    return { state: emptyState(), dropped, unread: { reason: 'version', version: show(raw.v) } };
  }
  for (const key of query.keys()) {
    if (key !== 's' && key !== LANG_KEY && !ctx.otherKeys?.includes(key))
      dropped.push(`unknown field '${key}'`);
  }
  return { state: fromRaw(raw, ctx, dropped), dropped };
}

/** The query string for a state: JSON, or lz-string when that is shorter; empty for the picker. */
export function serializeUrlState(state: UrlState): string {
  const fields = stateFields(state);
  if (Object.keys(fields).length === 0) return '';
  const json = JSON.stringify({ v: URL_VERSION, ...fields });
  const plain = `j${encodeURIComponent(json)}`;
  const packed = `z${LZString.compressToEncodedURIComponent(json)}`;
  return `?s=${packed.length < plain.length ? packed : plain}`;
}
