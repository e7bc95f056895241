import type { Preset } from './schema';
import { parsePreset } from './schema';

// Every preset in presets/, bundled into the app and checked against the schema at load.
const files = import.meta.glob<unknown>('../../presets/*.json', { eager: true, import: 'default' });

export const presets: Preset[] = Object.entries(files)
  .map(([path, raw]) => parsePreset(raw, path))
  .sort((a, b) => a.id.localeCompare(b.id));
