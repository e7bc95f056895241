import { useReading } from '../i18n/i18n';
import type { Lang } from '../i18n/languages';
import { PSEUDO } from '../i18n/languages';
import { pseudoWords } from '../i18n/pseudo';
import { languageWords } from '../i18n/words';
import { overlay } from '../i18n/overlay';
import type { Tour } from './schema';
import { parseTour } from './schema';
import { TOUR_WORDS } from './tour_words';

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

// Each tour's words in another language (presets/tours/<lang>/<id>.json).
const inLanguage = languageWords<Tour>(
  import.meta.glob<unknown>('../../presets/tours/*/*.json', { import: 'default' }),
  (tour, own, lang) =>
    own === PSEUDO
      ? pseudoWords(tour, (path) => TOUR_WORDS.has(path.at(-1)!) && !path.includes('checks'))
      : overlay(tour, own, TOUR_WORDS, `presets/tours/${lang}/${tour.id}.json`),
);

/**
 * A tour in a reader's language: a built-in tour with its words there laid over it; the tour as it
 * is in English, or when the language has none of it (a lesson of a teacher's own).
 */
export function tourIn(tour: Tour, lang: Lang): Tour {
  return tours.includes(tour) ? inLanguage(tour, tour.id, lang) : tour;
}

/** `tour` in the reader's language, redrawn when it changes. */
export function useTourIn<T extends Tour | undefined>(tour: T): T {
  const { lang } = useReading();
  return (tour && tourIn(tour, lang)) as T;
}
