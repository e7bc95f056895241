// How units are written for reading. The engine and the presets name units in ASCII ("us",
// "x", "fraction"); axis titles, read-outs, the model-vs-paper table and the CLI print them by
// these rules, declared once here; in the page's language where it names a unit otherwise
// (presets/models/<lang>/units.json).
import { unitWord } from '../i18n/engine_words';
import { i18n } from '../i18n/i18n';

/**
 * The symbol of a unit: µs for us (in "us/byte" too), × for x (times), none for a ratio (a pure
 * number); any other as named.
 */
export function unitSymbol(unit: string): string {
  if (unit === 'ratio') return '';
  return unitWord(unit, unit === 'x' ? '×' : unit.replace(/\bus\b/g, 'µs'));
}

/**
 * A number's text with its unit: "146 µs", "4.4×", the bare number for a unit of none or a
 * fraction (a fraction shown as a percentage is scaled and signed by the caller: percentText).
 * `space` goes between them: unbreakable on charts and in tables, a plain one in running text.
 */
export function withUnit(text: string, unit: string, space = '\u00a0'): string {
  const symbol = unitSymbol(unit);
  if (symbol === '' || unit === 'fraction') return text;
  return unit === 'x' ? `${text}${symbol}` : `${text}${space}${symbol}`;
}

/**
 * The unit an axis or a column title names after its label, once: "%" for a fraction drawn as
 * a percentage, none for a plain fraction (a pure number) or for a unit the label already names
 * as a word ("processors", "matrix dimension n"), else its symbol.
 */
export function titleUnit(label: string, unit: string, percent = false): string {
  if (percent) return '%';
  if (unit === '' || unit === 'fraction') return '';
  const shown = unitSymbol(unit);
  // A language without spaces between words names its unit inside a word (プロセッサ数).
  const named =
    label.split(/[^\p{L}\p{N}_]+/u).includes(unit) ||
    (/[^\p{ASCII}]/u.test(shown) && label.includes(shown) && shown !== 'µs');
  return named ? '' : shown;
}

/** "label (unit)" by titleUnit(), in the language's brackets, or the bare label. */
export function unitTitle(label: string, unit: string, percent = false): string {
  const shown = titleUnit(label, unit, percent);
  return shown ? bracketed(shown, label) : label;
}

/** "label (unit)", or "(unit)" without a label, in the page's language's brackets. */
export function bracketed(unit: string, label?: string): string {
  return label === undefined
    ? i18n.t('unitTitle.alone', { ns: 'charts', unit })
    : i18n.t('unitTitle.withLabel', { ns: 'charts', label, unit });
}
