import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { resolvePresetFiles } from './extend';
import type { Preset } from './schema';
import { parsePreset } from './schema';

const presetsDir = fileURLToPath(new URL('../../presets/', import.meta.url));

function jsonFiles(dir: string, prefix: string): [string, unknown][] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [
      `${prefix}${f.slice(0, -'.json'.length)}`,
      JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')),
    ]);
}

/** The preset files' JSON by name: a preset's id, or `bases/<name>` for a base. */
export function presetFiles(dir = presetsDir): Map<string, unknown> {
  return new Map([...jsonFiles(dir, ''), ...jsonFiles(`${dir}/bases`, 'bases/')]);
}

/** Every preset in presets/ (bases they extend in presets/bases/), read in Node (CLI, tests). */
export function loadPresetsFromDisk(dir = presetsDir): Preset[] {
  return resolvePresetFiles(presetFiles(dir)).map(([name, raw]) =>
    parsePreset(raw, `${name}.json`),
  );
}
