import { describe, expect, it } from 'vitest';

import { loadPresetsFromDisk } from '../presets/from_disk';
import { machines } from '../presets/machines';
import { tours } from '../tours/bundled';
import type { Piece, Term } from './glossary';
import { glossPieces, glossary, parseGlossary } from './glossary';

const term = (words: string[]): Term => ({ words, means: `${words[0]} means`, source: 'sec. 1' });
/** The pieces as text: each marked term in [brackets]. */
const marked = (pieces: Piece[]) =>
  pieces.map((p) => (typeof p === 'string' ? p : `[${p.text}]`)).join('');

describe('parseGlossary()', () => {
  it('takes the shipped glossary', () => {
    expect(glossary.length).toBeGreaterThan(40);
  });

  it('refuses a word written under two terms, naming both', () => {
    expect(() =>
      parseGlossary({ terms: [term(['MP', 'management processor']), term(['MP-Write', 'MP'])] }),
    ).toThrow("glossary: terms.1.words.1: 'MP' is already a word of 'MP'");
  });

  it('refuses a term without a definition or a source', () => {
    expect(() =>
      parseGlossary({ terms: [{ words: ['NX'], means: '', source: 'sec. 2' }] }),
    ).toThrow('glossary: terms.0.means:');
    expect(() => parseGlossary({ terms: [{ words: ['NX'], means: 'a library' }] })).toThrow(
      'glossary: terms.0.source:',
    );
  });
});

describe('glossPieces()', () => {
  const terms = [
    term(['MP', 'management processor']),
    term(['MP-Write']),
    term(['NIP']),
    term(['reduction', 'reductions']),
    term(['PSI-I']),
    term(['PSI-II']),
  ];
  const gloss = (text: string) => marked(glossPieces(text, terms));

  it('marks each term where it first appears in a text, and only there', () => {
    expect(gloss('The NIP sets up a circuit; the NIP releases it.')).toBe(
      'The [NIP] sets up a circuit; the NIP releases it.',
    );
  });

  it('takes the longest word where two start together, and never a word inside it', () => {
    expect(gloss('An MP-Write goes through the MP. Another MP-Write.')).toBe(
      'An [MP-Write] goes through the [MP]. Another MP-Write.',
    );
    expect(gloss('six PSI-II and a PSI-I')).toBe('six [PSI-II] and a [PSI-I]');
  });

  it('marks whole words only, as written, and a lower-case word at the start of a sentence', () => {
    expect(gloss('SNIPE, nip and MPs')).toBe('SNIPE, nip and MPs');
    expect(gloss('Reductions are work; so is one reduction.')).toBe(
      '[Reductions] are work; so is one reduction.',
    );
  });

  it("leaves a number's unit plain and marks the term where it next appears", () => {
    expect(gloss('17 reductions, each reduction 2.25 ms')).toBe(
      '17 reductions, each [reduction] 2.25 ms',
    );
    expect(gloss('64 PSI-II machines')).toBe('64 [PSI-II] machines');
  });

  it('gives back the text as it was', () => {
    const text = 'UNIRED asks its MP, which sends a request (an MP-Write).';
    expect(
      glossPieces(text)
        .map((p) => (typeof p === 'string' ? p : p.text))
        .join(''),
    ).toBe(text);
  });
});

describe('the papers’ words on the start page and in the tours', () => {
  const presets = loadPresetsFromDisk();
  /** Every text a first visit reads that the glossary marks, and where it is. */
  const texts: [string, string][] = [
    ...presets.flatMap((p): [string, string][] => [
      [`${p.id} experiment`, p.experiment],
      [`${p.id} description`, p.description],
    ]),
    ...machines.map((m): [string, string] => [`${m.machine} line`, `${m.was} ${m.matters}`]),
    ...tours.flatMap((t) => [
      [`${t.id} title`, t.title] as [string, string],
      [`${t.id} summary`, t.summary] as [string, string],
      ...t.steps.flatMap((s, i): [string, string][] => [
        [`${t.id} step ${i + 1}`, s.text],
        ...(s.question
          ? [[`${t.id} step ${i + 1} prompt`, s.question.prompt] as [string, string]]
          : []),
      ]),
    ]),
  ];
  /** The words each text marks. */
  const marks = texts.map(([where, text]) => ({
    where,
    words: glossPieces(text).flatMap((p) => (typeof p === 'string' ? [] : [p.term.words[0]!])),
  }));

  it.each([
    'UNIRED',
    'NIP',
    'PAN',
    'DAN',
    'WRITEMN',
    'WRITEX',
    'MP-Write',
    'MDP',
    'e-cube',
    'speedup by K',
    'OS-link',
    'DS-link',
    'VCR',
    'C104',
    'NX',
    'BSP',
    'BPRAM',
    'h-relation',
    'reduction',
    'RPS',
    'LogP',
  ])('defines %s, and marks it where a card or tour says it', (word) => {
    const entry = glossary.find((t) => t.words[0] === word);
    expect(entry, word).toBeDefined();
    expect(marks.filter((m) => m.words.includes(word)).length, word).toBeGreaterThan(0);
  });

  it('says "speedup by K" on its card', () => {
    const card = marks.find((m) => m.where === 'multipsi-v1-program2 experiment');
    expect(card?.words).toContain('speedup by K');
  });

  it('defines every term in a sentence or two, with where it comes from', () => {
    for (const t of glossary) {
      const sentences = t.means.split(/(?<=[.!?])\s+(?=[A-Z])/);
      expect(sentences.length, t.words[0]).toBeLessThanOrEqual(2);
      expect(t.source, t.words[0]).toMatch(/sec\. \d|outside the papers/);
    }
  });

  it('has no term that no card, machine line or tour uses', () => {
    const used = new Set(marks.flatMap((m) => m.words));
    expect(glossary.map((t) => t.words[0]!).filter((w) => !used.has(w))).toEqual([]);
  });
});
