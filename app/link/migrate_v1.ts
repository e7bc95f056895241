// Links of the first release (version 1): a plain query of preset and parameters.
import { parseDecimal } from '../presets/param_values';
import { LANG_KEY } from './lang_param';
import type { UrlContext } from './link_types';
import { URL_VERSION } from './link_types';

/**
 * Version 1 links are plain queries; turn one into the raw version-3 form. A value that is not one
 * decimal number (a size "8x8x8", "0x10") stays text, read later as if typed into its field.
 */
export function migrateV1(query: URLSearchParams, ctx: UrlContext): Record<string, unknown> {
  const raw: Record<string, unknown> = { v: URL_VERSION };
  const params: Record<string, unknown> = {};
  for (const [name, text] of query) {
    if (name === LANG_KEY || ctx.otherKeys?.includes(name)) continue;
    if (name === 'preset') raw.preset = text;
    else params[name] = Number.isNaN(parseDecimal(text)) ? text : parseDecimal(text);
  }
  if (Object.keys(params).length > 0) raw.params = params;
  return raw;
}
