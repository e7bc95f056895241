// The Japanese words of five tours (presets/tours/ja/: routing, across-machines,
// jmachine-programs, paragon, transputers): each lays over its English and the result is still a
// tour, every word the reader reads is translated, each in Japanese, in the です/ます style, with
// the English's numbers (none added, so none can state an answer the English holds back) and the
// Japanese words of the glossary's terms the English uses.
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import glossaryJa from '../../presets/about/ja/glossary.json';
import { glossPieces } from '../glossary/glossary';
import { missingWords, overlay } from '../i18n/overlay';
import { tourFromFile } from './bundled';
import { parseTour } from './schema';
import { TOUR_WORDS } from './tour_words';

const IDS = ['routing', 'across-machines', 'jmachine-programs', 'paragon', 'transputers'];

const readJson = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../presets/tours/${path}`, import.meta.url), 'utf8'));

/** Every word of a file of the tour's shape: its path, its field and its text. */
function words(json: unknown, path: string[] = []): { path: string; key: string; text: string }[] {
  if (Array.isArray(json)) return json.flatMap((item, i) => words(item, [...path, String(i)]));
  if (typeof json !== 'object' || json === null) return [];
  return Object.entries(json).flatMap(([key, value]) =>
    typeof value === 'string'
      ? TOUR_WORDS.has(key)
        ? [{ path: [...path, key].join('.'), key, text: value }]
        : []
      : words(value, [...path, key]),
  );
}

const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
/** The fields read as sentences: each ends with a Japanese full stop. */
const PROSE = new Set(['audience', 'summary', 'text', 'prompt', 'explain', 'feedback']);
/** A tour speaks to the student in です/ます: each sentence ends so, a closing aside aside. */
const POLITE = /(です|ます|ました|でした|ません|ください)か?(（([^（）]|（[^（）]*）)*）)?$/u;
const sentences = (text: string) => text.split('。').slice(0, -1);

/** The numbers a text states in digits, as the answer check reads prose ("0.35", "1,030"). */
const NUMBER = /(?<![\w.,])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\d.,]\d)/g;
const numbers = (text: string) => new Set(text.match(NUMBER)?.map((n) => n.replace(/^-/, '')));
/**
 * Numbers the English spells in words and Japanese writes in digits (2 倍, 3 分の 1, 1000 倍);
 * 1 also stands for English's "a", "per" and "each" (1 通, 1 回).
 */
const SPELLED: [RegExp, string][] = [
  [/\b(two|twice|second|doubling|both)\b/i, '2'],
  [/\b(three|third)\b/i, '3'],
  [/\bfive\b/i, '5'],
  [/\bfour(fold)?\b/i, '4'],
  [/\beight\b/i, '8'],
  [/\bhundred(fold)?\b/i, '100'],
  [/\bthousand(fold|th)?\b/i, '1000'],
];
function spelled(english: string): Set<string> {
  return new Set(['1', ...SPELLED.filter(([word]) => word.test(english)).map(([, n]) => n)]);
}

const jaTerms = (glossaryJa as { terms: Record<string, { words: string[] }> }).terms;

describe.each(IDS)('presets/tours/ja/%s.json', (id) => {
  const file = `${id}.json`;
  const english = tourFromFile(file, readJson(file));
  const ja = readJson(`ja/${file}`);
  const englishWords = new Map(words(english).map((w) => [w.path, w.text]));

  it('lays over the English, and the result is still a tour', () => {
    const laid = overlay(english, ja, TOUR_WORDS, `ja/${file}`);
    expect(parseTour(laid, `ja/${file}`).id).toBe(id);
  });

  it('translates every word the reader reads', () => {
    expect(missingWords(english, ja, TOUR_WORDS)).toEqual([]);
  });

  it('writes each in Japanese, prose in the です/ます style, titles and labels unstopped', () => {
    const all = words(ja);
    for (const { path, text } of all) expect(text, path).toMatch(JAPANESE);
    for (const { path, text } of all.filter((w) => PROSE.has(w.key))) {
      expect(text, path).toMatch(/。）?$/u);
      for (const sentence of sentences(text)) expect(sentence, path).toMatch(POLITE);
    }
    for (const { path, text } of all.filter((w) => !PROSE.has(w.key)))
      expect(text, path).not.toMatch(/。/u);
  });

  it("states the English's numbers and no other", () => {
    for (const { path, text } of words(ja)) {
      const source = englishWords.get(path)!;
      const stated = numbers(source);
      const allowed = new Set([...stated, ...spelled(source)]);
      expect(
        [...numbers(text)].filter((n) => !allowed.has(n)),
        path,
      ).toEqual([]);
      expect(
        [...stated].filter((n) => !numbers(text).has(n)),
        path,
      ).toEqual([]);
    }
  });

  it('uses a Japanese word of each glossary term the English uses', () => {
    for (const { path, text } of words(ja)) {
      const terms = glossPieces(englishWords.get(path)!).flatMap((p) =>
        typeof p === 'string' ? [] : [p.term.words[0]!],
      );
      for (const headword of terms) {
        const jaWords = jaTerms[headword]!.words;
        expect(
          jaWords.some((w) => text.includes(w)),
          `${path}: ${headword} (${jaWords.join('、')})`,
        ).toBe(true);
      }
    }
  });
});
