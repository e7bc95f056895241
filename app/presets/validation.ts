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
    };
  });
}
