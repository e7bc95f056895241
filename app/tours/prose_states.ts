// Where a number an answer reveals is stated: in a sentence, as prose writes numbers ("0.35
// flits/node/cycle", "9.8 %", "a speedup of 58"), in the answer's unit or bare for a pure number,
// within the answer's closeness or as written to the number's own precision. Pure: the tour
// walker's drawn.ts reads it.

/** A number an answer reveals, and how near a drawn number must come to give it away. */
export interface AnswerValue {
  value: number;
  unit: string;
  /** A drawn number in the unit within this share of the value states it. */
  close: number;
  what: string;
  /** The run's output it is a value of: a scalar's or a curve's name. */
  source?: string;
  /**
   * Only a number of its own output states it (where both are known): a choice against a
   * constant asks which side of it one output lies, which another output near it does not tell.
   */
  ownOutput?: boolean;
}

/** A unit as a word to compare: "µs" and "us" alike, "us buffering" and "us/byte" as "us". */
export function unitKey(unit: string): string {
  const first =
    unit
      .trim()
      .replace(/µ/g, 'u')
      .split(/[\s/]+/)[0] ?? '';
  return first === '×' ? 'x' : first;
}

/** Units in which a number is a pure number (a bare number in prose may state it). */
const BARE = new Set(['', 'x', 'fraction', 'ratio', 'share']);
/** Of those, the ones a sentence writes without a unit when it gives a value exactly. */
const BARE_PRINTED = new Set(['', 'fraction', 'ratio', 'share']);
/** Words after a number that are no unit. */
const PLAIN = new Set(['of', 'and', 'or', 'to', 'in', 'on', 'at', 'as', 'the', 'a', 'for']);
/** Words that write a number as times: "4.4×", "4.4 times". */
const TIMES = new Set(['×', 'x', 'times']);

export function within(value: number, answer: AnswerValue, close = answer.close): boolean {
  return Number.isFinite(value) && Math.abs(value - answer.value) <= close * Math.abs(answer.value);
}

/**
 * How near a number drawn on an earlier step must come to state a later step's answer: the same
 * output of the same run (a readout, a curve's point, the paper's value of it), not the context
 * the later question builds on (the same quantity on another configuration, another machine's).
 */
export const LATER_CLOSE = 0.01;

/**
 * A number as prose writes it, and the word after it: "0.35 flits/node/cycle", "9.8 %", the
 * "byte" of "32-byte".
 */
const PROSE =
  /(?<![\w.,])(-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)(?![\d.,]\d)[\s\u00a0]*(?:-(?=[A-Za-z]))?([%×]|[A-Za-zµ]+|[\p{sc=Katakana}ー]+|\p{sc=Han}+)?/gu;

/** Japanese prose's words for units, as the English unit's key: "16 サイクル" is 16 cycles. */
const JAPANESE_UNITS: Record<string, string> = {
  サイクル: 'cycles',
  フリット: 'flits',
  バイト: 'bytes',
  ワード: 'words',
  ノード: 'nodes',
  プロセッサ: 'processors',
  リダクション: 'reductions',
  マイクロ秒: 'us',
  ミリ秒: 'ms',
  秒: 's',
  倍: 'x',
};

/**
 * The numbers of a sentence that state `answer`: in its unit, or bare for a pure number; within
 * its closeness, or (`printed`) as the answer is to the number's own precision.
 */
export function proseStates(text: string, answer: AnswerValue, printed = false): string[] {
  const key = unitKey(answer.unit);
  const found: string[] = [];
  for (const match of text.matchAll(PROSE)) {
    const digits = match[1]!.replace(/,/g, '');
    const value = Number(digits);
    const decimals = digits.split('.')[1]?.length ?? 0;
    // Written to its precision: "0.6" states 0.606, "0.49" does not state 0.606.
    const near = (scale: number) =>
      printed
        ? Math.abs(value / scale - answer.value) <=
          Math.max(LATER_CLOSE * Math.abs(answer.value), (0.5 * 10 ** -decimals) / scale)
        : within(value / scale, answer);
    // A word that is no unit leaves the number bare: "0.6 of the capacity".
    const written = match[2] ?? '';
    const word = PLAIN.has(written) ? '' : (JAPANESE_UNITS[written] ?? written);
    const hit =
      answer.unit === 'fraction'
        ? (word === '%' && near(100)) || (word === '' && decimals > 0 && near(1))
        : word === ''
          ? (printed ? BARE_PRINTED : BARE).has(answer.unit) && near(1)
          : unitKey(word) === key || (key === 'x' && TIMES.has(word))
            ? near(1)
            : false;
    if (hit) found.push(match[0].trim());
  }
  return found;
}
