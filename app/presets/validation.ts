import type { RunResult } from '../engine/types';
import type { Accepted, Preset, ReferencePoint } from './schema';

/** What the paper says of a target: a number it states, or its words. */
export type PaperTarget =
  | { kind: 'number'; value: number; /** Allowed absolute difference. */ tolerance: number }
  | { kind: 'words'; words: string };

export interface ValidationRow {
  metric: string;
  label: string;
  unit: string;
  paper: PaperTarget;
  /** The values that meet the target: the number plus or minus its tolerance, or a claim's. */
  accept: Accepted;
  simulated: number;
  pass: boolean;
  why: string;
  source: string;
  /** Why the simulation is known to miss this target; such a row is expected to fail. */
  knownMiss?: string;
}

/** A row that came out as the preset says: a pass, or a failure it declares a known miss. */
export function asExpected(row: ValidationRow): boolean {
  return row.pass === (row.knownMiss === undefined);
}

/** The result of a row in a word: pass, FAIL, known miss, or a known miss that now passes. */
export function verdict(row: ValidationRow): string {
  if (row.knownMiss === undefined) return row.pass ? 'pass' : 'FAIL';
  return row.pass ? 'PASSES (was a known miss)' : 'known miss';
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

/** The accepted range in words: "< 2.5 %", "≥ 90 %", "5.4 to 6.6", "> 0 and < 1". */
export function acceptedText(accept: Accepted, format: (value: number) => string): string {
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
      return `${format(lower.value)} to ${format(upper.value)}`;
    }
    return `${lower.sign} ${format(lower.value)} and ${upper.sign} ${format(upper.value)}`;
  }
  const bound = lower ?? upper;
  return bound ? `${bound.sign} ${format(bound.value)}` : 'any value';
}

/** What the paper says, as text: its number with the unit, or its words in quotes. */
export function paperText(paper: PaperTarget, format: (value: number) => string): string {
  return paper.kind === 'number' ? format(paper.value) : `\u201c${paper.words}\u201d`;
}

function paperTarget(ref: ReferencePoint): { paper: PaperTarget; accept: Accepted } {
  if ('claim' in ref) return { paper: { kind: 'words', words: ref.claim }, accept: ref.accept };
  const tolerance =
    'abs' in ref.tolerance ? ref.tolerance.abs : ref.tolerance.rel * Math.abs(ref.value);
  return {
    paper: { kind: 'number', value: ref.value, tolerance },
    accept: { atLeast: ref.value - tolerance, atMost: ref.value + tolerance },
  };
}

/** Compares a run with the preset's paper targets. A metric the run lacks fails the row. */
export function validate(preset: Preset, result: RunResult): ValidationRow[] {
  return preset.reference.map((ref) => {
    const simulated = result.scalars.find((s) => s.name === ref.metric)?.value ?? Number.NaN;
    const { paper, accept } = paperTarget(ref);
    return {
      metric: ref.metric,
      label: ref.label,
      unit: ref.unit,
      paper,
      accept,
      simulated,
      pass: accepts(accept, simulated),
      why: ref.why,
      source: ref.source,
      ...(ref.knownMiss !== undefined ? { knownMiss: ref.knownMiss } : {}),
    };
  });
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
      'unit',
      'paper',
      'accepted',
      'simulated',
      'result',
      'source',
      'why',
      'known miss',
    ],
    rows: rows.map((r) => [
      r.metric,
      r.label,
      r.unit,
      paperText(r.paper, plain),
      acceptedText(r.accept, plain),
      plain(r.simulated),
      verdict(r),
      r.source,
      r.why,
      r.knownMiss ?? '',
    ]),
  };
}
