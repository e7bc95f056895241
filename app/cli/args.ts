// The CLI's arguments: the options each command takes, --params files, --jobs and --max-memory.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { MAX_MEMORY_MB, MIN_MEMORY_MB } from '../engine/memory';
import { MAX_JOBS } from '../engine/pool_engine';
import type { ModelInfo } from '../engine/types';
import { parseDecimal } from '../presets/param_values';
import type { Preset } from '../presets/schema';
import type { Overrides } from '../headless/params';
import { parseParamsJson } from '../headless/params';
import { findPreset } from '../headless/run';
import { UsageError } from '../headless/usage_error';
import { DEFAULT_BASE_URL } from '../headless/figure';

/** The options of every command but `figure`. */
export function commandArgs(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      set: { type: 'string', multiple: true, default: [] },
      json: { type: 'boolean', default: false },
      csv: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      params: { type: 'string' },
      booksim: { type: 'string' },
      shard: { type: 'string' },
      resume: { type: 'string' },
      'time-limit': { type: 'string' },
      jobs: { type: 'string' },
      'max-memory': { type: 'string' },
      point: { type: 'string' },
      from: { type: 'string' },
      cycles: { type: 'string' },
      'max-events': { type: 'string' },
      'max-bytes': { type: 'string' },
      format: { type: 'string' },
      'one-seed': { type: 'boolean', default: false },
      explain: { type: 'string' },
    },
  });
}

/** What every command but `figure` was given. */
export type CommandValues = ReturnType<typeof commandArgs>['values'];

/** The options of `figure`, whose --csv takes a file, unlike run's. */
export function figureArgs(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      set: { type: 'string', multiple: true, default: [] },
      svg: { type: 'string' },
      png: { type: 'string' },
      pdf: { type: 'string' },
      csv: { type: 'string' },
      tex: { type: 'string' },
      format: { type: 'string', default: 'svg' },
      scale: { type: 'string', default: '2' },
      width: { type: 'string' },
      'font-size': { type: 'string' },
      dpi: { type: 'string', default: '300' },
      'no-title': { type: 'boolean', default: false },
      'no-caption': { type: 'boolean', default: false },
      theme: { type: 'string', default: 'print' },
      all: { type: 'boolean', default: false },
      out: { type: 'string' },
      'base-url': { type: 'string', default: DEFAULT_BASE_URL },
      'no-link': { type: 'boolean', default: false },
      params: { type: 'string' },
      jobs: { type: 'string' },
      'max-memory': { type: 'string' },
    },
  });
}

/** The JSON of a --params file. */
function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`--params ${path}: ${(error as Error).message}`);
  }
}

/** The preset id a --params file names, or undefined. */
export function presetOfFile(path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  const json = readJson(path) as { preset?: unknown } | null;
  return typeof json?.preset === 'string' ? json.preset : undefined;
}

/** The preset and the --params file's values for it; the file must be for the same preset. */
export function presetAndBase(
  presets: Preset[],
  models: ModelInfo[],
  presetId: string,
  file: string | undefined,
): { preset: Preset; base?: Overrides } {
  const preset = findPreset(presets, presetId);
  if (file === undefined) return { preset };
  const named = presetOfFile(file);
  if (named !== undefined && named !== preset.id) {
    throw new UsageError(`--params ${file} is for preset ${named}, not ${preset.id}`);
  }
  const model = models.find((m) => m.name === preset.model);
  if (!model) throw new UsageError(`preset ${preset.id} uses unknown model '${preset.model}'`);
  const { preset: _preset, ...base } = parseParamsJson(model, readJson(file), file);
  return { preset, base };
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

/** --jobs: a whole number of worker threads from 1 to MAX_JOBS; `fallback` when not given. */
export function parseJobs(text: string | undefined, fallback: number): number {
  if (text === undefined) return Math.min(MAX_JOBS, Math.max(1, fallback));
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < 1 || n > MAX_JOBS) {
    throw new UsageError(`--jobs '${text}' is not a whole number from 1 to ${MAX_JOBS}`);
  }
  return n;
}
