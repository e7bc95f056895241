// What a set of validation rows comes to: stochastic rows judged over seeds, and the three
// figures (all, independent, over seeds) the CLI, the library and the guides print.
import type { TargetRole, ValidationRow } from './validation';
import { TARGET_ROLES, asExpected } from './validation';

/**
 * How a stochastic target is judged over seeds: run on seeds 1 to `seeds`, it passes robustly
 * when at least `atLeast` of them pass (one unlucky draw in 16 is allowed, two are not).
 */
export const ROBUST_SEEDS = { seeds: 16, atLeast: 15 } as const;

/**
 * Independent of every calibration, of the model's own inputs and arithmetic (consistency) and
 * of every other row (restates): counted in the headline figures.
 */
export function independent(row: ValidationRow): boolean {
  return (row.role === 'validation' || row.role === 'claim') && row.restates === undefined;
}

/**
 * A row's result over seeds: a stochastic row passes when enough seeds of ROBUST_SEEDS do (and
 * not before they were run), any other row as it passed.
 */
export function robust(row: ValidationRow): boolean {
  if (!row.stochastic) return row.pass;
  return row.seeds !== undefined && row.seeds.passed >= ROBUST_SEEDS.atLeast;
}

/**
 * The rows with each row drawn by `over` given its passes over the seeds' rows (the same
 * targets, in order, run with `over` at each seed).
 */
export function withSeeds(
  rows: ValidationRow[],
  over: string,
  bySeed: ValidationRow[][],
): ValidationRow[] {
  return rows.map((row, i) => {
    if (row.stochastic !== over) return row;
    const values = bySeed.map((r) => r[i]!.simulated);
    const seeds = {
      passed: bySeed.filter((r) => r[i]!.pass).length,
      of: bySeed.length,
      least: Math.min(...values),
      most: Math.max(...values),
    };
    return { ...row, seeds };
  });
}

/** Rows that passed of those counted, and their share (NaN of none). */
export interface PassCount {
  passed: number;
  of: number;
  share: number;
}

function passCount(rows: ValidationRow[]): PassCount {
  const passed = rows.filter((r) => r.pass).length;
  return { passed, of: rows.length, share: rows.length > 0 ? passed / rows.length : Number.NaN };
}

/**
 * What a set of rows comes to, in three figures: passed of all; of the independent targets
 * (no calibration target, no consistency check, no row restating another: what the model meets
 * on its own);
 * and of the independent targets over seeds, where a stochastic target passes only when
 * ROBUST_SEEDS says (absent when the seeds were not run). Then the counts set apart, per role,
 * the known misses, and the rows not as expected (a failure, or a known miss that passes).
 */
export interface ValidationSummary {
  all: PassCount;
  independent: PassCount;
  robust?: PassCount;
  calibrationTargets: number;
  /** Rows that redo the paper's arithmetic or read an input back out (role consistency). */
  consistencyChecks: number;
  restating: number;
  /** Independent targets judged over seeds. */
  stochastic: number;
  roles: Record<TargetRole, PassCount>;
  knownMisses: number;
  notAsExpected: number;
}

/** The summary of `validate`'s rows: the CLI's last lines, its --json and the library's. */
export function validationSummary(rows: ValidationRow[]): ValidationSummary {
  const roles = Object.fromEntries(
    TARGET_ROLES.map((role) => [role, passCount(rows.filter((r) => r.role === role))]),
  ) as Record<TargetRole, PassCount>;
  const counted = rows.filter(independent);
  const stochastic = counted.filter((r) => r.stochastic);
  const seeded = stochastic.every((r) => r.seeds !== undefined);
  return {
    all: passCount(rows),
    independent: passCount(counted),
    ...(seeded ? { robust: passCount(counted.map((r) => ({ ...r, pass: robust(r) }))) } : {}),
    calibrationTargets: roles.calibration.of,
    consistencyChecks: roles.consistency.of,
    restating: rows.filter((r) => r.role !== 'calibration' && r.restates !== undefined).length,
    stochastic: stochastic.length,
    roles,
    knownMisses: rows.filter((r) => r.knownMiss !== undefined).length,
    notAsExpected: rows.filter((r) => !asExpected(r)).length,
  };
}

/** "140 of 160 (88 %)": a pass count in words, its share to the whole per cent. */
export function passText(count: PassCount): string {
  const share = Number.isNaN(count.share) ? '\u2013' : `${Math.round(count.share * 100)}\u00a0%`;
  return `${count.passed} of ${count.of} (${share})`;
}

/**
 * The summary in words: the three figures (all; independent; independent over seeds, or why it
 * is missing), what was set apart, then per role.
 */
export function summaryText(summary: ValidationSummary): string[] {
  const { seeds, atLeast } = ROBUST_SEEDS;
  return [
    `all targets: passed ${passText(summary.all)}`,
    `independent targets (without the ${summary.calibrationTargets} calibration targets, the ` +
      `${summary.consistencyChecks} consistency checks and the ${summary.restating} rows ` +
      `restating another): passed ${passText(summary.independent)}`,
    summary.robust
      ? `independent targets over seeds (the ${summary.stochastic} stochastic ones pass on ` +
        `${atLeast} of seeds 1-${seeds}): passed ${passText(summary.robust)}`
      : `independent targets over seeds: not run (--one-seed); ${summary.stochastic} are stochastic`,
    `by role: ${TARGET_ROLES.map((role) => `${role} ${passText(summary.roles[role])}`).join(', ')}`,
    `${summary.knownMisses} known misses; ${summary.notAsExpected} not as expected`,
  ];
}
