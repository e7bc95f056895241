// The engine's own words in the reader's language: a model's title and description, its
// parameters' labels, help and choices, its outputs' descriptions and its units
// (presets/models/<lang>/*.json). The engine declares them in English, in C++; a language's files
// key each by that English, as gettext keys by its source, so a text the engine rewords shows in
// English until it is translated again, and engine_words.test.ts names it.
import { i18n, loadWithLanguage } from './i18n';
import type { Lang } from './languages';
import { PSEUDO, SOURCE_LANG } from './languages';
import { wrap } from './pseudo';

/** A language's engine words: texts by their English, units by the engine's unit name. */
export interface EngineWords {
  texts: Map<string, string>;
  units: Map<string, string>;
}

/** The file of a language's units; any other file of its folder holds texts. */
export const UNITS_FILE = 'units';

const loaded = new Map<string, EngineWords>();

/**
 * Loads a language's engine words with its catalogues. `files`: Vite's lazy glob of
 * presets/models/<lang>/<name>.json, by path.
 */
export function loadEngineWords(files: Record<string, () => Promise<unknown>>): void {
  loadWithLanguage(async (lang) => {
    if (lang === SOURCE_LANG || lang === PSEUDO || loaded.has(lang)) return;
    const words: EngineWords = { texts: new Map(), units: new Map() };
    await Promise.all(
      Object.entries(files)
        .filter(([path]) => path.split('/').at(-2) === lang)
        .map(async ([path, file]) => {
          const own = Object.entries((await file()) as Record<string, string>);
          const into = path.endsWith(`/${UNITS_FILE}.json`) ? words.units : words.texts;
          for (const [english, word] of own) into.set(english, word);
        }),
    );
    loaded.set(lang, words);
  });
}

/** The words of the language the page speaks now, or none for the source's. */
function speaking(): Lang | undefined {
  return i18n.language as Lang | undefined;
}

/** An engine text in the page's language: as the engine wrote it where the language lacks it. */
export function engineWord(text: string): string {
  const lang = speaking();
  if (text === '' || lang === undefined || lang === SOURCE_LANG) return text;
  if (lang === PSEUDO) return wrap(text);
  return loaded.get(lang)?.texts.get(text) ?? text;
}

/** A unit as the page's language shows it, given the unit's name and its source symbol. */
export function unitWord(unit: string, symbol: string): string {
  const lang = speaking();
  if (symbol === '' || lang === undefined || lang === SOURCE_LANG) return symbol;
  if (lang === PSEUDO) return wrap(symbol);
  return loaded.get(lang)?.units.get(unit) ?? symbol;
}
