// Reading one pane's fields from a link, field by field: what cannot be used is dropped and
// named in `dropped`, the rest checked against its schema or its parameter's spec.
import { z } from 'zod';

import type { ParamSpec, Params } from '../engine/types';
import { VIEW_KINDS } from '../presets/view_kinds';
import { checkParamValue } from '../presets/param_values';
import type { ChartChoice, Pane, Pin, UrlContext } from './link_types';
import { BOOKSIM_TEXT_CHARS, MAX_PINS } from './link_types';

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
export const Seed = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
export const ThemeSchema = z.enum(['light', 'dark']);
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
export const PresentationSchema = z.object({ chart: ChartId.optional() }).strict();
/** A BookSim2 file's name and notes, as many as a file has keys (BookSim2 has about 200). */
export const BooksimLinkSchema = z
  .object({
    name: z.string().max(BOOKSIM_TEXT_CHARS.name),
    notes: z
      .array(
        z
          .object({
            key: z.string().max(BOOKSIM_TEXT_CHARS.key),
            reason: z.string().max(BOOKSIM_TEXT_CHARS.reason),
          })
          .strict(),
      )
      .max(256),
  })
  .strict();

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function show(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

export function readParams(
  raw: unknown,
  specs: ParamSpec[],
  dropped: string[],
  where = '',
): Params {
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

export function readPins(raw: unknown, ctx: UrlContext, dropped: string[]): Pin[] {
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
export function readPane(
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
