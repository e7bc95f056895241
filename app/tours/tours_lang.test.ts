// The Japanese words of the tours (presets/tours/ja/): each lays over its English tour into a
// tour that still parses (TEXT_LIMITS included), says every word the English says, in Japanese,
// addressed to the student (です/ます), with the English's numbers and markup, and the glossary's
// Japanese for each glossary term the English uses.
import { readdirSync, readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import jaGlossary from '../../presets/about/ja/glossary.json';
import jaMachines from '../../presets/about/ja/machines.json';
import { glossPieces, glossary } from '../glossary/glossary';
import { missingWords, overlay } from '../i18n/overlay';
import { tourFromFile } from './bundled';
import type { Tour } from './schema';
import { TOUR_WORDS } from './tour_words';

const IDS = readdirSync(new URL('../../presets/tours/', import.meta.url))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));

const read = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../presets/tours/${path}`, import.meta.url), 'utf8'));

/** Each word of `words` with its path, the same path the source's word has. */
function wordsOf(words: unknown, path: string[] = []): [string, string][] {
  if (typeof words === 'string') return [[path.join('.'), words]];
  if (typeof words !== 'object' || words === null) return [];
  return Object.entries(words).flatMap(([key, value]) => wordsOf(value, [...path, key]));
}

/** The value at a path of words ("steps.2.question.prompt"). */
function at(source: unknown, path: string): string {
  const value = path
    .split('.')
    .reduce<unknown>((x, key) => (x as Record<string, unknown>)[key], source);
  return value as string;
}

/** Kana or kanji: Japanese words, not English left as it was. */
const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;

/** The numbers a text writes in digits: "2,220", "0.49", "8" (of "8x8"). */
const numbers = (text: string) => text.match(/\d+(?:[.,]\d+)*/g) ?? [];

/** Numbers English writes as words, which Japanese writes in digits ("six PEs": 6 台の PE). */
const NUMBER_WORDS: Record<string, string[]> = {
  a: ['1'],
  an: ['1'],
  one: ['1'],
  once: ['1'],
  first: ['1'],
  two: ['2'],
  second: ['2'],
  twice: ['2'],
  doubles: ['2'],
  three: ['3'],
  third: ['3', '1'],
  four: ['4'],
  fourfold: ['4'],
  five: ['5'],
  fifth: ['5', '1'],
  six: ['6'],
  eight: ['8'],
  ten: ['10'],
  tenth: ['10', '1'],
  tenths: ['10'],
  twentieth: ['20', '1'],
  hundred: ['100'],
  thousandth: ['1000', '1'],
  thousandfold: ['1000'],
  hundredfold: ['100'],
  // "each message's handler": 1 つのメッセージのハンドラ.
  each: ['1'],
  percent: [],
  // "per row": 1 行あたり.
  per: ['1'],
};
function numbersSaid(english: string): Set<string> {
  const words = english.toLowerCase().match(/[a-z]+/g) ?? [];
  return new Set([...numbers(english), ...words.flatMap((w) => NUMBER_WORDS[w] ?? [])]);
}

/** Markup that must survive translation: code, bold, links, line breaks. */
const markup = (text: string) => ({
  code: text.split('`').length,
  bold: text.split('**').length,
  links: text.split('](').length,
  lines: text.split('\n').length,
});

/** A sentence addressed to the student ends politely (です/ます調), a closing aside apart. */
const POLITE = /(です|ます|ません|でした|ました|でしょう|ください|ですか|ますか|でしょうか)$/u;
const sentences = (text: string) =>
  text
    .split('。')
    .map((s) =>
      s
        .replace(/（(?:[^（）]|（[^（）]*）)*）$/u, '')
        .replace(/[」）)]+$/u, '')
        .trim(),
    )
    .filter((s) => s !== '');

/**
 * Latin letters and digits are set off from kana and kanji by a space, as the glossary writes
 * them ("PE どうし", "1 台"), but for names the glossary writes as one word.
 */
const KANA_KANJI = String.raw`\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}ー`;
const UNSPACED = new RegExp(`[${KANA_KANJI}][A-Za-z0-9]|[A-Za-z0-9][${KANA_KANJI}]`, 'u');
// The glossary's words and the machines' names written as one word (マルチPSI, 13クイーン).
const JOINED_NAMES = [
  ...Object.values(jaGlossary.terms).flatMap((term) => term.words),
  ...Object.values(jaMachines.machines).flatMap((m) => [m.name, m.name.split('/')[0]!]),
]
  .filter((word) => UNSPACED.test(word))
  .sort((a, b) => b.length - a.length);

const jaWordsOf = new Map(
  Object.entries(jaGlossary.terms).map(([headword, term]) => [headword, term.words]),
);

const tours = IDS.map((id) => {
  const file = `${id}.json`;
  const english = read(file);
  const ja = read(`ja/${file}`);
  return { id, file, english, ja };
});

describe.each(tours)('presets/tours/ja/$file', ({ id, file, english, ja }) => {
  it('lays over the English tour into a tour that parses, its texts within TEXT_LIMITS', () => {
    const tour: Tour = tourFromFile(file, overlay(english, ja, TOUR_WORDS, `ja/${file}`));
    expect(tour.id).toBe(id);
    expect(tour.steps.length).toBe(tourFromFile(file, english).steps.length);
  });

  it('translates every word a reader reads, and nothing else', () => {
    expect(missingWords(english, ja, TOUR_WORDS)).toEqual([]);
    for (const [path] of wordsOf(ja))
      expect(TOUR_WORDS.has(path.split('.').pop()!), path).toBe(true);
  });

  it('writes each word in Japanese, with the English numbers and markup', () => {
    for (const [path, text] of wordsOf(ja)) {
      const source = at(english, path);
      expect(text, path).toMatch(JAPANESE);
      expect(text, path).not.toMatch(/^\s|\s$/u);
      const said = numbersSaid(source);
      expect(
        numbers(text).filter((n) => !said.has(n)),
        `${path}: numbers the English does not state`,
      ).toEqual([]);
      for (const n of numbers(source)) expect(text, `${path}: keeps ${n}`).toContain(n);
      expect(markup(text), path).toEqual(markup(source));
      expect(text, `${path}: English quotes`).not.toMatch(/[“”"]/u);
      const unspaced = JOINED_NAMES.reduce((t, name) => t.replaceAll(name, '名'), text);
      expect(unspaced, `${path}: a space between Japanese and Latin or digits`).not.toMatch(
        UNSPACED,
      );
    }
  });

  it('addresses the student politely (です/ます) in every sentence', () => {
    for (const [path, text] of wordsOf(ja)) {
      const key = path.split('.').pop()!;
      if (key === 'title' || key === 'label') continue;
      // A closing aside in brackets may hold the last sentence: 「…。）」.
      expect(text, `${path}: ends a sentence`).toMatch(/。）?$/u);
      for (const sentence of sentences(text)) expect(sentence, path).toMatch(POLITE);
    }
  });

  it("uses the glossary's Japanese for each glossary term the English uses", () => {
    for (const [path, text] of wordsOf(ja)) {
      const terms = glossPieces(at(english, path), glossary).flatMap((p) =>
        typeof p === 'string' ? [] : [p.term.words[0]!],
      );
      for (const headword of terms) {
        const words = jaWordsOf.get(headword) ?? [];
        expect(
          words.some((w) => text.includes(w)),
          `${path}: '${headword}' as one of ${words.join(', ')}`,
        ).toBe(true);
      }
    }
  });
});
