// The Japanese words of the glossary and of the machines' lines (presets/about/ja/glossary.json,
// presets/about/ja/machines.json): one entry for each English term and machine, in the same
// order, each field said, each Japanese word one term's, and the sentences Japanese.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import glossaryEn from '../../presets/about/glossary.json';
import glossaryJa from '../../presets/about/ja/glossary.json';
import machinesEn from '../../presets/about/machines.json';
import machinesJa from '../../presets/about/ja/machines.json';

/** A field said: not empty, no space at either end. */
const said = z.string().regex(/^\S(.*\S)?$/u, 'empty, or a space at an end');

const JaTermSchema = z
  .object({
    /** How Japanese text writes the term, its headword first. */
    words: z.array(said).min(1),
    /** What it means, in one or two Japanese sentences. */
    means: said,
    /** The English entry's source, in Japanese. */
    source: said,
    /** Where the Japanese term itself comes from. */
    term_from: said,
  })
  .strict();
const JaGlossarySchema = z.object({ terms: z.record(z.string(), JaTermSchema) }).strict();

const JaMachineSchema = z
  .object({
    /** The machine's name as its builders wrote it in Japanese, else as Japanese text writes it. */
    name: said,
    /** Where that name comes from. */
    name_from: said,
    /** What it was, in a Japanese sentence. */
    was: said,
    /** Why it matters, in a Japanese sentence. */
    matters: said,
  })
  .strict();
const JaMachinesSchema = z.object({ machines: z.record(z.string(), JaMachineSchema) }).strict();

const ja = JaGlossarySchema.parse(glossaryJa).terms;
const jaMachines = JaMachinesSchema.parse(machinesJa).machines;

/** Japanese prose: kana in it (a sentence of kanji and Latin letters alone is no sentence). */
const isJapanese = (text: string) => /\p{Script=Hiragana}/u.test(text);
/** Its sentences, each ended by a Japanese full stop. */
const sentences = (text: string) => text.split('。').slice(0, -1);
/** Written in the plain (である) style throughout: no です / ます at a sentence's end. */
const politeEnding = /(です|ます|でした|ました)。/u;

describe('ja/glossary.json', () => {
  it('has one entry for each English term, keyed by its headword, in the same order', () => {
    expect(Object.keys(ja)).toEqual(glossaryEn.terms.map((t) => t.words[0]));
  });

  it('gives each Japanese word to one term only, and once', () => {
    const owner = new Map<string, string>();
    const twice: string[] = [];
    for (const [headword, term] of Object.entries(ja)) {
      for (const word of term.words) {
        if (owner.has(word)) twice.push(`'${word}' of '${headword}' and '${owner.get(word)}'`);
        owner.set(word, headword);
      }
    }
    expect(twice).toEqual([]);
  });

  it('says what each term means in one or two Japanese sentences, in the である style', () => {
    for (const [headword, term] of Object.entries(ja)) {
      expect(isJapanese(term.means), headword).toBe(true);
      expect(term.means, headword).toMatch(/。$/u);
      expect(sentences(term.means).length, headword).toBeGreaterThanOrEqual(1);
      expect(sentences(term.means).length, headword).toBeLessThanOrEqual(2);
      expect(term.means, headword).not.toMatch(politeEnding);
    }
  });

  it('writes each source and the origin of each Japanese term in Japanese', () => {
    for (const [headword, term] of Object.entries(ja)) {
      // A source may be a paper and its sections alone; it still says 節 or where it is from.
      expect(term.source, headword).toMatch(/[節出典]/u);
      expect(isJapanese(term.term_from), headword).toBe(true);
    }
  });
});

describe('ja/machines.json', () => {
  it('has one entry for each machine, keyed as machines.json names it, in the same order', () => {
    expect(Object.keys(jaMachines)).toEqual(machinesEn.machines.map((m) => m.machine));
  });

  it('says what each machine was and why it matters, a Japanese sentence each', () => {
    for (const [machine, line] of Object.entries(jaMachines)) {
      for (const text of [line.was, line.matters]) {
        expect(isJapanese(text), machine).toBe(true);
        expect(text, machine).toMatch(/^[^。]+。$/u);
        expect(text, machine).not.toMatch(politeEnding);
      }
      expect(isJapanese(line.name_from), machine).toBe(true);
    }
  });
});

describe('the schemas', () => {
  it('refuse an entry without its origin, or with an empty word', () => {
    const term = { words: ['仮想チャネル'], means: 'ある。', source: '3.2 節', term_from: 'ある' };
    expect(JaGlossarySchema.safeParse({ terms: { 'virtual channel': term } }).success).toBe(true);
    const { term_from: _, ...bare } = term;
    expect(JaGlossarySchema.safeParse({ terms: { 'virtual channel': bare } }).success).toBe(false);
    expect(
      JaGlossarySchema.safeParse({ terms: { 'virtual channel': { ...term, words: [''] } } })
        .success,
    ).toBe(false);
  });

  it('refuse a machine with a field it does not know', () => {
    const line = { name: 'PIE64', name_from: 'ある', was: 'ある。', matters: 'ある。' };
    expect(JaMachinesSchema.safeParse({ machines: { PIE64: line } }).success).toBe(true);
    expect(JaMachinesSchema.safeParse({ machines: { PIE64: { ...line, is: 'x' } } }).success).toBe(
      false,
    );
  });
});
