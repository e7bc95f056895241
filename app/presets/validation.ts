import type { RunResult } from '../engine/types';
import type { Preset, ReferencePoint } from './schema';

export interface ValidationRow {
  metric: string;
  label: string;
  unit: string;
  paper: number;
  simulated: number;
  /** Allowed absolute difference. */
  tolerance: number;
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

function absoluteTolerance(ref: ReferencePoint): number {
  return 'abs' in ref.tolerance ? ref.tolerance.abs : ref.tolerance.rel * Math.abs(ref.value);
}

/** Compares a run with the preset's paper targets. A metric the run lacks fails the row. */
export function validate(preset: Preset, result: RunResult): ValidationRow[] {
  return preset.reference.map((ref) => {
    const simulated = result.scalars.find((s) => s.name === ref.metric)?.value ?? Number.NaN;
    const tolerance = absoluteTolerance(ref);
    return {
      metric: ref.metric,
      label: ref.label,
      unit: ref.unit,
      paper: ref.value,
      simulated,
      tolerance,
      pass: Math.abs(simulated - ref.value) <= tolerance,
      why: ref.why,
      source: ref.source,
      ...(ref.knownMiss !== undefined ? { knownMiss: ref.knownMiss } : {}),
    };
  });
}
