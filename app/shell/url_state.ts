// The link state: which preset, which parameters differ from it, and the seed.
//
// Versions:
//   1  ?preset=<id>&<param>=<value>&...  (plain query of the first release)
//   2  ?s=<state>, state = JSON {v: 2, preset, params, seed?}, written as "j" + JSON, or as
//      "z" + lz-string when that is shorter.
// Reading is lenient: whatever cannot be used is dropped, replaced by its default and reported.
import LZString from 'lz-string';

import type { ParamSpec, Params } from '../engine/types';
import { checkValue } from './param_values';

export const URL_VERSION = 2;

export interface UrlState {
  presetId: string;
  /** Parameters that differ from the preset. */
  params: Params;
  /** Absent: the preset's seed. */
  seed?: number;
}

export interface ParsedUrl {
  state: UrlState;
  /** What was in the link but could not be used, for a message. */
  dropped: string[];
}

export interface UrlContext {
  presetIds: string[];
  specsFor(presetId: string): ParamSpec[];
}

const FIELDS = new Set(['v', 'preset', 'params', 'seed']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Validates a decoded state field by field. */
function fromRaw(raw: Record<string, unknown>, ctx: UrlContext, dropped: string[]): UrlState {
  for (const key of Object.keys(raw)) if (!FIELDS.has(key)) dropped.push(`unknown field '${key}'`);

  const fallback = ctx.presetIds[0] ?? '';
  let presetId = fallback;
  if (typeof raw.preset === 'string' && ctx.presetIds.includes(raw.preset)) presetId = raw.preset;
  else if (raw.preset !== undefined) dropped.push(`preset '${show(raw.preset)}'`);

  const params: Params = {};
  if (isRecord(raw.params)) {
    const specs = ctx.specsFor(presetId);
    for (const [name, value] of Object.entries(raw.params)) {
      const spec = specs.find((s) => s.name === name);
      if (!spec) {
        dropped.push(`unknown parameter '${name}'`);
        continue;
      }
      const checked =
        typeof value === 'number' ? checkValue(spec, String(value)) : { error: 'Not a number' };
      if ('error' in checked) dropped.push(`${name}=${show(value)} (${checked.error})`);
      else params[name] = checked.value;
    }
  } else if (raw.params !== undefined) {
    dropped.push('parameters (not a list of name: value)');
  }

  const state: UrlState = { presetId, params };
  if (typeof raw.seed === 'number' && Number.isSafeInteger(raw.seed) && raw.seed >= 0) {
    state.seed = raw.seed;
  } else if (raw.seed !== undefined) {
    dropped.push(`seed ${show(raw.seed)} (a whole number from 0 is needed)`);
  }
  return state;
}

/** Version 1 links are plain queries; turn one into the raw version-2 form. */
function migrateV1(query: URLSearchParams): Record<string, unknown> {
  const raw: Record<string, unknown> = { v: 2 };
  const params: Record<string, unknown> = {};
  for (const [name, text] of query) {
    if (name === 'preset') raw.preset = text;
    else
      params[name] = text.trim() === '' ? text : Number.isNaN(Number(text)) ? text : Number(text);
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
  if (payload === null) return { state: fromRaw(migrateV1(query), ctx, dropped), dropped };

  const raw = decode(payload);
  if (!isRecord(raw)) {
    dropped.push('the link state (unreadable)');
    return { state: fromRaw({}, ctx, dropped), dropped };
  }
  if (raw.v !== URL_VERSION) {
    dropped.push(`the link state (version ${show(raw.v)}, this app reads ${URL_VERSION})`);
    return { state: fromRaw({}, ctx, dropped), dropped };
  }
  for (const key of query.keys()) if (key !== 's') dropped.push(`unknown field '${key}'`);
  return { state: fromRaw(raw, ctx, dropped), dropped };
}

/** The query string for a state; parameters equal to the preset's are left out. */
export function serializeUrlState(state: UrlState, presetValues: Params): string {
  const params = Object.fromEntries(
    Object.entries(state.params)
      .filter(([name, value]) => presetValues[name] !== value)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  const json = JSON.stringify({
    v: URL_VERSION,
    preset: state.presetId,
    ...(Object.keys(params).length > 0 ? { params } : {}),
    ...(state.seed !== undefined ? { seed: state.seed } : {}),
  });
  const plain = `j${encodeURIComponent(json)}`;
  const packed = `z${LZString.compressToEncodedURIComponent(json)}`;
  return `?s=${packed.length < plain.length ? packed : plain}`;
}
