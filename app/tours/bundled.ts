import type { Tour } from './schema';
import { parseTour } from './schema';

// Every tour in presets/tours/, one file per tour named for its id, bundled into the app and
// checked against the schema at load.
const files = import.meta.glob<unknown>('../../presets/tours/*.json', {
  eager: true,
  import: 'default',
});

export const tours: Tour[] = Object.entries(files)
  .map(([path, raw]) => tourFromFile(path.replace(/^.*\//, ''), raw))
  .sort((a, b) => a.title.localeCompare(b.title));

/** A tour file's JSON as a tour whose id is the file's name. */
export function tourFromFile(file: string, raw: unknown): Tour {
  const tour = parseTour(raw, file);
  if (`${tour.id}.json` !== file) throw new Error(`tour ${file}: its id is '${tour.id}'`);
  return tour;
}
