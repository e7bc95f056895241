import type { ParamSpec, Params } from '../engine/types';
import { checkValue } from './param_values';

export interface UrlState {
  presetId: string;
  /** Parameters that differ from the preset. */
  params: Params;
  /** What was in the URL but could not be used, for a message. */
  dropped: string[];
}

/** Reads `?preset=id&name=value...`; unknown or invalid entries are dropped and reported. */
export function readUrlState(
  search: string,
  presetIds: string[],
  specsFor: (presetId: string) => ParamSpec[],
): UrlState {
  const query = new URLSearchParams(search);
  const dropped: string[] = [];
  const fallback = presetIds[0] ?? '';
  let presetId = query.get('preset') ?? fallback;
  if (!presetIds.includes(presetId)) {
    dropped.push(`preset '${presetId}'`);
    presetId = fallback;
  }
  const specs = specsFor(presetId);
  const params: Params = {};
  for (const [name, text] of query) {
    if (name === 'preset') continue;
    const spec = specs.find((s) => s.name === name);
    if (!spec) {
      dropped.push(`unknown parameter '${name}'`);
      continue;
    }
    const checked = checkValue(spec, text);
    if ('error' in checked) dropped.push(`${name}=${text} (${checked.error})`);
    else params[name] = checked.value;
  }
  return { presetId, params, dropped };
}

/** The query string for a preset and the parameters that differ from its values. */
export function writeUrlState(presetId: string, params: Params, presetValues: Params): string {
  const query = new URLSearchParams({ preset: presetId });
  for (const [name, value] of Object.entries(params)) {
    if (presetValues[name] !== value) query.set(name, String(value));
  }
  return `?${query.toString()}`;
}
