import { resolvePresetFiles } from './extend';
import type { Preset } from './schema';
import { parsePreset } from './schema';

// Every preset in presets/ (with the bases they extend, in presets/bases/), bundled into the app
// and checked against the schema at load; tours (presets/tours/) are not presets.
const files = import.meta.glob<unknown>(['../../presets/*.json', '../../presets/bases/*.json'], {
  eager: true,
  import: 'default',
});

export const presets: Preset[] = resolvePresetFiles(
  new Map(Object.entries(files).map(([path, raw]) => [presetName(path), raw])),
)
  .map(([name, raw]) => parsePreset(raw, `${name}.json`))
  .sort((a, b) => a.id.localeCompare(b.id));

function presetName(path: string): string {
  return path.replace(/^.*\/presets\//, '').replace(/\.json$/, '');
}
