// The engine's own words in the reader's language: a model's title and description, its
// parameters' labels, help and choices, its outputs' descriptions, its units, and the words its
// results carry (presets/models/<lang>/*.json). The engine declares them in English, in C++; a
// language's files key each by that English, as gettext keys by its source, so a text the engine
// rewords shows in English until it is translated again, and app/presets/models_lang.test.ts
// names it.
import { i18n, loadWithLanguage } from './i18n';
import type { Lang } from './languages';
import { PSEUDO, SOURCE_LANG } from './languages';
import { wrap } from './pseudo';

/**
 * A language's engine words: texts by their English, units by the engine's unit name, and the
 * words a run's results carry (curves' labels, axes' names, networks' labels) as patterns.
 */
export interface EngineWords {
  texts: Map<string, string>;
  units: Map<string, string>;
  runs: RunPattern[];
}

/** The file of a language's units and that of its run words; any other holds texts. */
export const UNITS_FILE = 'units';
export const RUNS_FILE = 'run_words';

/**
 * A run word's pattern: its English with placeholders, `{n}` (`{n2}`, ...) a number kept as it
 * is, any other name a piece that is itself a run word ("{label}, in the network"), and its word
 * in the language. Patterns without placeholders are tried first, the rest in the file's order.
 */
export interface RunPattern {
  english: string;
  match: RegExp;
  names: string[];
  word: string;
}

/** The patterns of a language's run words, by their English. */
export function runPatterns(words: Record<string, string>): RunPattern[] {
  const patterns = Object.entries(words).map(([english, word]) => {
    const names: string[] = [];
    const source = english
      .split(/(\{[a-z]+\d*\})/)
      .map((piece) => {
        const name = /^\{([a-z]+\d*)\}$/.exec(piece)?.[1];
        if (name === undefined) return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(name);
        return isNumber(name) ? '(-?\\d[\\d.,]*)' : '(.+)';
      })
      .join('');
    return { english, match: new RegExp(`^${source}$`, 'u'), names, word };
  });
  return [
    ...patterns.filter((p) => p.names.length === 0),
    ...patterns.filter((p) => p.names.length > 0),
  ];
}

const isNumber = (name: string) => /^n\d*$/.test(name);

/**
 * A run word in a language by its patterns: the first whose English matches the whole text, its
 * pieces in their own words; the text as it is where none matches. `used` collects the patterns
 * that gave it.
 */
export function runWordBy(patterns: RunPattern[], text: string, used?: Set<string>): string {
  for (const p of patterns) {
    const found = p.match.exec(text);
    if (!found) continue;
    used?.add(p.english);
    return p.names.reduce(
      (word, name, i) =>
        word.replace(
          `{${name}}`,
          isNumber(name) ? found[i + 1]! : runWordBy(patterns, found[i + 1]!, used),
        ),
      p.word,
    );
  }
  return text;
}

const loaded = new Map<string, EngineWords>();

/**
 * Loads a language's engine words with its catalogues. `files`: Vite's lazy glob of
 * presets/models/<lang>/<name>.json, by path.
 */
export function loadEngineWords(files: Record<string, () => Promise<unknown>>): void {
  loadWithLanguage(async (lang) => {
    if (lang === SOURCE_LANG || lang === PSEUDO || loaded.has(lang)) return;
    const words: EngineWords = { texts: new Map(), units: new Map(), runs: [] };
    await Promise.all(
      Object.entries(files)
        .filter(([path]) => path.split('/').at(-2) === lang)
        .map(async ([path, file]) => {
          const own = (await file()) as Record<string, string>;
          if (path.endsWith(`/${RUNS_FILE}.json`)) words.runs = runPatterns(own);
          else {
            const into = path.endsWith(`/${UNITS_FILE}.json`) ? words.units : words.texts;
            for (const [english, word] of Object.entries(own)) into.set(english, word);
          }
        }),
    );
    loaded.set(lang, words);
  });
}

/** The language the page speaks now. */
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

/**
 * A word of a run's results in the page's language: a curve's label, an axis's name, a network's
 * label, as the engine wrote it where no pattern of the language matches.
 */
export function runWord(text: string): string {
  const lang = speaking();
  if (text === '' || lang === undefined || lang === SOURCE_LANG) return text;
  if (lang === PSEUDO) return wrap(text);
  const words = loaded.get(lang);
  return words ? runWordBy(words.runs, text) : text;
}
