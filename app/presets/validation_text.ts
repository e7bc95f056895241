// How a validation row is written: its paper value, accepted range and simulated value at the
// paper's precision, in English for the CLI and the exports, or in the page's words; and the rows
// as a table for a CSV. validation.ts judges the rows.
import type { Accepted } from './schema';
import { withUnit } from './units';
import { numberFormat } from './number_format';
import type { PaperTarget, ValidationRow } from './validation';
import { accepts, lastPlace, roleText, seedText, statedDigits, verdict } from './validation';

/**
 * The words a row's text sets its numbers in: ROW_WORDS, the English of the CLI and of the
 * exports (scripts read them), or the page's, from its catalogue (ValidationTable).
 */
export interface RowWords {
  /** Values from `lower` to `upper`, both included: "5.4 to 6.6". */
  range(lower: string, upper: string): string;
  /** Two bounds, each with its sign, one open at least: "> 0 and < 1". */
  bounds(lower: string, upper: string): string;
  /** A target that bounds nothing. */
  anyValue: string;
  /** The paper's own words: “more than half”. */
  quoted(words: string): string;
}

export const ROW_WORDS: RowWords = {
  range: (lower, upper) => `${lower} to ${upper}`,
  bounds: (lower, upper) => `${lower} and ${upper}`,
  anyValue: 'any value',
  quoted: (words) => `\u201c${words}\u201d`,
};

/** The accepted range in words: "< 2.5 %", "≥ 90 %", "5.4 to 6.6", "> 0 and < 1". */
export function acceptedText(
  accept: Accepted,
  format: (value: number) => string,
  words: RowWords = ROW_WORDS,
): string {
  const lower =
    accept.above !== undefined
      ? { sign: '>', value: accept.above }
      : accept.atLeast !== undefined
        ? { sign: '\u2265', value: accept.atLeast }
        : undefined;
  const upper =
    accept.below !== undefined
      ? { sign: '<', value: accept.below }
      : accept.atMost !== undefined
        ? { sign: '\u2264', value: accept.atMost }
        : undefined;
  if (lower && upper) {
    if (lower.sign === '\u2265' && upper.sign === '\u2264') {
      return words.range(format(lower.value), format(upper.value));
    }
    return words.bounds(
      `${lower.sign} ${format(lower.value)}`,
      `${upper.sign} ${format(upper.value)}`,
    );
  }
  const bound = lower ?? upper;
  return bound ? `${bound.sign} ${format(bound.value)}` : words.anyValue;
}

/** What the paper says, as text: its number with the unit, or its words in quotes. */
export function paperText(
  paper: PaperTarget,
  format: (value: number) => string,
  words: RowWords = ROW_WORDS,
): string {
  return paper.kind === 'number' ? format(paper.value) : words.quoted(paper.words);
}

/**
 * How a row's numbers are rounded: to a decimal place (a stated target's, in the metric's unit),
 * or to significant digits (a claim's value, which the paper gives no precision for).
 */
type Rounding = { place: number } | { digits: number };

/** A value rounded as `rounding` says, as a number (in the metric's unit). */
function rounded(value: number, rounding: Rounding): number {
  if ('digits' in rounding) return Number(value.toPrecision(rounding.digits));
  const { place } = rounding;
  return place >= 0
    ? Math.round(value / 10 ** place) * 10 ** place
    : Math.round(value * 10 ** -place) / 10 ** -place;
}

/** A number of a row's unit as printed: rounded, a fraction as a percentage (no sign). */
function rowNumber(value: number, unit: string, rounding: Rounding): string {
  if (!Number.isFinite(value)) return '\u2013';
  const percent = unit === 'fraction' ? 100 : 1;
  if ('digits' in rounding) {
    return numberFormat({ maximumSignificantDigits: rounding.digits }).format(value * percent);
  }
  const decimals = Math.max(0, -rounding.place - (percent === 100 ? 2 : 0));
  return numberFormat({ minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    rounded(value, rounding) * percent,
  );
}

/** Text of a row's unit after its number(s): "153 ms", "9 %", "4.4×". */
function rowUnit(text: string, unit: string): string {
  return unit === 'fraction' ? `${text}\u00a0%` : withUnit(text, unit);
}

/** The paper's precision of a row: as validate() gives it, or read off its stated number. */
function rowPlace(row: ValidationRow): number | undefined {
  if (row.paper.kind === 'words') return undefined;
  return row.place ?? lastPlace(row.paper.value, statedDigits(row.paper.value));
}

/** A finer rounding than `rounding`, by one digit. */
function finer(rounding: Rounding): Rounding {
  return 'digits' in rounding ? { digits: rounding.digits + 1 } : { place: rounding.place - 1 };
}

/** The place a stated target's accepted bounds print to: the paper's, or the tolerance's if finer. */
function boundsPlace(row: ValidationRow, place: number): number {
  if (row.paper.kind === 'words' || row.paper.tolerance === 0) return place;
  // A relative tolerance leaves float noise in the absolute one (0.15 x 6.5 = 0.97500...01).
  const tolerance = Number(row.paper.tolerance.toPrecision(12));
  return Math.min(place, lastPlace(tolerance, statedDigits(tolerance)));
}

/**
 * The rounding of a row's bounds (a claim's print as written) and of its simulated value: the
 * paper's precision, or 3 significant digits for a claim, finer only where the printed value
 * would not give the row's result against the printed bounds (a miss rounded into the range).
 */
function rowRoundings(row: ValidationRow): { bounds?: Rounding; simulated: Rounding } {
  const place = rowPlace(row);
  const bounds = place === undefined ? undefined : { place: boundsPlace(row, place) };
  const shown: Accepted = {};
  for (const key of ['above', 'atLeast', 'below', 'atMost'] as const) {
    const bound = row.accept[key];
    if (bound !== undefined) shown[key] = bounds ? rounded(bound, bounds) : bound;
  }
  let simulated: Rounding = place === undefined ? { digits: 3 } : { place };
  for (let step = 0; step < 12; step++) {
    if (accepts(shown, rounded(row.simulated, simulated)) === row.pass) break;
    simulated = finer(simulated);
  }
  return { ...(bounds ? { bounds } : {}), simulated };
}

/**
 * A row's numbers as the table prints them, each with its unit: the paper's number to the
 * precision it states it ("153 ms"; its words in quotes), the simulated value to the same decimal
 * place ("153 ms" for 152.84), finer only where rounding would hide the result; the accepted
 * bounds to that place or the tolerance's ("122.4 to 183.6 ms", "2.5 to 3.5 words"). A claim's
 * bounds print as written, its value to 3 significant digits. The page's table (in its `words`)
 * and `cli validate` print these.
 */
export function rowText(
  row: ValidationRow,
  words: RowWords = ROW_WORDS,
): {
  paper: string;
  accepted: string;
  simulated: string;
} {
  const place = rowPlace(row);
  const roundings = rowRoundings(row);
  const at = (r: Rounding) => (value: number) => rowNumber(value, row.unit, r);
  const asWritten = (value: number) => rowNumber(value, row.unit, { digits: statedDigits(value) });
  return {
    paper:
      row.paper.kind === 'words' || place === undefined
        ? paperText(row.paper, asWritten, words)
        : rowUnit(at({ place })(row.paper.value), row.unit),
    accepted: rowUnit(
      acceptedText(row.accept, roundings.bounds ? at(roundings.bounds) : asWritten, words),
      row.unit,
    ),
    simulated: Number.isFinite(row.simulated)
      ? rowUnit(at(roundings.simulated)(row.simulated), row.unit)
      : '\u2013',
  };
}

/**
 * The rows as a table for a CSV export: every column the page shows, plus why each target is
 * read so and why a known miss misses, in full. Numbers unrounded, fractions as fractions.
 */
export function validationRecords(rows: ValidationRow[]): { columns: string[]; rows: string[][] } {
  const plain = (value: number) => String(value);
  return {
    columns: [
      'metric',
      'target',
      'role',
      'unit',
      'paper',
      'accepted',
      'simulated',
      'result',
      'seeds',
      'source',
      'why',
      'known miss',
    ],
    rows: rows.map((r) => [
      r.metric,
      r.label,
      roleText(r),
      r.unit,
      paperText(r.paper, plain),
      acceptedText(r.accept, plain),
      plain(r.simulated),
      verdict(r),
      seedText(r) ?? '',
      r.source,
      r.why,
      r.knownMiss ?? '',
    ]),
  };
}
