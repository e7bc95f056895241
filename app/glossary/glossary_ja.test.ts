// The Japanese words of the glossary and of the machines' lines (presets/about/ja/glossary.json,
// presets/about/ja/machines.json): one entry for each English term and machine, in the same
// order, each field said, each Japanese word one term's, and the sentences Japanese.
import { describe, expect, it } from 'vitest';

import glossaryEn from '../../presets/about/glossary.json';
import glossaryJa from '../../presets/about/ja/glossary.json';
import machinesEn from '../../presets/about/machines.json';
import machinesJa from '../../presets/about/ja/machines.json';
import { LangMachinesSchema } from '../presets/machines';
import { glossary, glossaryIn, glossPieces, LangGlossarySchema } from './glossary';

const ja = LangGlossarySchema.parse(glossaryJa).terms;
const jaMachines = LangMachinesSchema.parse(machinesJa).machines;

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
    expect(LangGlossarySchema.safeParse({ terms: { 'virtual channel': term } }).success).toBe(true);
    const { term_from: _, ...bare } = term;
    expect(LangGlossarySchema.safeParse({ terms: { 'virtual channel': bare } }).success).toBe(
      false,
    );
    expect(
      LangGlossarySchema.safeParse({ terms: { 'virtual channel': { ...term, words: [''] } } })
        .success,
    ).toBe(false);
  });

  it('refuse a machine with a field it does not know', () => {
    const line = { name: 'PIE64', name_from: 'ある', was: 'ある。', matters: 'ある。' };
    expect(LangMachinesSchema.safeParse({ machines: { PIE64: line } }).success).toBe(true);
    expect(
      LangMachinesSchema.safeParse({ machines: { PIE64: { ...line, is: 'x' } } }).success,
    ).toBe(false);
  });
});

describe('Japanese words in Japanese text', () => {
  const terms = glossaryIn('ja');
  const marked = (text: string) =>
    glossPieces(text, terms).flatMap((p) => (typeof p === 'string' ? [] : [p.text]));

  it('are marked with no space around them, next to kana and kanji', () => {
    expect(marked('仮想チャネルを使えば、PEの稼働率が上がる。')).toEqual([
      '仮想チャネル',
      'PE',
      '稼働率',
    ]);
  });
  it('are not marked inside a longer katakana word, nor a Latin one inside a Latin word', () => {
    expect(marked('バリアフリーな設計')).toEqual([]);
    expect(marked('PEAKの値')).toEqual([]);
  });
  it('keep their order of the English glossary, each one term', () => {
    expect(terms).toHaveLength(glossary.length);
    expect(terms[glossary.findIndex((t) => t.words[0] === 'virtual channel')]!.words[0]).toBe(
      '仮想チャネル',
    );
  });
});
