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
// Reading is lenient: whatever cannot be used is dropped, replaced by its default and reported.
import LZString from 'lz-string';
import { z } from 'zod';

import type { ParamSpec, Params } from '../engine/types';
import type { ViewKind } from '../views/view';
import { VIEW_KINDS } from '../views/view';
import { checkParamValue, parseDecimal } from '../presets/param_values';

export const URL_VERSION = 4;
export const MAX_PINS = 4;

export type Theme = 'light' | 'dark';

/** Per-chart choices; only the ones that differ from the defaults are stored. */
export interface ChartChoice {
  /** Paper overlay; on by default. */
  overlay?: boolean;
  /** Analytical models beside the simulation; on by default. */
  models?: boolean;
  /** Data shown as a table. */
  table?: boolean;
  /** Log x axis; absent: as the preset draws it, true or false: the user's choice. */
  xLog?: boolean;
  /** Log y axis, as `xLog`. */
  yLog?: boolean;
  /** The plane of a heat map (z index); 0 by default. */
  plane?: number;
}

/** A run kept for comparison: a preset and the parameters that differ from it. */
export interface Pin {
  presetId: string;
  params: Params;
  seed?: number;
}

/** A trace view open over the charts: what it traces and the moment it shows. */
export interface ViewLink {
  kind: ViewKind;
  /** The chart it was opened from (the chart says the view and its default window). */
  chart: string;
  /** The point of a sweep it traces; absent for a model that is one run. */
  point?: number;
  /** The window recorded, in the trace's clock. */
  from: number;
  length: number;
  /** The moment shown; absent: the window's start. */
  time?: number;
  /** What is followed or selected (a packet, a goal, a span). */
  selected?: number;
  /** The span of time in sight (the timeline's zoom). */
  window?: [number, number];
}

export interface UrlState {
  /** null: the machine picker. */
  presetId: string | null;
  /** Parameters that differ from the preset. */
  params: Params;
  /** Absent: the preset's seed. */
  seed?: number;
  /** Absent: the system's theme. */
  theme?: Theme;
  charts: Record<string, ChartChoice>;
  pins: Pin[];
  view?: ViewLink;
}

export interface ParsedUrl {
  state: UrlState;
  /** What was in the link but could not be used, for a message. */
  dropped: string[];
}

export interface UrlContext {
  presetIds: string[];
  specsFor(presetId: string): ParamSpec[];
  /** Query keys another page reads (e.g. the embed page's chart), not reported as unknown. */
  otherKeys?: string[];
}

export function emptyState(presetId: string | null = null): UrlState {
  return { presetId, params: {}, charts: {}, pins: [] };
}

const FIELDS = new Set(['v', 'preset', 'params', 'seed', 'theme', 'charts', 'pins', 'view']);
const Time = z.number().finite().min(0);
const ViewLinkSchema = z
  .object({
    kind: z.enum(VIEW_KINDS),
    chart: z.string().regex(/^[a-z0-9-]{1,40}$/),
    point: z.number().int().min(0).max(100_000).optional(),
    from: Time,
    length: z.number().finite().positive(),
    time: Time.optional(),
    selected: z.number().int().min(0).optional(),
    window: z.tuple([Time, Time]).optional(),
  })
  .strict();
const Seed = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const ThemeSchema = z.enum(['light', 'dark']);
const ChartChoiceSchema = z
  .object({
    overlay: z.boolean().optional(),
    models: z.boolean().optional(),
    table: z.boolean().optional(),
    xLog: z.boolean().optional(),
    yLog: z.boolean().optional(),
    plane: z.number().int().min(0).max(31).optional(),
  })
  .strict();
const ChartId = z.string().regex(/^[a-z0-9-]{1,40}$/);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function readParams(raw: unknown, specs: ParamSpec[], dropped: string[], where = ''): Params {
  const params: Params = {};
  if (raw === undefined) return params;
  if (!isRecord(raw)) {
    dropped.push(`${where}parameters (not a list of name: value)`);
    return params;
  }
  for (const [name, value] of Object.entries(raw)) {
    const spec = specs.find((s) => s.name === name);
    if (!spec) {
      dropped.push(`${where}unknown parameter '${name}'`);
      continue;
    }
    const checked = checkParamValue(spec, value);
    if ('error' in checked) dropped.push(`${where}${name}=${show(value)} (${checked.error})`);
    else params[name] = checked.value;
  }
  return params;
}

function readSeed(raw: unknown, dropped: string[], where = ''): number | undefined {
  if (raw === undefined) return undefined;
  const seed = Seed.safeParse(raw);
  if (seed.success) return seed.data;
  dropped.push(`${where}seed ${show(raw)} (a whole number from 0 is needed)`);
  return undefined;
}

function readCharts(raw: unknown, dropped: string[]): Record<string, ChartChoice> {
  const charts: Record<string, ChartChoice> = {};
  if (raw === undefined) return charts;
  if (!isRecord(raw)) {
    dropped.push('chart choices (not a list of chart: choices)');
    return charts;
  }
  for (const [id, choice] of Object.entries(raw)) {
    const parsed = ChartChoiceSchema.safeParse(choice);
    if (ChartId.safeParse(id).success && parsed.success) charts[id] = parsed.data;
    else dropped.push(`chart choices for '${show(id)}'`);
  }
  return charts;
}

function readPins(raw: unknown, ctx: UrlContext, dropped: string[]): Pin[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    dropped.push('pinned runs (not a list)');
    return [];
  }
  const pins: Pin[] = [];
  raw.forEach((item: unknown, i) => {
    const where = `pin ${i + 1}: `;
    if (pins.length >= MAX_PINS) {
      dropped.push(`${where}at most ${MAX_PINS} pins are kept`);
      return;
    }
    if (!isRecord(item) || typeof item.preset !== 'string') {
      dropped.push(`${where}unreadable`);
      return;
    }
    if (!ctx.presetIds.includes(item.preset)) {
      dropped.push(`${where}preset '${show(item.preset)}'`);
      return;
    }
    for (const key of Object.keys(item)) {
      if (!['preset', 'params', 'seed'].includes(key))
        dropped.push(`${where}unknown field '${key}'`);
    }
    const pin: Pin = {
      presetId: item.preset,
      params: readParams(item.params, ctx.specsFor(item.preset), dropped, where),
    };
    const seed = readSeed(item.seed, dropped, where);
    if (seed !== undefined) pin.seed = seed;
    pins.push(pin);
  });
  return pins;
}

/** Validates a decoded state field by field. */
function fromRaw(raw: Record<string, unknown>, ctx: UrlContext, dropped: string[]): UrlState {
  for (const key of Object.keys(raw)) if (!FIELDS.has(key)) dropped.push(`unknown field '${key}'`);

  let presetId: string | null = null;
  if (typeof raw.preset === 'string' && ctx.presetIds.includes(raw.preset)) presetId = raw.preset;
  else if (raw.preset !== undefined) dropped.push(`preset '${show(raw.preset)}'`);

  const state = emptyState(presetId);
  if (presetId !== null) state.params = readParams(raw.params, ctx.specsFor(presetId), dropped);
  else if (raw.params !== undefined) dropped.push('parameters (no preset to apply them to)');
  const seed = readSeed(raw.seed, dropped);
  if (seed !== undefined) state.seed = seed;
  if (raw.theme !== undefined) {
    const theme = ThemeSchema.safeParse(raw.theme);
    if (theme.success) state.theme = theme.data;
    else dropped.push(`theme ${show(raw.theme)} (light or dark)`);
  }
  state.charts = readCharts(raw.charts, dropped);
  state.pins = readPins(raw.pins, ctx, dropped);
  if (raw.view !== undefined) {
    const view = ViewLinkSchema.safeParse(raw.view);
    if (view.success && presetId !== null) state.view = view.data;
    else dropped.push('the trace view (unreadable)');
  }
  return state;
}

/**
 * Version 1 links are plain queries; turn one into the raw version-3 form. A value that is not one
 * decimal number (a size "8x8x8", "0x10") stays text, read later as if typed into its field.
 */
function migrateV1(query: URLSearchParams, ctx: UrlContext): Record<string, unknown> {
  const raw: Record<string, unknown> = { v: URL_VERSION };
  const params: Record<string, unknown> = {};
  for (const [name, text] of query) {
    if (ctx.otherKeys?.includes(name)) continue;
    if (name === 'preset') raw.preset = text;
    else params[name] = Number.isNaN(parseDecimal(text)) ? text : parseDecimal(text);
  }
  if (Object.keys(params).length > 0) raw.params = params;
  return raw;
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
  if (payload === null) return { state: fromRaw(migrateV1(query, ctx), ctx, dropped), dropped };

  const raw = decode(payload);
  if (!isRecord(raw)) {
    dropped.push('the link state (unreadable)');
    return { state: emptyState(), dropped };
  }
  // Versions 2 and 3 are version 4 without the fields added since.
  if (raw.v !== URL_VERSION && raw.v !== 2 && raw.v !== 3) {
    dropped.push(`the link state (version ${show(raw.v)}, this app reads 1 to ${URL_VERSION})`);
    return { state: emptyState(), dropped };
  }
  for (const key of query.keys()) {
    if (key !== 's' && !ctx.otherKeys?.includes(key)) dropped.push(`unknown field '${key}'`);
  }
  return { state: fromRaw(raw, ctx, dropped), dropped };
}

function sortedParams(params: Params): Params {
  return Object.fromEntries(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
}

function isDefaultChoice(choice: ChartChoice): boolean {
  return (
    (choice.overlay ?? true) &&
    (choice.models ?? true) &&
    !choice.table &&
    choice.xLog === undefined &&
    choice.yLog === undefined &&
    !choice.plane
  );
}

/** A view link's fields in a fixed order, absent ones left out. */
function viewFields(view: ViewLink) {
  const { kind, chart, point, from, length, time, selected, window } = view;
  return {
    kind,
    chart,
    ...(point !== undefined ? { point } : {}),
    from,
    length,
    ...(time !== undefined ? { time } : {}),
    ...(selected !== undefined ? { selected } : {}),
    ...(window !== undefined ? { window } : {}),
  };
}

/** The query string for a state: JSON, or lz-string when that is shorter; empty for the picker. */
export function serializeUrlState(state: UrlState): string {
  // Fixed key order, defaults left out, so equal states give equal links.
  const charts = Object.fromEntries(
    Object.entries(state.charts)
      .filter(([, choice]) => !isDefaultChoice(choice))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, c]) => [
        id,
        {
          ...(c.overlay === false ? { overlay: false } : {}),
          ...(c.models === false ? { models: false } : {}),
          ...(c.table ? { table: true } : {}),
          ...(c.xLog !== undefined ? { xLog: c.xLog } : {}),
          ...(c.yLog !== undefined ? { yLog: c.yLog } : {}),
          ...(c.plane ? { plane: c.plane } : {}),
        },
      ]),
  );
  const pins = state.pins.map((p) => ({
    preset: p.presetId,
    ...(Object.keys(p.params).length > 0 ? { params: sortedParams(p.params) } : {}),
    ...(p.seed !== undefined ? { seed: p.seed } : {}),
  }));
  const fields = {
    ...(state.presetId !== null ? { preset: state.presetId } : {}),
    ...(Object.keys(state.params).length > 0 ? { params: sortedParams(state.params) } : {}),
    ...(state.seed !== undefined ? { seed: state.seed } : {}),
    ...(state.theme !== undefined ? { theme: state.theme } : {}),
    ...(Object.keys(charts).length > 0 ? { charts } : {}),
    ...(pins.length > 0 ? { pins } : {}),
    ...(state.view ? { view: viewFields(state.view) } : {}),
  };
  if (Object.keys(fields).length === 0) return '';
  const json = JSON.stringify({ v: URL_VERSION, ...fields });
  const plain = `j${encodeURIComponent(json)}`;
  const packed = `z${LZString.compressToEncodedURIComponent(json)}`;
  return `?s=${packed.length < plain.length ? packed : plain}`;
}
