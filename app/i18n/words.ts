// A room's words in each language beside its sources (presets/<lang>/<id>.json,
// presets/tours/<lang>/<id>.json): fetched with that language's catalogues, each source laid over
// once per language and kept.
import { loadWithLanguage } from './i18n';
import type { Lang } from './languages';
import { PSEUDO, SOURCE_LANG } from './languages';

/**
 * `files`: Vite's lazy glob of the word files, by path (…/<lang>/<id>.json). `lay` lays a file's
 * words over a source, or, given PSEUDO, wraps the source's own. Gives the source in a language: as it is when the language
 * has no words for its id.
 */
export function languageWords<T extends object>(
  files: Record<string, () => Promise<unknown>>,
  lay: (source: T, own: unknown, lang: Lang) => T,
): (source: T, id: string, lang: Lang) => T {
  const words = new Map<Lang, Map<string, unknown>>();
  loadWithLanguage(async (lang) => {
    if (lang === SOURCE_LANG || lang === PSEUDO || words.has(lang)) return;
    const own = new Map<string, unknown>();
    await Promise.all(
      Object.entries(files)
        .filter(([path]) => path.split('/').at(-2) === lang)
        .map(async ([path, file]) => own.set(path.replace(/^.*\/|\.json$/g, ''), await file())),
    );
    words.set(lang, own);
  });
  const laid = new Map<Lang, WeakMap<T, T>>();
  return (source, id, lang) => {
    const own = lang === PSEUDO ? PSEUDO : words.get(lang)?.get(id);
    if (own === undefined) return source;
    const cache = laid.get(lang) ?? new WeakMap<T, T>();
    laid.set(lang, cache);
    let done = cache.get(source);
    if (!done) {
      done = lay(source, own, lang);
      cache.set(source, done);
    }
    return done;
  };
}
