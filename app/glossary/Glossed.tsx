import type { PointerEvent as ReactPointerEvent } from 'react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

import { useReading } from '../i18n/i18n';
import type { Term as GlossaryTerm } from './glossary';
import { glossaryIn, glossPieces } from './glossary';
import './glossary.css';

/** A spaced script's word (no CJK character, space or CJK punctuation in it). */
const WORD = String.raw`[^\s\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー\u3000-\u303F\u30FB\uFF00-\uFFEF]+`;
/** What stays on a term's line before it, and after it: the rest of a word it touches. */
const HEAD = new RegExp(`${WORD}$`, 'u');
const TAIL = new RegExp(`^${WORD}`, 'u');

/**
 * A text with the papers' words in it marked (in the reader's language), each defined where it
 * first appears. A term keeps on its line the characters of a word it touches ("(UNIRED",
 * "PIE64's"), as a plain word would; Japanese breaks by its own rules (line-break: strict keeps
 * 「 off a line's end and 。 off its start).
 */
export function Glossed({ text }: { text: string }) {
  const pieces = glossPieces(text, glossaryIn(useReading().lang));
  const isTerm = (i: number) => pieces[i] !== undefined && typeof pieces[i] !== 'string';
  // Each plain piece cut in three: what touches the term before it, the rest, what touches the
  // term after it.
  const cut = pieces.map((piece, i) => {
    if (typeof piece !== 'string') return null;
    const head = isTerm(i - 1) ? (TAIL.exec(piece)?.[0] ?? '') : '';
    const rest = piece.slice(head.length);
    const tail = isTerm(i + 1) ? (HEAD.exec(rest)?.[0] ?? '') : '';
    return { head, body: rest.slice(0, rest.length - tail.length), tail };
  });
  return (
    <>
      {pieces.map((piece, i) => {
        if (typeof piece === 'string') return cut[i]!.body;
        const lead = cut[i - 1]?.tail ?? '';
        const trail = cut[i + 1]?.head ?? '';
        return (
          <span key={i} className="term-glue">
            {lead}
            <Term term={piece.term}>{piece.text}</Term>
            {trail}
          </span>
        );
      })}
    </>
  );
}

/**
 * A term of the glossary as a button whose description is its definition: a screen reader reads
 * it with the word. The definition shows while a mouse is over the word or the definition, while
 * the keyboard is on the word, and from a tap, click or Enter until the next one, a tap elsewhere
 * or the focus leaving; Escape hides it. Nothing needs a hover.
 */
function Term({ term, children }: { term: GlossaryTerm; children: string }) {
  const id = useId();
  const [pinned, setPinned] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const open = pinned || hovered || focused;
  const box = useRef<HTMLSpanElement>(null);
  const tip = useRef<HTMLSpanElement>(null);

  // An open definition is closed by Escape wherever the focus is, and a tapped one by a tap
  // elsewhere.
  useEffect(() => {
    if (!open) return;
    const close = () => {
      setPinned(false);
      setHovered(false);
      setFocused(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      close();
    };
    const onDown = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setPinned(false);
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);

  // Kept inside the window: moved left by what would stick out on the right, never past its left.
  useLayoutEffect(() => {
    const el = tip.current;
    if (!open || !el) return;
    el.style.translate = '';
    const rect = el.getBoundingClientRect();
    const margin = 8;
    const over = rect.right - (document.documentElement.clientWidth - margin);
    const shift = Math.min(Math.max(over, 0), Math.max(rect.left - margin, 0));
    if (shift > 0) el.style.translate = `${-shift}px 0`;
  }, [open]);

  const mouse = (e: ReactPointerEvent) => e.pointerType === 'mouse';
  return (
    <span
      ref={box}
      className="term"
      onPointerEnter={(e) => {
        if (mouse(e)) setHovered(true);
      }}
      onPointerLeave={(e) => {
        if (mouse(e)) setHovered(false);
      }}
    >
      <button
        type="button"
        className="term-word"
        aria-describedby={id}
        data-term={term.words[0]}
        onClick={() => setPinned((p) => !p)}
        // The keyboard's arrival opens it; a tap's or click's own focus leaves it to the click.
        onFocus={(e) => {
          if (e.currentTarget.matches(':focus-visible')) setFocused(true);
        }}
        onBlur={() => {
          setFocused(false);
          setPinned(false);
        }}
      >
        {children}
      </button>
      <span ref={tip} id={id} role="tooltip" className="term-tip" hidden={!open}>
        <b>{term.words[0]}</b>: {term.means} <span className="term-source">({term.source})</span>
      </span>
    </span>
  );
}
