import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { tourFromFile } from './bundled';
import type { Tour } from './schema';

const toursDir = fileURLToPath(new URL('../../presets/tours/', import.meta.url));

/** Every tour in presets/tours/, read in Node (tests, the CLI). */
export function loadToursFromDisk(dir = toursDir): Tour[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => tourFromFile(f, JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'))));
}
