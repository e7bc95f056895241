// What a tour's open question holds back until the student reveals it: every number on the page
// that states its answer at the precision the reveal prints it, and the charts the question names
// as drawing it. The values are left out of what is rendered (text, marks, the text alternative,
// tables, read-outs), not covered up, so a screen reader does not hear them either. Pure: the
// page and the tests share it.
import { WITHHELD } from '../results/chart_data';
import type { BuiltChart } from '../chart_kinds/registry';
import { chartKind, withData } from '../chart_kinds/registry';
import type { RunView } from '../results/chart_builder';
import { formatTemplate, readoutDetail, readoutText, resolveRef } from '../results/chart_builder';
import type { Preset } from '../presets/schema';
import type { ValidationRow } from '../presets/validation';
import type { ReadValue } from './answers';
import { readRunValue } from './answers';
import type { QuestionSpec, RunValueSpec, ShownBySpec } from './schema';

/** A value as the reveal prints it: "13.9 cycles" is 13.9 to one decimal, in cycles. */
export interface HeldValue {
  /** The printed number without grouping commas: "13.9", "36606". */
  digits: string;
  decimals: number;
  /** Printed as a percentage of a fraction: 0.0978 as "9.78 %". */
  percent: boolean;
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
    percent: read.percent,
    unitWord: unit.startsWith('%') ? '%' : (unit.split(/[\s/]/)[0] ?? ''),
  };
}

/** Whether `value` (as the run holds it: a fraction for a percentage) prints as `held`. */
function states(held: HeldValue, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const shown = held.percent ? value * 100 : value;
  return shown.toFixed(held.decimals) === held.digits;
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
    if (held && !out.some((h) => h.digits === held.digits && h.percent === held.percent)) {
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
  /** The value, printed at the precision of a held value, would state it. */
  value(value: number): boolean;
  /**
   * Prose with each number that states a held value replaced by WITHHELD: a number followed by
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
  value: () => false,
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
    value: (value) => values.some((held) => states(held, value)),
    text: (text) =>
      text.replace(PROSE_NUMBER, (token, offset: number) => {
        const value = Number(token.replace(/,/g, ''));
        const rest = text.slice(offset + token.length);
        const hit = patterns.some(
          // A percentage in prose is written as one: "9.78 %", so it is compared as printed.
          ({ held, after }) =>
            states({ ...held, percent: false }, value) && (after === null || after.test(rest)),
        );
        return hit ? WITHHELD : token;
      }),
    charts: new Set(shownBy.flatMap((s) => ('chart' in s ? [s.chart] : []))),
    readouts: new Set(shownBy.flatMap((s) => ('readout' in s ? [s.readout] : []))),
    description: shownBy.some((s) => 'description' in s),
  };
}

/** What an open question holds back in `run`: the values its reveal prints, and its shownBy. */
export function withheldFor(question: QuestionSpec, preset: Preset, run: RunView): Withheld {
  return withholding(revealedValues(question, preset, run), question.shownBy);
}

/**
 * A chart without what states a held value: its marks, rules and saturation ticks at such a
 * value are left out, and its points and bars keep their place but not their number (the text
 * alternative, read-outs and table say WITHHELD).
 */
export function withholdChart(chart: BuiltChart, held: Withheld): BuiltChart {
  if (held.none) return chart;
  const withhold = chartKind(chart.kind).withhold;
  return withhold ? withData(chart, withhold(chart.data, held.value)) : chart;
}

/**
 * The preset's readouts as the page prints them (label, value, detail) with what `held` holds
 * back: a value or a number of a detail that states the answer, or a readout it names whole.
 */
export function readoutsShown(preset: Preset, run: RunView, held: Withheld) {
  return preset.readouts.map((readout, i) => {
    const label = formatTemplate(readout.label, run, held.value);
    if (held.readouts.has(i)) return { readout, label, value: WITHHELD, detail: null };
    return {
      readout,
      label,
      value: held.value(resolveRef(readout.value, run)) ? WITHHELD : readoutText(readout, run),
      detail: readoutDetail(readout, run, held.value),
    };
  });
}

/** Whether a model-vs-paper row states a held value: in its numbers or in its words. */
export function rowStates(row: ValidationRow, held: Withheld): boolean {
  if (held.none) return false;
  const numbers = [row.simulated, ...Object.values(row.accept)];
  if (row.paper.kind === 'number') numbers.push(row.paper.value);
  const words = [row.label, row.why, row.source, row.knownMiss ?? ''];
  if (row.paper.kind === 'words') words.push(row.paper.words);
  return numbers.some(held.value) || words.some((w) => held.text(w) !== w);
}
