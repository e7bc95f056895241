import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { Preset } from './schema';
import { parsePreset } from './schema';

const presetsDir = fileURLToPath(new URL('../../presets/', import.meta.url));

/** Every preset in presets/, read in Node (CLI, tests), checked against the schema. */
export function loadPresetsFromDisk(dir = presetsDir): Preset[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => parsePreset(JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')), f));
}
