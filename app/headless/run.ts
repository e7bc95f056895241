// A preset or a model run without a page: the report `run --json` prints and the library's run()
// gives, with its validation rows, and the validation report of several runs.
import type { Engine, RunOptions } from '../engine/engine';
import type { MadeBy } from '../engine/engine_build';
import type { ModelInfo, Params, ParamValue, RunResult } from '../engine/types';
import { networkJson, timelineJson } from '../engine/types';
import type { Accepted, BandSource, Preset } from '../presets/schema';
import type { SeedCount, TargetRole, ValidationRow } from '../presets/validation';
import type { ValidationSummary } from '../presets/validation_summary';
import { justInside, validate, verdict } from '../presets/validation';
import { robust, validationSummary } from '../presets/validation_summary';
import { namedParams } from '../presets/param_values';
import type { Overrides } from './params';
import { namingParam, runRequest } from './params';
import { UsageError } from './usage_error';
import { presetRows, runKey, runSettings, validationRuns } from './validation_runs';

export interface RunReport {
  /** The preset run; absent for a model run with its defaults (the library's run of a model). */
  preset?: string;
  model: string;
  seed: number;
  /** Every parameter of the run, a choice by its name ("topology": "fly"). */
  params: Record<string, ParamValue | string>;
  /**
   * Scalars by name, those with the unit "boolean" as true or false; and per-item series: one
   * whose x unit is "index" (one value per PE) as an array of its y, a labelled one (messages by
   * kind) as an object from label to y.
   */
  results: Record<string, number | boolean | number[] | Record<string, number>>;
  units: Record<string, string>;
  series: Record<
    string,
    { x_name: string; x_unit: string; y_name: string; y_unit: string; x: number[]; y: number[] }
  >;
  /** Each network the run describes, by name: its shape by name, its tables column by column. */
  networks: Record<string, ReturnType<typeof networkJson>>;
  /** Each timeline, by name: bin edges, and per state, per row, its share of each bin. */
  timelines: Record<string, ReturnType<typeof timelineJson>>;
  /**
   * Each paper target: the paper's number (with the tolerance allowed) or its words, the values
   * accepted as meeting it, the simulated value, the result in a word ("pass", "known miss"),
   * where in the paper it stands, why it is read so, and why a known miss misses.
   */
  validation: {
    metric: string;
    role: TargetRole;
    /** A calibration target's calibrated values (the parameters fitted on it). */
    fittedBy?: string[];
    /** A consistency row's reason (counted apart from the independent targets). */
    consistency?: string;
    label: string;
    unit: string;
    paper: number | string;
    tolerance?: number;
    /** Where the band of accepted values comes from, and why where the kind asks. */
    band: BandSource;
    accepted: Accepted;
    simulated: number;
    pass: boolean;
    /** A pass nearer its band's edge than NEAR_EDGE of its half-width. */
    justInside?: true;
    result: string;
    source: string;
    why: string;
    knownMiss?: string;
    /** The row this one follows from (counted apart from the independent targets). */
    restates?: { metric: string; preset?: string };
    /** What the value depends on by chance; with `seeds` once judged over ROBUST_SEEDS. */
    stochastic?: string;
    seeds?: SeedCount;
    /** The result over seeds: a stochastic row's on enough seeds, any other row's pass. */
    robust?: boolean;
  }[];
}

export function findPreset(presets: Preset[], id: string): Preset {
  const preset = presets.find((p) => p.id === id);
  if (!preset) {
    throw new UsageError(`unknown preset '${id}'; valid: ${presets.map((p) => p.id).join(', ')}`);
  }
  return preset;
}

/**
 * Runs a preset with `base` (a --params file's) and then `settings` (--set) over its values;
 * `onProgress` sees the run's progress.
 */
export async function runPreset(
  engine: Engine,
  models: ModelInfo[],
  preset: Preset,
  settings: string[] = [],
  options: { base?: Overrides } & RunOptions = {},
): Promise<{ report: RunReport; rows: ValidationRow[]; result: RunResult; params: Params }> {
  const model = models.find((m) => m.name === preset.model);
  if (!model) throw new UsageError(`preset ${preset.id} uses unknown model '${preset.model}'`);
  const { base, ...runOptions } = options;
  const request = runRequest(model, preset, settings, base);
  const outcome = await namingParam(engine.run(request, runOptions));
  const seed = request.seed;
  const { report, rows } = runReport(preset, model, seed, outcome.result, outcome.params);
  return { report, rows, result: outcome.result, params: outcome.params };
}

/**
 * What `run --json` prints of a run, and the validation rows of its result (none for a model run
 * without a preset, which has no paper targets).
 */
export function runReport(
  preset: Preset | undefined,
  model: ModelInfo,
  seed: number,
  result: RunResult,
  params: Params,
  validated?: ValidationRow[],
): { report: RunReport; rows: ValidationRow[] } {
  const rows = validated ?? (preset ? validate(preset, result) : []);
  const report: RunReport = {
    ...(preset ? { preset: preset.id } : {}),
    model: model.name,
    seed,
    params: namedParams(model.params, params),
    results: {
      ...Object.fromEntries(
        result.scalars.map((s) => [s.name, s.unit === 'boolean' ? s.value !== 0 : s.value]),
      ),
      ...itemResults(result),
    },
    units: Object.fromEntries(result.scalars.map((s) => [s.name, s.unit])),
    series: Object.fromEntries(
      result.series.map((s) => [
        s.name,
        { x_name: s.xName, x_unit: s.xUnit, y_name: s.yName, y_unit: s.yUnit, x: s.x, y: s.y },
      ]),
    ),
    networks: Object.fromEntries(result.networks.map((n) => [n.name, networkJson(n)])),
    timelines: Object.fromEntries(result.timelines.map((t) => [t.name, timelineJson(t)])),
    validation: validationJson(rows),
  };
  return { report, rows };
}

/** The text `run --json` prints of a report (a line end after it), with what made it. */
export const runJsonText = (report: RunReport, made: MadeBy): string =>
  JSON.stringify({ ...report, made_by: made }, null, 2);

/** Validation rows as `run --json` writes them. */
export function validationJson(rows: ValidationRow[]): RunReport['validation'] {
  return rows.map((r) => ({
    metric: r.metric,
    role: r.role,
    ...(r.fittedBy ? { fittedBy: r.fittedBy } : {}),
    ...(r.consistency !== undefined ? { consistency: r.consistency } : {}),
    label: r.label,
    unit: r.unit,
    ...(r.paper.kind === 'number'
      ? { paper: r.paper.value, tolerance: r.paper.tolerance }
      : { paper: r.paper.words }),
    band: r.band,
    accepted: r.accept,
    simulated: r.simulated,
    pass: r.pass,
    ...(justInside(r) ? { justInside: true as const } : {}),
    result: verdict(r),
    source: r.source,
    why: r.why,
    ...(r.knownMiss !== undefined ? { knownMiss: r.knownMiss } : {}),
    ...(r.restates ? { restates: r.restates } : {}),
    ...(r.stochastic !== undefined ? { stochastic: r.stochastic } : {}),
    ...(r.seeds ? { seeds: r.seeds, robust: robust(r) } : {}),
  }));
}

function itemResults(result: RunResult): Record<string, number[] | Record<string, number>> {
  const items: Record<string, number[] | Record<string, number>> = {};
  for (const s of result.series) {
    if (s.labels.length > 0)
      items[s.name] = Object.fromEntries(s.labels.map((l, i) => [l, s.y[i]!]));
    else if (s.xUnit === 'index') items[s.name] = s.y;
  }
  return items;
}

/** Presets' paper targets checked: each preset's rows as `run --json` writes them, and their sum. */
export interface ValidationReport {
  presets: { preset: string; validation: RunReport['validation'] }[];
  summary: ValidationSummary;
}

/**
 * Runs `chosen` presets and checks their paper targets; with `seeds`, a preset with stochastic
 * targets also runs with what draws them (the seed, or an instance's parameter) at 1 to
 * ROBUST_SEEDS.seeds (its own seed's run is reused) and each such row carries its passes.
 * `onRun` hears each run as it starts: the preset's own, then each seed's; `onChecked` each
 * preset's rows as soon as its runs are done.
 */
export async function validatePresets(
  engine: Engine,
  models: ModelInfo[],
  chosen: Preset[],
  options: {
    seeds: boolean;
    onRun?: (preset: Preset, over?: { name: string; seed: number }) => void;
    onChecked?: (checked: PresetRows) => void;
  } & RunOptions,
): Promise<PresetRows[]> {
  const { seeds, onRun, onChecked, ...runOptions } = options;
  const checked: PresetRows[] = [];
  for (const preset of chosen) {
    const done = new Map<string, ValidationRow[]>();
    for (const run of validationRuns([preset], seeds)) {
      onRun?.(preset, run.draw);
      const { rows } = await runPreset(engine, models, preset, runSettings(run), runOptions);
      done.set(runKey(run), rows);
    }
    const rows = presetRows(preset, (run) => done.get(runKey(run)), seeds)!;
    checked.push({ preset: preset.id, rows });
    onChecked?.({ preset: preset.id, rows });
  }
  return checked;
}

/** A preset's validation rows. */
export interface PresetRows {
  preset: string;
  rows: ValidationRow[];
}

/** The text `validate --json` prints of a report (a line end after it), with what made it. */
export const validationJsonText = (validation: ValidationReport, made: MadeBy): string =>
  JSON.stringify({ ...validation, made_by: made }, null, 2);

/** What `validate --json` prints and the library's validate() gives, of presets' runs. */
export function validationReport(runs: PresetRows[]): ValidationReport {
  const checked = runs.filter((r) => r.rows.length > 0);
  return {
    presets: checked.map((r) => ({ preset: r.preset, validation: validationJson(r.rows) })),
    summary: validationSummary(checked.flatMap((r) => r.rows)),
  };
}
