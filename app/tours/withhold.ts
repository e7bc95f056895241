// What a tour's open question holds back until the student reveals it. On a pane whose run answers
// it, every outcome of that run: no chart, readout, table or trace view is drawn, only the set-up
// (the parameters, the schematic, the words), and no sentence states the answer's number. On the
// other side of side by side, what the question names as giving it away (shownBy); the tour walker
// checks that nothing else drawn on the step comes near the answer. What is held is left out of
// what is rendered, not covered up, so a screen reader does not hear it either. Pure: the page and
// the tests share it.
import { withheldWords } from '../results/chart_data';
import type { RunView } from '../results/chart_builder';
import { formatTemplate, readoutDetail, readoutText } from '../results/chart_builder';
import type { Preset } from '../presets/schema';
import type { ReadValue } from './answers';
import { readRunValue } from './answers';
import type { QuestionSpec, RunValueSpec, ShownBySpec } from './schema';

/** A value as the reveal prints it: "13.9 cycles" is 13.9 to one decimal, in cycles. */
export interface HeldValue {
  /** The printed number without grouping commas: "13.9", "36606". */
  digits: string;
  decimals: number;
  /** The word of its unit a statement in prose puts after it: "cycles" (of "cycles/hop"), "%"; '' for a bare number. */
  unitWord: string;
}

const NUMBER = /^-?[\d,]+(?:\.(\d+))?/;

/** The value a read prints, or null for a text that starts with no number ("–"). */
export function heldValue(read: ReadValue): HeldValue | null {
  const text = read.text.replace(/\u00a0/g, ' ');
  const match = NUMBER.exec(text);
  if (!match) return null;
  const unit = text.slice(match[0].length).trim();
  return {
    digits: match[0].replace(/,/g, ''),
    decimals: match[1]?.length ?? 0,
    unitWord: unit.startsWith('%') ? '%' : (unit.split(/[\s/]/)[0] ?? ''),
  };
}

/** The run values a question's reveal prints: a number's answer, the values a choice compares. */
function revealedRefs(question: QuestionSpec): RunValueSpec[] {
  if (question.kind === 'number') return [question.answer];
  return question.choices.flatMap(({ when }) => {
    const bound = when.above ?? when.atLeast ?? when.below ?? when.atMost;
    return typeof bound === 'number' || bound === undefined ? [when.value] : [when.value, bound];
  });
}

/**
 * What the reveal of `question` prints from `run`: each value it reads, at its printed
 * precision. A value the run lacks (a partial sweep, another step's run) is left out.
 */
export function revealedValues(question: QuestionSpec, preset: Preset, run: RunView): HeldValue[] {
  const out: HeldValue[] = [];
  for (const ref of revealedRefs(question)) {
    let held: HeldValue | null;
    try {
      held = heldValue(readRunValue(ref, preset, run));
    } catch {
      continue;
    }
    if (held && !out.some((h) => h.digits === held.digits && h.unitWord === held.unitWord)) {
      out.push(held);
    }
  }
  return out;
}

/** A number as prose writes it: "0.35", "36,606", "-2", not the "3" of "x3" or "1.5.2". */
const PROSE_NUMBER = /(?<![\w.,])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\d.,]\d)/g;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Significant digits of a printed number: "0.35" has 2, "2" has 1, "36606" has 5. */
function significant(digits: string): number {
  return digits.replace(/^-?0*\.?0*/, '').replace('.', '').length;
}

/** What the page holds back while a question is open. */
export interface Withheld {
  /** Nothing is held: the page as it always is. */
  readonly none: boolean;
  /** The run answers the open question: none of its outcomes is drawn. */
  readonly outcome: boolean;
  /**
   * Prose with each number that states a held value replaced by withheldWords(): a number followed by
   * the value's unit ("0.35 flits/node/cycle", "43 cycles round trip"), or, for a bare value of
   * two or more significant digits, the number alone ("a speedup of 58.6").
   */
  text(text: string): string;
  /** What gives the answer away other than its number (ShownBy), held back whole. */
  charts: ReadonlySet<string>;
  readouts: ReadonlySet<number>;
  description: boolean;
}

export const NOTHING_WITHHELD: Withheld = {
  none: true,
  outcome: false,
  text: (text) => text,
  charts: new Set(),
  readouts: new Set(),
  description: false,
};

/** Holds back `values` wherever they are stated, and what `shownBy` names whole. */
export function withholding(values: HeldValue[], shownBy: ShownBySpec[] = []): Withheld {
  if (values.length === 0 && shownBy.length === 0) return NOTHING_WITHHELD;
  const patterns = values.flatMap((held): { held: HeldValue; after: RegExp | null }[] => {
    if (held.unitWord)
      return [{ held, after: new RegExp(`^[ \u00a0]?${escape(held.unitWord)}(?![A-Za-z])`) }];
    return significant(held.digits) >= 2 ? [{ held, after: null }] : [];
  });
  return {
    none: false,
    outcome: false,
    text: (text) =>
      text.replace(PROSE_NUMBER, (token, offset: number) => {
        const value = Number(token.replace(/,/g, ''));
        const rest = text.slice(offset + token.length);
        const hit = patterns.some(
          // A percentage in prose is written as one: "9.78 %", so it is compared as printed.
          ({ held, after }) =>
            value.toFixed(held.decimals) === held.digits && (after === null || after.test(rest)),
        );
        return hit ? withheldWords() : token;
      }),
    charts: new Set(shownBy.flatMap((s) => ('chart' in s ? [s.chart] : []))),
    readouts: new Set(shownBy.flatMap((s) => ('readout' in s ? [s.readout] : []))),
    description: shownBy.some((s) => 'description' in s),
  };
}

/** A pane of the page: the first (alone, or the left side), or the right side of side by side. */
export type PaneKey = 'first' | 'right';

/** The pane a run value is read from (a machine's run is the all-machines page's, no pane's). */
function paneOfRef(ref: RunValueSpec): PaneKey | null {
  if (ref.machine !== undefined) return null;
  return ref.side === 'right' ? 'right' : 'first';
}

/** Whether `question`'s answer is read from the pane's run (any value its reveal reads). */
export function answersQuestion(question: QuestionSpec, pane: PaneKey): boolean {
  return revealedRefs(question).some((ref) => paneOfRef(ref) === pane);
}

/** Whether `question`'s answer is read from a machine's run on the all-machines page. */
export function readsMachines(question: QuestionSpec): boolean {
  return revealedRefs(question).some((ref) => ref.machine !== undefined);
}

/**
 * What an open question holds back of a pane's run: on the pane that answers it, every outcome,
 * and the prose numbers that state the answer; elsewhere what it names as giving it away
 * (shownBy). The tour walker checks that nothing else drawn on the step comes near the answer.
 */
export function withheldFor(
  question: QuestionSpec,
  pane: PaneKey,
  preset: Preset,
  run: RunView,
): Withheld {
  if (!answersQuestion(question, pane)) return withholding([], question.shownBy);
  const held = withholding(revealedValues(question, preset, run), question.shownBy);
  return { ...held, none: false, outcome: true };
}

/**
 * The preset's readouts as the page prints them (label, value, detail) with what `held` holds
 * back: of a run that answers the open question every value and detail (a label keeps its
 * words), and a readout the question names whole.
 */
export function readoutsShown(preset: Preset, run: RunView, held: Withheld) {
  return preset.readouts.map((readout, i) => {
    const label = formatTemplate(readout.label, run, () => held.outcome);
    return held.outcome || held.readouts.has(i)
      ? { readout, label, value: withheldWords(), detail: null }
      : { readout, label, value: readoutText(readout, run), detail: readoutDetail(readout, run) };
  });
}
