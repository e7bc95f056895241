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
// Reading is lenient: whatever cannot be used is dropped, replaced by its default and reported.
import LZString from 'lz-string';
import { z } from 'zod';

import type { ParamSpec, Params } from '../engine/types';
import type { ViewKind } from '../presets/view_kinds';
import { VIEW_KINDS } from '../presets/view_kinds';
import { checkParamValue, parseDecimal } from '../presets/param_values';

export const URL_VERSION = 5;
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

/** One experiment as a pane of the page shows it. */
export interface Pane {
  /** null: the machine picker. */
  presetId: string | null;
  /** Parameters that differ from the preset. */
  params: Params;
  /** Absent: the preset's seed. */
  seed?: number;
  charts: Record<string, ChartChoice>;
  pins: Pin[];
  view?: ViewLink;
}

/**
 * How the page is laid out around its first pane: a second state beside it, every machine on
 * one chart, or a tour's step (which set the first pane, and may open one of the other two).
 * Absent: the first pane alone.
 */
export type Layout = SideLayout | TourLayout | MachinesLayout;

/** A second state beside the first pane. */
export interface SideLayout {
  kind: 'side';
  right: Pane;
}

/** A step's prediction: the text typed (a number's) or the choice picked, and its reveal. */
export interface StepAnswer {
  typed?: string;
  choice?: number;
  revealed?: true;
}

/** How long a typed prediction the link keeps may be. */
export const MAX_TYPED = 40;

/** A tour's step, and the layout the step opened (absent: the first pane alone). */
export interface TourLayout {
  kind: 'tour';
  tour: string;
  step: number;
  open?: PageLayout;
  /** Each step's prediction, by the step's index; a step not predicted has none. */
  answers?: Record<number, StepAnswer>;
}

/** A layout that shapes the page itself; a tour's step may open one. */
export type PageLayout = SideLayout | MachinesLayout;

/**
 * Every machine on one chart: the machine whose parameters are open, the unit of time, and per
 * machine (its microbenchmark preset's id) the parameters set away from that preset.
 */
export interface MachinesLayout {
  kind: 'machines';
  machine?: string;
  unit: 'us' | 'cycles';
  params: Record<string, Params>;
}

/** Presentation mode: one chart (or the open view) full screen; absent chart: the first one. */
export interface Presentation {
  chart?: string;
}

export interface UrlState extends Pane {
  /** Absent: the system's theme. */
  theme?: Theme;
  layout?: Layout;
  present?: Presentation;
}

export interface ParsedUrl {
  state: UrlState;
  /** What was in the link but could not be used, for a message. */
  dropped: string[];
  /**
   * Why the link's state could not be read at all, so that `state` is the defaults: it is damaged
   * (cut short, mistyped), or of a version this app does not read. Absent when it was read.
   */
  unread?: UnreadLink;
}

/** A link state that could not be read at all. */
export type UnreadLink = { reason: 'damaged' } | { reason: 'version'; version: string };

export interface UrlContext {
  presetIds: string[];
  specsFor(presetId: string): ParamSpec[];
  /** Query keys another page reads (e.g. the embed page's chart), not reported as unknown. */
  otherKeys?: string[];
  /** The tours a link may open, with their number of steps. */
  tours?: Record<string, number>;
}

export function emptyState(presetId: string | null = null): UrlState {
  return { presetId, params: {}, charts: {}, pins: [] };
}

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
]);
const PANE_FIELDS = new Set(['preset', 'params', 'seed', 'charts', 'view']);
const Time = z.number().finite().min(0);
/** A trace view as a link (or a tour's step) holds it. */
export const ViewLinkSchema = z
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
/** A chart's choices as a link (or a tour's step) holds them. */
export const ChartChoiceSchema = z
  .object({
    overlay: z.boolean().optional(),
    models: z.boolean().optional(),
    table: z.boolean().optional(),
    xLog: z.boolean().optional(),
    yLog: z.boolean().optional(),
    plane: z.number().int().min(0).max(31).optional(),
  })
  .strict();
export const ChartId = z.string().regex(/^[a-z0-9-]{1,40}$/);
const PresentationSchema = z.object({ chart: ChartId.optional() }).strict();

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

function readCharts(raw: unknown, dropped: string[], where = ''): Record<string, ChartChoice> {
  const charts: Record<string, ChartChoice> = {};
  if (raw === undefined) return charts;
  if (!isRecord(raw)) {
    dropped.push(`${where}chart choices (not a list of chart: choices)`);
    return charts;
  }
  for (const [id, choice] of Object.entries(raw)) {
    const parsed = ChartChoiceSchema.safeParse(choice);
    if (ChartId.safeParse(id).success && parsed.success) charts[id] = parsed.data;
    else dropped.push(`${where}chart choices for '${show(id)}'`);
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

/** The fields of one pane, field by field; `where` names the pane in messages. */
function readPane(
  raw: Record<string, unknown>,
  ctx: UrlContext,
  dropped: string[],
  where = '',
): Pane {
  let presetId: string | null = null;
  if (typeof raw.preset === 'string' && ctx.presetIds.includes(raw.preset)) presetId = raw.preset;
  else if (raw.preset !== undefined) dropped.push(`${where}preset '${show(raw.preset)}'`);

  const pane: Pane = { presetId, params: {}, charts: {}, pins: [] };
  if (presetId !== null)
    pane.params = readParams(raw.params, ctx.specsFor(presetId), dropped, where);
  else if (raw.params !== undefined)
    dropped.push(`${where}parameters (no preset to apply them to)`);
  const seed = readSeed(raw.seed, dropped, where);
  if (seed !== undefined) pane.seed = seed;
  pane.charts = readCharts(raw.charts, dropped, where);
  if (raw.view !== undefined) {
    const view = ViewLinkSchema.safeParse(raw.view);
    if (view.success && presetId !== null) pane.view = view.data;
    else dropped.push(`${where}the trace view (unreadable)`);
  }
  return pane;
}

function readLayout(raw: unknown, ctx: UrlContext, dropped: string[]): Layout | undefined {
  if (raw === undefined) return undefined;
  if (isRecord(raw) && raw.kind === 'tour' && typeof raw.tour === 'string') {
    const tour = readTour(raw, raw.tour, ctx, dropped);
    if (!tour || raw.open === undefined) return tour;
    if (isRecord(raw.open) && raw.open.kind === 'tour') {
      dropped.push("the step's layout (a tour inside a tour)");
      return tour;
    }
    const open = readPageLayout(raw.open, ctx, dropped);
    if (open) tour.open = open;
    return tour;
  }
  return readPageLayout(raw, ctx, dropped);
}

function readTour(
  raw: Record<string, unknown>,
  id: string,
  ctx: UrlContext,
  dropped: string[],
): TourLayout | undefined {
  const steps = ctx.tours?.[id];
  if (steps === undefined) {
    dropped.push(`tour '${show(id)}'`);
    return undefined;
  }
  const step = raw.step ?? 0;
  const answers = readAnswers(raw.answers, steps, dropped);
  const tour: TourLayout = { kind: 'tour', tour: id, step: 0 };
  if (Number.isInteger(step) && typeof step === 'number' && step >= 0 && step < steps)
    tour.step = step;
  else dropped.push(`tour step ${show(step)} (the tour has steps 1 to ${steps})`);
  if (Object.keys(answers).length > 0) tour.answers = answers;
  return tour;
}

const StepAnswerSchema = z
  .object({
    typed: z.string().max(MAX_TYPED).optional(),
    choice: z.number().int().min(0).max(9).optional(),
    revealed: z.literal(true).optional(),
  })
  .strict();

function readAnswers(raw: unknown, steps: number, dropped: string[]): Record<number, StepAnswer> {
  const answers: Record<number, StepAnswer> = {};
  if (raw === undefined) return answers;
  if (!isRecord(raw)) {
    dropped.push('the predictions (unreadable)');
    return answers;
  }
  for (const [key, value] of Object.entries(raw)) {
    const step = Number(key);
    const parsed = StepAnswerSchema.safeParse(value);
    if (!/^\d+$/.test(key) || step >= steps) dropped.push(`the prediction of step '${show(key)}'`);
    else if (!parsed.success) dropped.push(`the prediction of step ${step + 1} (unreadable)`);
    else answers[step] = parsed.data;
  }
  return answers;
}

function readPageLayout(raw: unknown, ctx: UrlContext, dropped: string[]): PageLayout | undefined {
  if (isRecord(raw) && raw.kind === 'side' && isRecord(raw.right)) {
    const where = 'right side: ';
    for (const key of Object.keys(raw.right))
      if (!PANE_FIELDS.has(key)) dropped.push(`${where}unknown field '${key}'`);
    const right = readPane(raw.right, ctx, dropped, where);
    if (right.presetId !== null) return { kind: 'side', right };
    dropped.push('the right side (no experiment)');
    return undefined;
  }
  if (isRecord(raw) && raw.kind === 'machines') {
    const layout: MachinesLayout = { kind: 'machines', unit: 'us', params: {} };
    if (raw.unit === 'cycles') layout.unit = 'cycles';
    else if (raw.unit !== undefined && raw.unit !== 'us')
      dropped.push(`unit ${show(raw.unit)} (us or cycles)`);
    if (typeof raw.machine === 'string' && ctx.presetIds.includes(raw.machine))
      layout.machine = raw.machine;
    else if (raw.machine !== undefined) dropped.push(`machine '${show(raw.machine)}'`);
    if (isRecord(raw.params)) {
      for (const [id, params] of Object.entries(raw.params)) {
        if (!ctx.presetIds.includes(id)) {
          dropped.push(`machine '${show(id)}'`);
          continue;
        }
        const read = readParams(params, ctx.specsFor(id), dropped, `${id}: `);
        if (Object.keys(read).length > 0) layout.params[id] = read;
      }
    } else if (raw.params !== undefined) dropped.push('machine parameters (unreadable)');
    return layout;
  }
  dropped.push('the layout (unreadable)');
  return undefined;
}

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
    return { state: emptyState(), dropped, unread: { reason: 'damaged' } };
  }
  // Versions 2 to 4 are version 5 without the fields added since.
  if (raw.v !== URL_VERSION && raw.v !== 2 && raw.v !== 3 && raw.v !== 4) {
    dropped.push(`the link state (version ${show(raw.v)}, this app reads 1 to ${URL_VERSION})`);
    return { state: emptyState(), dropped, unread: { reason: 'version', version: show(raw.v) } };
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

/** Chart choices that differ from the defaults, in a fixed order. */
function chartFields(charts: Record<string, ChartChoice>) {
  return Object.fromEntries(
    Object.entries(charts)
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
}

/** A pane's fields as a link writes them (pins are the page's, written apart). */
function paneFields(pane: Pane) {
  const charts = chartFields(pane.charts);
  return {
    ...(pane.presetId !== null ? { preset: pane.presetId } : {}),
    ...(Object.keys(pane.params).length > 0 ? { params: sortedParams(pane.params) } : {}),
    ...(pane.seed !== undefined ? { seed: pane.seed } : {}),
    ...(Object.keys(charts).length > 0 ? { charts } : {}),
    ...(pane.view ? { view: viewFields(pane.view) } : {}),
  };
}

/** The predictions in step order, each with its fields in a fixed order. */
function answerFields(answers: Record<number, StepAnswer>): Record<string, StepAnswer> {
  return Object.fromEntries(
    Object.entries(answers)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([step, a]) => [
        step,
        {
          ...(a.typed !== undefined ? { typed: a.typed } : {}),
          ...(a.choice !== undefined ? { choice: a.choice } : {}),
          ...(a.revealed ? { revealed: a.revealed } : {}),
        },
      ]),
  );
}

function layoutFields(layout: Layout): Record<string, unknown> {
  switch (layout.kind) {
    case 'side':
      return { kind: layout.kind, right: paneFields(layout.right) };
    case 'tour':
      return {
        kind: layout.kind,
        tour: layout.tour,
        step: layout.step,
        ...(layout.open ? { open: layoutFields(layout.open) } : {}),
        ...(layout.answers && Object.keys(layout.answers).length > 0
          ? { answers: answerFields(layout.answers) }
          : {}),
      };
    case 'machines': {
      const params = Object.entries(layout.params)
        .filter(([, p]) => Object.keys(p).length > 0)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([id, p]) => [id, sortedParams(p)]);
      return {
        kind: layout.kind,
        ...(layout.machine !== undefined ? { machine: layout.machine } : {}),
        ...(layout.unit !== 'us' ? { unit: layout.unit } : {}),
        ...(params.length > 0 ? { params: Object.fromEntries(params) } : {}),
      };
    }
  }
}

/** The query string for a state: JSON, or lz-string when that is shorter; empty for the picker. */
export function serializeUrlState(state: UrlState): string {
  // Fixed key order, defaults left out, so equal states give equal links.
  const pins = state.pins.map((p) => ({
    preset: p.presetId,
    ...(Object.keys(p.params).length > 0 ? { params: sortedParams(p.params) } : {}),
    ...(p.seed !== undefined ? { seed: p.seed } : {}),
  }));
  const { charts, view, ...pane } = paneFields(state);
  const fields = {
    ...pane,
    ...(state.theme !== undefined ? { theme: state.theme } : {}),
    ...(charts ? { charts } : {}),
    ...(pins.length > 0 ? { pins } : {}),
    ...(view ? { view } : {}),
    ...(state.layout ? { layout: layoutFields(state.layout) } : {}),
    ...(state.present
      ? { present: state.present.chart ? { chart: state.present.chart } : {} }
      : {}),
  };
  if (Object.keys(fields).length === 0) return '';
  const json = JSON.stringify({ v: URL_VERSION, ...fields });
  const plain = `j${encodeURIComponent(json)}`;
  const packed = `z${LZString.compressToEncodedURIComponent(json)}`;
  return `?s=${packed.length < plain.length ? packed : plain}`;
}

/** The first pane of a state (its own fields, without the page's). */
export function firstPane(state: UrlState): Pane {
  const { theme: _theme, layout: _layout, present: _present, ...pane } = state;
  return pane;
}

/**
 * The pins a tour's step on `presetId` keeps: those made on that experiment. The step's words
 * say nothing of another experiment's curves, which its charts would otherwise draw (a custom
 * network's pin on the deadlock lesson's latency curve).
 */
export function pinsForStep(pins: Pin[], presetId: string): Pin[] {
  return pins.filter((pin) => pin.presetId === presetId);
}

/** A state with its first pane replaced, the page's fields kept. */
export function withFirstPane(state: UrlState, pane: Pane): UrlState {
  const { theme, layout, present } = state;
  return {
    ...pane,
    ...(theme !== undefined ? { theme } : {}),
    ...(layout !== undefined ? { layout } : {}),
    ...(present !== undefined ? { present } : {}),
  };
}

/** The layout that shapes the page: the link's own, or the one a tour's step opened. */
export function pageLayout(layout: Layout | undefined): PageLayout | undefined {
  return layout?.kind === 'tour' ? layout.open : layout;
}

/**
 * A state with the page's layout replaced (undefined: the first pane alone), inside the tour's
 * step when a tour is open, so changing the layout does not leave the tour.
 */
export function withPageLayout(state: UrlState, page: PageLayout | undefined): UrlState {
  const { layout, ...rest } = state;
  if (layout?.kind === 'tour') {
    const { open: _open, ...tour } = layout;
    return { ...rest, layout: page ? { ...tour, open: page } : tour };
  }
  return page ? { ...rest, layout: page } : rest;
}
