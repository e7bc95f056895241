import type { Engine, RunOptions } from '../engine/engine';
import { EngineError } from '../engine/engine';
import type { ModelInfo, Params, ParamValue, RunRequest, RunResult } from '../engine/types';
import { networkJson, timelineJson } from '../engine/types';
import type { Accepted, Preset } from '../presets/schema';
import { presetParams } from '../presets/schema';
import { unitSymbol } from '../presets/units';
import type { TargetRole, ValidationRow, ValidationSummary } from '../presets/validation';
import { rowText, validate, validationSummary, verdict } from '../presets/validation';
import {
  checkParamValue,
  listItems,
  namedParams,
  otherBase,
  parseDecimal,
  specsAt,
  unknownChoice,
  valueWords,
} from '../presets/param_values';
import { MAX_MEMORY_MB, MIN_MEMORY_MB } from '../engine/memory';

/** A failure of the user's input: printed as is, exit code 2; `param` the parameter it names. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly param?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

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
    label: string;
    unit: string;
    paper: number | string;
    tolerance?: number;
    accepted: Accepted;
    simulated: number;
    pass: boolean;
    result: string;
    source: string;
    why: string;
    knownMiss?: string;
  }[];
}

export function findPreset(presets: Preset[], id: string): Preset {
  const preset = presets.find((p) => p.id === id);
  if (!preset) {
    throw new UsageError(`unknown preset '${id}'; valid: ${presets.map((p) => p.id).join(', ')}`);
  }
  return preset;
}

/** Why --set's text is no number, in the engine's words: "is not a finite number". */
function notNumber(text: string): string {
  const other = otherBase(text);
  return other ? `is not a decimal number (${other})` : 'is not a finite number';
}

/** Overrides of a preset's parameters and seed. */
export interface Overrides {
  params: Params;
  seed?: number;
}

/**
 * Parses `name=value` settings, checking names against the model's specs and that values are
 * numbers; ranges and item counts are left to the engine, which names them. A list parameter
 * takes its `listItems` (8x8x8, or numbers separated by commas), and one number is a one-item
 * list; a choice takes its name or its number.
 */
export function parseSettings(model: ModelInfo, settings: string[], base: Params = {}): Overrides {
  const params: Params = {};
  // Units as the run reads them: a choice set anywhere in the line names a unit (sweep_scale).
  const chosen = settings.map((s) => s.split('=', 2)).filter(([n]) => n !== undefined);
  const specs = specsAt(model.params, {
    ...base,
    ...Object.fromEntries(
      chosen.flatMap(([name, text]) => {
        const index = model.params
          .find((p) => p.name === name)
          ?.choices.indexOf(text?.trim() ?? '');
        return index === undefined || index < 0 ? [] : [[name, index]];
      }),
    ),
  });
  let seed: number | undefined;
  for (const setting of settings) {
    const eq = setting.indexOf('=');
    if (eq <= 0) throw new UsageError(`--set expects name=value, got '${setting}'`);
    const name = setting.slice(0, eq);
    const text = setting.slice(eq + 1).trim();
    if (name === 'seed') {
      const value = parseDecimal(text);
      if (!Number.isSafeInteger(value) || value < 0) {
        throw new UsageError(
          `seed must be a whole number in [0, ${Number.MAX_SAFE_INTEGER}], got '${text}'`,
        );
      }
      seed = value;
      continue;
    }
    const spec = specs.find((p) => p.name === name);
    if (!spec) {
      const valid = ['seed', ...model.params.map((p) => p.name)].join(', ');
      throw new UsageError(`unknown parameter '${name}' for ${model.name}; valid: ${valid}`);
    }
    const range = `[${spec.min}, ${spec.max}]${spec.unit ? ` ${unitSymbol(spec.unit)}` : ''}`;
    if (spec.choices.length > 0) {
      // A choice by its name (topology=torus) or by its number.
      const index = spec.choices.indexOf(text);
      const value = index >= 0 ? index : parseDecimal(text);
      if (!Number.isInteger(value) || value < 0 || value >= spec.choices.length) {
        throw new UsageError(`parameter '${name}': ${unknownChoice(spec, text)}`, name);
      }
      params[name] = value;
      continue;
    }
    if (spec.maxItems > 0) {
      params[name] = listItems(text).map((item, i) => {
        const value = parseDecimal(item);
        if (!Number.isFinite(value)) {
          throw new UsageError(
            `parameter '${name}' item ${i + 1} = '${item.trim()}' ${notNumber(item)}; ` +
              `valid range ${range}`,
          );
        }
        return value;
      });
      continue;
    }
    if (text.includes(',')) {
      throw new UsageError(
        `parameter '${name}' = '${text}' requires a single number, not a list; valid range ${range}`,
      );
    }
    const value = parseDecimal(text);
    if (!Number.isFinite(value)) {
      throw new UsageError(
        `parameter '${name}' = '${text}' ${notNumber(text)}; valid range ${range}`,
      );
    }
    params[name] = value;
  }
  return seed === undefined ? { params } : { params, seed };
}

/**
 * The parameters and seed of a JSON file the explorer or `run --json` wrote (`params`, `seed`,
 * `preset`): a choice by its name or its number, a list as numbers or as text ("8x8"), each
 * checked as a field would be. `where` names the file in messages.
 */
export function parseParamsJson(
  model: ModelInfo,
  json: unknown,
  where: string,
): Overrides & { preset?: string } {
  const record = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!record(json) || !record(json.params)) {
    throw new UsageError(`${where}: no "params" object (an explorer JSON export or run --json)`);
  }
  const params: Params = {};
  for (const [name, value] of Object.entries(json.params)) {
    const spec = model.params.find((p) => p.name === name);
    if (!spec) {
      const valid = model.params.map((p) => p.name).join(', ');
      throw new UsageError(
        `${where}: unknown parameter '${name}' for ${model.name}; valid: ${valid}`,
        name,
      );
    }
    const checked = checkParamValue(spec, value);
    if ('error' in checked) {
      throw new UsageError(
        `${where}: parameter '${name}' = ${valueWords(value)}: ${checked.error}`,
        name,
      );
    }
    params[name] = checked.value;
  }
  const out: Overrides & { preset?: string } = { params };
  if (json.seed !== undefined) {
    if (!Number.isSafeInteger(json.seed) || (json.seed as number) < 0) {
      throw new UsageError(
        `${where}: seed ${valueWords(json.seed)} is not a whole number from 0`,
        'seed',
      );
    }
    out.seed = json.seed as number;
  }
  if (typeof json.preset === 'string') out.preset = json.preset;
  return out;
}

/** The engine request of a preset with `base` (a --params file's) and `settings` over it. */
export function runRequest(
  model: ModelInfo,
  preset: Preset,
  settings: string[],
  base?: Overrides,
): RunRequest {
  const overrides = parseSettings(model, settings, { ...presetParams(preset), ...base?.params });
  return {
    model: preset.model,
    params: { ...presetParams(preset), ...base?.params, ...overrides.params },
    seed: overrides.seed ?? base?.seed ?? preset.seed,
  };
}

/** The engine's work, with a parameter's error turned into a usage error that names it. */
export async function namingParam<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof EngineError && error.param !== undefined) {
      // A range error names its parameter already; a combination error (a pattern that needs a
      // cube) is named here.
      const named = error.message.includes(`'${error.param}'`);
      throw new UsageError(
        named ? error.message : `parameter '${error.param}': ${error.message}`,
        error.param,
      );
    }
    throw error;
  }
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
): { report: RunReport; rows: ValidationRow[] } {
  const rows = preset ? validate(preset, result) : [];
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
    validation: rows.map((r) => ({
      metric: r.metric,
      role: r.role,
      ...(r.fittedBy ? { fittedBy: r.fittedBy } : {}),
      label: r.label,
      unit: r.unit,
      ...(r.paper.kind === 'number'
        ? { paper: r.paper.value, tolerance: r.paper.tolerance }
        : { paper: r.paper.words }),
      accepted: r.accept,
      simulated: r.simulated,
      pass: r.pass,
      result: verdict(r),
      source: r.source,
      why: r.why,
      ...(r.knownMiss !== undefined ? { knownMiss: r.knownMiss } : {}),
    })),
  };
  return { report, rows };
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

function csvField(text: string): string {
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Scalars as `metric,value,unit` rows; parameters and series (lists included) are in --json. */
export function toCsv(result: RunResult): string {
  const lines = ['metric,value,unit'];
  for (const s of result.scalars)
    lines.push([s.name, String(s.value), s.unit].map(csvField).join(','));
  return `${lines.join('\n')}\n`;
}

/** A plain-text table: numeric columns right-aligned, the first and the `left` ones left. */
export function formatTable(header: string[], rows: string[][], left: number[] = []): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) =>
        i === 0 || left.includes(i) ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** How far a wrapped line's next lines are indented. */
export const WRAP_INDENT = 4;

/**
 * A line as lines of at most `width` characters, broken at spaces, each after the first indented
 * by `indent`; a word longer than a line stays whole.
 */
export function wrapLine(line: string, width: number, indent: number): string[] {
  const lines: string[] = [];
  const prefix = ' '.repeat(indent);
  let rest = line;
  let lead = '';
  while (lead.length + rest.length > width) {
    const room = width - lead.length;
    let cut = rest.lastIndexOf(' ', room);
    if (cut <= 0) cut = rest.indexOf(' ', room);
    if (cut <= 0) break;
    lines.push(lead + rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
    lead = prefix;
  }
  lines.push(lead + rest);
  return lines;
}

/** The width text is wrapped to: the terminal's, or 100 columns when it is not a terminal. */
export function terminalWidth(stream: { columns?: number } = process.stdout): number {
  return stream.columns !== undefined && stream.columns > 0 ? stream.columns : 100;
}

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return Math.abs(value) >= 1e5 || (value !== 0 && Math.abs(value) < 1e-3)
    ? value.toExponential(4)
    : String(Number(value.toPrecision(5)));
}

/**
 * A preset's targets as text: the role, the paper's number or words, the values accepted, the
 * simulated value, the result and where in the paper; below it, why each known miss misses. A
 * table where it fits in `width`; else a target a row (preset, metric, role, result) with its
 * numbers and source under it, wrapped to the width and indented.
 */
export function validationTable(presetId: string, rows: ValidationRow[], width: number): string {
  const misses = rows.filter((r) => r.knownMiss !== undefined);
  const cells = rows.map((r) => {
    const text = rowText(r);
    return {
      head: [
        presetId,
        r.metric,
        r.role,
        r.knownMiss === undefined ? verdict(r) : `${verdict(r)} (${misses.indexOf(r) + 1})`,
      ],
      text,
      source: r.source,
    };
  });
  const table = formatTable(
    ['preset', 'metric', 'role', 'paper', 'accepted', 'simulated', 'result', 'source'],
    cells.map(({ head: [preset, metric, role, result], text, source }) => [
      preset!,
      metric!,
      role!,
      text.paper,
      text.accepted,
      text.simulated,
      result!,
      source,
    ]),
    [1, 2, 3, 7],
  );
  const fits = table.split('\n').every((l) => l.length <= width);
  const body = fits
    ? table
    : cells
        .flatMap(({ head, text, source }) => [
          head.join('  '),
          ...wrapLine(
            `${' '.repeat(WRAP_INDENT)}paper ${text.paper}; accepted ${text.accepted}; ` +
              `simulated ${text.simulated}; source: ${source}`,
            width,
            WRAP_INDENT,
          ),
        ])
        .join('\n');
  const notes = misses.flatMap((r, i) =>
    wrapLine(`(${i + 1}) ${r.metric}: ${r.knownMiss}`, width, WRAP_INDENT),
  );
  return [body, ...notes].join('\n');
}

/** Presets' paper targets checked: each preset's rows as `run --json` writes them, and their sum. */
export interface ValidationReport {
  presets: { preset: string; validation: RunReport['validation'] }[];
  summary: ValidationSummary;
}

/** What `validate --json` prints and the library's validate() gives, of presets' runs. */
export function validationReport(
  runs: { preset: string; report: RunReport; rows: ValidationRow[] }[],
): ValidationReport {
  const checked = runs.filter((r) => r.rows.length > 0);
  return {
    presets: checked.map((r) => ({ preset: r.preset, validation: r.report.validation })),
    summary: validationSummary(checked.flatMap((r) => r.rows)),
  };
}

/** An aggregate's line in `validate`: the presets that check its experiments' paper targets. */
export function targetsElsewhere(preset: Preset, presets: Preset[]): string {
  const named = (preset.targetsIn ?? []).map((id) => {
    const count = presets.find((p) => p.id === id)?.reference.length ?? 0;
    return `${id} (${count} targets)`;
  });
  return (
    `${preset.id}: no targets of its own; the paper targets of the experiments it runs ` +
    `together are checked in their presets: ${named.join(', ')} (validate <preset-id>)`
  );
}

/** --max-memory: the MB each engine thread may use, MIN_MEMORY_MB to MAX_MEMORY_MB. */
export function parseMaxMemory(text: string | undefined): number {
  if (text === undefined) return MAX_MEMORY_MB;
  const n = parseDecimal(text);
  if (!Number.isInteger(n) || n < MIN_MEMORY_MB || n > MAX_MEMORY_MB) {
    throw new UsageError(
      `--max-memory '${text}' is not a whole number of MB from ${MIN_MEMORY_MB} to ${MAX_MEMORY_MB}`,
    );
  }
  return n;
}

/** The most worker threads --jobs may ask for. */
export const MAX_JOBS = 256;

/** --jobs: a whole number of worker threads from 1 to MAX_JOBS; `fallback` when not given. */
export function parseJobs(text: string | undefined, fallback: number): number {
  if (text === undefined) return Math.min(MAX_JOBS, Math.max(1, fallback));
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < 1 || n > MAX_JOBS) {
    throw new UsageError(`--jobs '${text}' is not a whole number from 1 to ${MAX_JOBS}`);
  }
  return n;
}
