// `validate` as a list of runs: each preset on its own values, and, judged over seeds, again with
// what draws its stochastic targets set to each seed of ROBUST_SEEDS. The runs are independent, so
// `validate --shard` spreads them over machines as a sweep's points are, and a preset's rows are
// put together from whichever runs hold them.
import type { Preset } from '../presets/schema';
import type { ValidationRow } from '../presets/validation';
import { ROBUST_SEEDS, withSeeds } from '../presets/validation_summary';

/** One run: a preset on its values, or with `draw` (the seed, or an instance's parameter) set. */
export interface ValidationRun {
  preset: string;
  draw?: { name: string; seed: number };
}

/** What a preset's stochastic targets depend on by chance (the seed, a parameter), once each. */
export function presetDraws(preset: Preset): string[] {
  return [...new Set(preset.reference.flatMap((r) => r.stochastic ?? []))];
}

/**
 * The runs that validate `presets`: each preset's own, then with `seeds` each draw at 1 to
 * ROBUST_SEEDS.seeds, but for the preset's own seed (its own run is that one).
 */
export function validationRuns(presets: Preset[], seeds: boolean): ValidationRun[] {
  const each = Array.from({ length: ROBUST_SEEDS.seeds }, (_, i) => i + 1);
  return presets.flatMap((preset) => [
    { preset: preset.id },
    ...(seeds ? presetDraws(preset) : []).flatMap((name) =>
      each
        .filter((seed) => name !== 'seed' || seed !== preset.seed)
        .map((seed) => ({ preset: preset.id, draw: { name, seed } })),
    ),
  ]);
}

/** The settings a run sets over its preset's values. */
export const runSettings = (run: ValidationRun): string[] =>
  run.draw ? [`${run.draw.name}=${run.draw.seed}`] : [];

/** A run as a key: "paragon-bsp", "paragon-bsp seed=3". */
export const runKey = (run: ValidationRun): string => [run.preset, ...runSettings(run)].join(' ');

/**
 * A preset's rows from its runs' (`rowsOf`, by run): its own run's, and with `seeds` each
 * stochastic row with its passes over ROBUST_SEEDS. Undefined while a run is missing.
 */
export function presetRows(
  preset: Preset,
  rowsOf: (run: ValidationRun) => ValidationRow[] | undefined,
  seeds: boolean,
): ValidationRow[] | undefined {
  const own = rowsOf({ preset: preset.id });
  if (!own || !seeds) return own;
  let rows = own;
  for (const name of presetDraws(preset)) {
    const bySeed: ValidationRow[][] = [];
    for (let seed = 1; seed <= ROBUST_SEEDS.seeds; seed++) {
      const got =
        name === 'seed' && seed === preset.seed
          ? own
          : rowsOf({ preset: preset.id, draw: { name, seed } });
      if (!got) return undefined;
      bySeed.push(got);
    }
    rows = withSeeds(rows, name, bySeed);
  }
  return rows;
}
