import type { RunResult } from '../engine/types';
import type { Accepted, BandSource, Preset, ReferencePoint } from './schema';

/** What the paper says of a target: a number it states, or its words. */
export type PaperTarget =
  | { kind: 'number'; value: number; /** Allowed absolute difference. */ tolerance: number }
  | { kind: 'words'; words: string };

/**
 * What a target is to the model: `calibration` (a calibrated value was fitted on it, so meeting
 * it shows the fit, not the model), `consistency` (it redoes the paper's own arithmetic or reads
 * an input back out, as the row's `consistency` says: meeting it shows the model is coherent,
 * not that it predicts), `validation` (a number the paper states, met independently) or `claim`
 * (the paper's words: a bound, a trend). Roles in this order, one a row: the first that holds. A
 * validation or claim row that restates another is counted apart from both.
 */
export const TARGET_ROLES = ['calibration', 'consistency', 'validation', 'claim'] as const;
export type TargetRole = (typeof TARGET_ROLES)[number];

export interface ValidationRow {
  metric: string;
  role: TargetRole;
  /** A calibration target's calibrated values (the parameters fitted on it). */
  fittedBy?: string[];
  /** A consistency row's reason: the arithmetic it redoes or the input it reads back. */
  consistency?: string;
  label: string;
  unit: string;
  paper: PaperTarget;
  /** The values that meet the target: the number plus or minus its tolerance, or a claim's. */
  accept: Accepted;
  simulated: number;
  pass: boolean;
  /**
   * The paper's precision: the decimal place of the last digit of its number as stated (0 for
   * 153, -2 for 6.50 or 0.09, 2 for 17.0 x 10^3); none for its words. The table prints the row's
   * numbers to it.
   */
  place?: number;
  /** Where the band of accepted values comes from. */
  band: BandSource;
  why: string;
  source: string;
  /** Why the simulation is known to miss this target; such a row is expected to fail. */
  knownMiss?: string;
  /** The row this one follows from: its metric, and its preset where that is another. */
  restates?: { metric: string; preset?: string };
  /**
   * What the simulated value depends on by chance (`seed`, or a parameter drawing an instance):
   * the row is judged over its values in ROBUST_SEEDS too.
   */
  stochastic?: string;
  /** A stochastic row's passes over ROBUST_SEEDS, once they were run. */
  seeds?: SeedCount;
}

/**
 * A stochastic row over ROBUST_SEEDS: on how many seeds it passed, of how many run, and the
 * least and greatest value they gave.
 */
export interface SeedCount {
  passed: number;
  of: number;
  least: number;
  most: number;
}

/** A row that came out as the preset says: a pass, or a failure it declares a known miss. */
export function asExpected(row: ValidationRow): boolean {
  return row.pass === (row.knownMiss === undefined);
}

/** The result of a row: a pass, a failure, a known miss, or a known miss that now passes. */
export type Verdict = 'pass' | 'fail' | 'knownMiss' | 'passesKnownMiss';

export function verdictOf(row: ValidationRow): Verdict {
  if (row.knownMiss === undefined) return row.pass ? 'pass' : 'fail';
  return row.pass ? 'passesKnownMiss' : 'knownMiss';
}

/** The CLI's and the exports' words for a verdict; the page says its catalogue's. */
const VERDICT_TEXT: Record<Verdict, string> = {
  pass: 'pass',
  fail: 'FAIL',
  knownMiss: 'known miss',
  passesKnownMiss: 'PASSES (was a known miss)',
};

/** The result of a row in a word: pass, FAIL, known miss, or a known miss that now passes. */
export function verdict(row: ValidationRow): string {
  return VERDICT_TEXT[verdictOf(row)];
}

/**
 * A row's role in words, the CLI's and the exports' (the page says its catalogue's): its role, or
 * the row it restates ("restates int_time_ms_t805", with the preset first where it is another's).
 */
export function roleText(row: ValidationRow): string {
  if (!row.restates || row.role === 'calibration') return row.role;
  const { preset, metric } = row.restates;
  return preset === undefined ? `restates ${metric}` : `restates ${preset} ${metric}`;
}

/** A stochastic row's seeds in words, "14 of 16 seeds", once they were run; else nothing. */
export function seedText(row: ValidationRow): string | undefined {
  return row.seeds ? `${row.seeds.passed} of ${row.seeds.of} seeds` : undefined;
}

/**
 * A passing value is "just inside" its band when nearer an edge than this share of the band's
 * half-width (of a one-sided band, of its bound's size): a small change could turn it.
 */
export const NEAR_EDGE = 0.1;

/** Whether a row passed just inside its band (NEAR_EDGE); a failure never is. */
export function justInside(row: Pick<ValidationRow, 'accept' | 'simulated' | 'pass'>): boolean {
  if (!row.pass) return false;
  const { above, atLeast, below, atMost } = row.accept;
  const lower = above ?? atLeast;
  const upper = below ?? atMost;
  const v = row.simulated;
  if (lower !== undefined && upper !== undefined) {
    return Math.min(v - lower, upper - v) < (NEAR_EDGE * (upper - lower)) / 2;
  }
  const bound = (lower ?? upper)!;
  return Math.abs(v - bound) < NEAR_EDGE * Math.abs(bound);
}

/** A passing row's nearness to its band's edge in words, "just inside"; else nothing. */
export function edgeText(row: ValidationRow): string | undefined {
  return justInside(row) ? 'just inside' : undefined;
}

/** Whether a value meets the accepted range; NaN (a metric the run lacks) never does. */
export function accepts(accept: Accepted, value: number): boolean {
  return (
    !Number.isNaN(value) &&
    (accept.above === undefined || value > accept.above) &&
    (accept.atLeast === undefined || value >= accept.atLeast) &&
    (accept.below === undefined || value < accept.below) &&
    (accept.atMost === undefined || value <= accept.atMost)
  );
}

/**
 * Significant digits of a number as written in its shortest form: 153 has 3, 0.0218 has 3, 38.32
 * has 4; the trailing zeros of a whole number do not count (17000 has 2, 86 has 2).
 */
export function statedDigits(value: number): number {
  if (!Number.isFinite(value) || value === 0) return 1;
  const [mantissa = ''] = Math.abs(value).toExponential().split('e');
  return mantissa.replace('.', '').length;
}

/** The decimal place of the last digit of `value` written with `digits` significant digits. */
export function lastPlace(value: number, digits: number): number {
  const exponent = value === 0 ? 0 : Math.floor(Math.log10(Math.abs(value)));
  return exponent - digits + 1;
}

/** The paper's precision of a stated target: the digits it declares, else those of its value. */
function paperPlace(ref: ReferencePoint): number | undefined {
  if ('claim' in ref) return undefined;
  return lastPlace(ref.value, ref.digits ?? statedDigits(ref.value));
}

/** What the paper says of a target and the values that meet it. */
export function paperTarget(ref: ReferencePoint): { paper: PaperTarget; accept: Accepted } {
  if ('claim' in ref) return { paper: { kind: 'words', words: ref.claim }, accept: ref.accept };
  const tolerance =
    'abs' in ref.tolerance ? ref.tolerance.abs : ref.tolerance.rel * Math.abs(ref.value);
  return {
    paper: { kind: 'number', value: ref.value, tolerance },
    accept: { atLeast: ref.value - tolerance, atMost: ref.value + tolerance },
  };
}

/** The preset's calibrated values fitted on its target `metric` (fittedOn), by name. */
function fittedOn(preset: Preset, metric: string): string[] {
  return Object.entries(preset.params)
    .filter(([, entry]) =>
      entry.fittedOn?.some((t) => t.preset === preset.id && t.metric === metric),
    )
    .map(([name]) => name);
}

/**
 * A target's role, from the preset's calibrations, the row's consistency reason and the form the
 * target is stated in.
 */
export function targetRole(
  preset: Preset,
  ref: ReferencePoint,
): Pick<ValidationRow, 'role' | 'fittedBy' | 'consistency'> {
  const fitted = fittedOn(preset, ref.metric);
  if (fitted.length > 0) return { role: 'calibration', fittedBy: fitted };
  if (ref.consistency !== undefined) return { role: 'consistency', consistency: ref.consistency };
  return { role: 'claim' in ref ? 'claim' : 'validation' };
}

/**
 * Compares a run with the preset's paper targets. A metric the run lacks fails the row. A
 * stochastic row's seeds are counted apart (withSeeds).
 */
export function validate(preset: Preset, result: RunResult): ValidationRow[] {
  return preset.reference.map((ref) => {
    const simulated = result.scalars.find((s) => s.name === ref.metric)?.value ?? Number.NaN;
    const { paper, accept } = paperTarget(ref);
    return {
      metric: ref.metric,
      ...targetRole(preset, ref),
      label: ref.label,
      unit: ref.unit,
      paper,
      accept,
      simulated,
      pass: accepts(accept, simulated),
      ...(paperPlace(ref) !== undefined ? { place: paperPlace(ref)! } : {}),
      band: ref.band,
      why: ref.why,
      source: ref.source,
      ...(ref.knownMiss !== undefined ? { knownMiss: ref.knownMiss } : {}),
      ...(ref.restates ? { restates: ref.restates } : {}),
      ...(ref.stochastic !== undefined ? { stochastic: ref.stochastic } : {}),
    };
  });
}
