// The papers' words a newcomer meets on the start page and in the tours (UNIRED, e-cube, BSP…),
// each defined once in presets/about/glossary.json, and where a text uses them.
import { z } from 'zod';

import raw from '../../presets/about/glossary.json';
import rawJa from '../../presets/about/ja/glossary.json';
import type { Lang } from '../i18n/languages';
import { PSEUDO } from '../i18n/languages';
import { wrap } from '../i18n/pseudo';

const TermSchema = z
  .object({
    /** How the term is written, the headword first; a plural or a spelled-out form after it. */
    words: z.array(z.string().regex(/^\S(.*\S)?$/, 'no space at either end')).min(1),
    /** What it means, in one or two plain sentences. */
    means: z.string().min(1),
    /** Where it comes from: a paper and its section, or "outside the papers" and whose it is. */
    source: z.string().min(1),
  })
  .strict();
export type Term = z.infer<typeof TermSchema>;

const GlossarySchema = z
  .object({ terms: z.array(TermSchema).min(1) })
  .strict()
  .superRefine((g, ctx) => {
    // One word, one meaning: a word written under two terms could not say which it is.
    const seen = new Map<string, number>();
    g.terms.forEach((term, i) =>
      term.words.forEach((word, j) => {
        const first = seen.get(word);
        if (first !== undefined && first !== i)
          ctx.addIssue({
            code: 'custom',
            path: ['terms', i, 'words', j],
            message: `'${word}' is already a word of '${g.terms[first]!.words[0]}'`,
          });
        seen.set(word, i);
      }),
    );
  });

/** The glossary's JSON checked against its schema, or an error naming what is wrong. */
export function parseGlossary(json: unknown): Term[] {
  const parsed = GlossarySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`glossary: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data.terms;
}

export const glossary: Term[] = parseGlossary(raw);

/** A field said: not empty, no space at either end. */
const said = z.string().regex(/^\S(.*\S)?$/u, 'empty, or a space at an end');

/** A term in another language (presets/about/<lang>/glossary.json), keyed by its English headword. */
export const LangTermSchema = z
  .object({
    /** How that language writes the term, its headword first. */
    words: z.array(said).min(1),
    /** What it means, in one or two sentences of that language. */
    means: said,
    /** The English entry's source, in that language. */
    source: said,
    /** Where the term in that language comes from (a paper, the field's textbooks). */
    term_from: said,
  })
  .strict();
export const LangGlossarySchema = z
  .object({ terms: z.record(z.string(), LangTermSchema) })
  .strict();

/** A language's glossary file as terms, in the English order; throws naming a term it lacks. */
export function parseLangGlossary(json: unknown, english: Term[], file: string): Term[] {
  const terms = LangGlossarySchema.parse(json).terms;
  return english.map((term) => {
    const own = terms[term.words[0]!];
    if (!own) throw new Error(`${file}: no entry for '${term.words[0]}'`);
    return { words: own.words, means: own.means, source: own.source };
  });
}

const byLang: Record<Lang, Term[]> = {
  en: glossary,
  [PSEUDO]: glossary.map((t) => ({ ...t, means: wrap(t.means), source: wrap(t.source) })),
  ja: parseLangGlossary(rawJa, glossary, 'presets/about/ja/glossary.json'),
};

/** The glossary in a reader's language. */
export function glossaryIn(lang: Lang): Term[] {
  return byLang[lang];
}

/** A piece of a text: plain words, or a term's words as written there. */
export type Piece = string | { term: Term; text: string };

const wordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
const cjk = (c: string) => /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー]/u.test(c);
const katakana = (c: string | undefined) => c !== undefined && /[\p{sc=Katakana}ー]/u.test(c);
/**
 * Whether two neighbouring characters are of one word, which a term may not start or end inside:
 * letters of a spaced script (NIP is not in SNIPE), or katakana (バリア is not in バリアフリー).
 * Japanese writes no spaces: a term next to kana or kanji stands alone (PEの, 仮想チャネルを).
 */
const joins = (a: string | undefined, b: string | undefined) =>
  (wordChar(a) && wordChar(b) && !cjk(a!) && !cjk(b!)) || (katakana(a) && katakana(b));
/** A Latin word that may be a number's unit: a plural, or a lower-case word. */
const unitLike = (word: string) =>
  /^[a-z]/i.test(word) && (word.endsWith('s') || word === word.toLowerCase());

/** A term's words as written and capitalised, by their first letter, the longest first. */
const indexed = new WeakMap<Term[], Map<string, { word: string; term: Term }[]>>();
function wordsByFirst(terms: Term[]): Map<string, { word: string; term: Term }[]> {
  const known = indexed.get(terms);
  if (known) return known;
  const byFirst = new Map<string, { word: string; term: Term }[]>();
  for (const term of terms) {
    for (const word of term.words) {
      const upper = word[0]!.toUpperCase() + word.slice(1);
      for (const w of upper === word ? [word] : [word, upper]) {
        byFirst.set(w[0]!, [...(byFirst.get(w[0]!) ?? []), { word: w, term }]);
      }
    }
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.word.length - a.word.length);
  indexed.set(terms, byFirst);
  return byFirst;
}

/**
 * A text cut into plain pieces and terms, each term marked where it first appears (a reader who
 * was told once in a paragraph needs no second mark). The longest word wins where words start
 * together (MP-Write before MP); a word stands alone (NIP is not in SNIPE) and is matched as
 * written, a lower-case word also capitalised at a sentence's start. A plural or lower-case word
 * right after a number is that number's unit ("17 reductions", "8 PEs"): the next time the term
 * appears is marked instead, and the number keeps its unit beside it.
 */
export function glossPieces(text: string, terms: Term[] = glossary): Piece[] {
  const byFirst = wordsByFirst(terms);
  const pieces: Piece[] = [];
  const marked = new Set<Term>();
  let plain = 0;
  let i = 0;
  while (i < text.length) {
    const hit = byFirst
      .get(text[i]!)
      ?.find(
        ({ word }) =>
          text.startsWith(word, i) &&
          !joins(text[i - 1], word[0]) &&
          !joins(word[word.length - 1], text[i + word.length]),
      );
    if (!hit) {
      i++;
      continue;
    }
    // A word already marked, or a number's unit, stays plain, and so do the shorter words in it.
    const unit = unitLike(hit.word) && /\d\s$/.test(text.slice(Math.max(0, i - 2), i));
    if (!marked.has(hit.term) && !unit) {
      if (i > plain) pieces.push(text.slice(plain, i));
      pieces.push({ term: hit.term, text: hit.word });
      marked.add(hit.term);
      plain = i + hit.word.length;
    }
    i += hit.word.length;
  }
  if (plain < text.length) pieces.push(text.slice(plain));
  return pieces;
}
