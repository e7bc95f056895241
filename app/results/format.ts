import { numberFormat } from '../presets/number_format';
import { bracketed, titleUnit, unitTitle, withUnit } from '../presets/units';
import type { AxisSpec } from './chart_data';

// Numbers in the reader's language, not the machine's: labels, read-outs and snapshots are the
// same on every machine.
const exact = () => numberFormat({ maximumSignificantDigits: 6 });

/** "label (unit)", the unit once, in its symbol: the rule of presets/units.ts unitTitle(). */
export function axisTitle(spec: AxisSpec): string {
  return unitTitle(spec.label, spec.unit, spec.format === 'percent');
}

/**
 * The axis title cut to `width` px: the label is cut before the unit is, but keeps at least
 * half the room while it needs it ("accepted lo… (flits/…)", not "a… (flits/node/cycle)").
 */
export function fitAxisTitle(spec: AxisSpec, width: number, fontSize: number): string {
  const full = axisTitle(spec);
  const shown = titleUnit(spec.label, spec.unit, spec.format === 'percent');
  if (!shown || textWidth(full, fontSize) <= width) return fitText(full, width, fontSize);
  const room = Math.max(
    width - textWidth(bracketed(shown, ''), fontSize),
    Math.min(textWidth(spec.label, fontSize), width / 2),
  );
  const label = fitText(spec.label, room, fontSize);
  const rest = width - textWidth(bracketed('', label), fontSize);
  return bracketed(fitText(shown, rest, fontSize), label);
}

/** A value as read-outs, descriptions and the data table print it: 6 significant digits, unit. */
export function formatValue(value: number, spec: Pick<AxisSpec, 'unit' | 'format'>): string {
  if (spec.format === 'percent') return `${exact().format(value * 100)}\u00a0%`;
  return withUnit(exact().format(value), spec.unit);
}

export function formatNumber(value: number): string {
  return exact().format(value);
}

/**
 * A number as a chart's labels and read-outs print it, for reading: 3 significant digits, and
 * whole numbers from 1,000 (0.492, 6.5, 520, 27.4, 36,606); tables and CSV keep every digit.
 */
export function readableNumber(value: number): string {
  return numberFormat(
    Math.abs(value) >= 1000 ? { maximumFractionDigits: 0 } : { maximumSignificantDigits: 3 },
  ).format(value);
}

/** A value as readableNumber() prints it, with its unit or as a percentage. */
export function formatReadable(value: number, spec: Pick<AxisSpec, 'unit' | 'format'>): string {
  if (spec.format === 'percent') return `${readableNumber(value * 100)}\u00a0%`;
  return withUnit(readableNumber(value), spec.unit);
}

const superscripts = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** An exponent in superscript digits, for plain text (the charts draw it raised instead). */
export function superscript(n: number): string {
  const digits = [...String(Math.abs(n))].map((d) => superscripts[Number(d)] ?? d).join('');
  return n < 0 ? `⁻${digits}` : digits;
}

/**
 * A log-axis tick as drawn: the text and, for a power of ten, the exponent drawn raised after it
 * ("2×10" and 6 for 2×10⁶), so no glyph needs a font with superscript digits.
 */
export interface TickText {
  label: string;
  exponent?: number;
}

/**
 * A log-axis tick with `digits` significant digits (more where ticks are closer than whole
 * digits): plain digits from 0.001 to 100,000, a mantissa times a power of ten beyond.
 */
export function logTick(value: number, digits = 1): TickText {
  const exponent = Math.floor(Math.log10(value) + 1e-9);
  if (exponent >= -3 && exponent <= 5) {
    const plain = numberFormat({ maximumSignificantDigits: Math.max(3, digits) });
    return { label: plain.format(value) };
  }
  const mantissa = numberFormat({ maximumSignificantDigits: digits }).format(
    value / 10 ** exponent,
  );
  return { label: `${mantissa === '1' ? '' : `${mantissa}×`}10`, exponent };
}

/** A tick's text in one string, the exponent in superscript digits. */
export function tickText(tick: TickText): string {
  return tick.exponent === undefined ? tick.label : `${tick.label}${superscript(tick.exponent)}`;
}

/**
 * Estimated width of a tick's text: the average glyph for plain numbers; a power of ten glyph
 * by glyph as wide as its digits, '×' and raised exponent (at SUPERSCRIPT of the size, its minus
 * as wide as '×') are in common sans fonts, so it does not run into the axis title.
 */
export function tickWidth(tick: TickText, fontSize: number): number {
  if (tick.exponent === undefined) return textWidth(tick.label, fontSize);
  const glyphs = (text: string) =>
    [...text].reduce((sum, c) => sum + (c === '×' || c === '-' ? WIDE_GLYPH : DIGIT), 0);
  return (glyphs(tick.label) + glyphs(String(tick.exponent)) * SUPERSCRIPT) * fontSize;
}

/** Widths of a digit and of '×' or '−' in common sans fonts, in ems (DejaVu Sans: 0.64, 0.84). */
const DIGIT = 0.64;
const WIDE_GLYPH = 0.84;

/** Size of a raised exponent relative to its text. */
export const SUPERSCRIPT = 0.75;

/** Characters a font sets a whole em wide: kana, kanji, CJK punctuation and full-width forms. */
const FULL_WIDTH =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\u3000-\u303F\u30FB\u30FC\uFF00-\uFFEF]/gu;
const IS_FULL_WIDTH = new RegExp(FULL_WIDTH.source, 'u');

/** How many of the text's characters a font sets a whole em wide (kana, kanji). */
export function wideChars(text: string): number {
  return text.match(FULL_WIDTH)?.length ?? 0;
}

/**
 * Estimated width of a label in px. Charts lay out text before the browser measures it (and in
 * server rendering there is no browser), so an average glyph width stands in, a whole em for a
 * Japanese character (a legend in Japanese otherwise runs into its next entry).
 */
export function textWidth(text: string, fontSize: number): number {
  const wide = wideChars(text);
  return (text.length - wide) * fontSize * 0.58 + wide * fontSize;
}

// Japanese line breaking (kinsoku shori, JIS X 4051): no line starts with closing brackets,
// punctuation, middle dots, the long-vowel and iteration marks, small kana or a postfix such as
// %; none ends with an opening bracket or a prefix such as ¥. A wave dash joins a range's ends.
const NO_START =
  /[)）\]］}｝〕〉》」』】〙〗｣’”、。，．,.：:；;！!？?‼⁇⁈⁉・･ーｰゝゞヽヾ々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰ-ㇿｧ-ｯ%％‰℃°′″〜～…‥]/u;
const NO_END = /[(（[［{｛〔〈《「『【〘〖｢‘“¥￥$＄£￡#＃〜～]/u;
const NUMERAL = /\p{Nd}/u;
const SLASH = /[/／]/u;

/**
 * Whether a line may break between two characters with no space between them: only beside a
 * Japanese character (Latin words stay whole), by kinsoku, and not after a number (its unit,
 * "5サイクル", stays with it) nor beside a slash (a unit, "クロック/ワード").
 */
function breaksBetween(a: string, b: string): boolean {
  return (
    (IS_FULL_WIDTH.test(a) || IS_FULL_WIDTH.test(b)) &&
    !NO_START.test(b) &&
    !NO_END.test(a) &&
    !NUMERAL.test(a) &&
    !SLASH.test(a) &&
    !SLASH.test(b)
  );
}

/**
 * Whether a space is no place for a break: before a character no line starts with, or between a
 * number and its Japanese unit ("3 ノード").
 */
function spaceHolds(before: string, after: string): boolean {
  return NO_START.test(after) || (NUMERAL.test(before) && IS_FULL_WIDTH.test(after));
}

// Japanese words, for breaking between them rather than inside one (利用|率, not 利|用率).
const WORDS = new Intl.Segmenter('ja', { granularity: 'word' });

/** A piece of text no line breaks inside, and whether a space joins it to the piece before. */
export interface Piece {
  text: string;
  space: boolean;
}

const lastChar = (s: string) => [...s.slice(-2)].at(-1) ?? '';
const firstChar = (s: string) => [...s.slice(0, 2)][0] ?? '';

/**
 * A word (no spaces) in pieces: broken where breaksBetween allows, at its Japanese words'
 * boundaries or, `anyChar`, between any two characters.
 */
function wordPieces(word: string, anyChar: boolean): string[] {
  let end = 0;
  const bounds = anyChar
    ? [...word].map((c) => (end += c.length)).slice(0, -1)
    : [...WORDS.segment(word)].map((s) => s.index).slice(1);
  const parts: string[] = [];
  let start = 0;
  for (const at of bounds) {
    if (breaksBetween(lastChar(word.slice(0, at)), firstChar(word.slice(at)))) {
      parts.push(word.slice(start, at));
      start = at;
    }
  }
  parts.push(word.slice(start));
  return parts;
}

/** Text in pieces: its words broken by wordPieces, joined across a space where spaceHolds. */
function pieces(text: string, anyChar: boolean): Piece[] {
  const out: Piece[] = [];
  text.split(' ').forEach((word, i) => {
    wordPieces(word, anyChar).forEach((part, j) => {
      const last = out.at(-1);
      if (j === 0 && i > 0 && last && spaceHolds(lastChar(last.text), firstChar(part))) {
        last.text = `${last.text} ${part}`;
      } else out.push({ text: part, space: i > 0 && j === 0 });
    });
  });
  return out;
}

/**
 * The pieces of `text` a line may break between: at spaces, and in Japanese between words by
 * Japanese rules (breaksBetween); a Japanese piece that does not fit a line (`fits`) breaks
 * between its characters by the same rules, as Japanese is set.
 */
export function linePieces(text: string, fits: (line: string) => boolean): Piece[] {
  return pieces(text, false).flatMap((piece) =>
    fits(piece.text) || !IS_FULL_WIDTH.test(piece.text)
      ? [piece]
      : pieces(piece.text, true).map((p, i) => (i === 0 ? { ...p, space: piece.space } : p)),
  );
}

/**
 * Text on as many lines as `width` px needs, broken at spaces and, in Japanese, where Japanese
 * breaks (linePieces); a Latin word wider stays whole.
 */
export function wrapWords(text: string, width: number, fontSize: number): string[] {
  const fits = (line: string) => textWidth(line, fontSize) <= width;
  const lines: string[] = [];
  let line = '';
  for (const { text: piece, space } of linePieces(text, fits)) {
    const next = line ? `${line}${space ? ' ' : ''}${piece}` : piece;
    if (line && !fits(next)) {
      lines.push(line);
      line = piece;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The axis title as a paper figure prints it, nothing cut: on one line where it fits `width`,
 * else the label and then its unit in brackets, each on as many lines as it needs. A word wider
 * than the line is refused, naming it: the figure is to be drawn wider or its text smaller.
 */
export function axisTitleLines(spec: AxisSpec, width: number, fontSize: number): string[] {
  const full = axisTitle(spec);
  if (textWidth(full, fontSize) <= width) return [full];
  const shown = titleUnit(spec.label, spec.unit, spec.format === 'percent');
  const lines = [spec.label, ...(shown ? [bracketed(shown)] : [])].flatMap((part) =>
    wrapWords(part, width, fontSize),
  );
  const wide = lines.find((l) => textWidth(l, fontSize) > width);
  if (wide !== undefined) {
    throw new Error(
      `the axis title '${full}' has '${wide}', wider than its ${Math.round(width)} pt at ` +
        `${fontSize} pt: give a larger --width or a smaller --font-size`,
    );
  }
  return lines;
}

/** The text cut with an ellipsis so that it fits `width` px. */
export function fitText(text: string, width: number, fontSize: number): string {
  if (textWidth(text, fontSize) <= width) return text;
  const cut = (chars: number) => `${text.slice(0, chars).trimEnd()}…`;
  let chars = Math.max(1, Math.floor(width / (fontSize * 0.58)) - 1);
  // Japanese characters are wider than the average glyph the first guess assumes.
  while (chars > 1 && textWidth(cut(chars), fontSize) > width) chars--;
  return cut(chars);
}
