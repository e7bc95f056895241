// `validate --shard k/N`: the runs of `validate` (each preset's own, and its stochastic targets'
// over seeds) split over N machines as a sweep's points are, a JSON line a run as each finishes;
// `merge` puts the presets' rows together from any set of shard files, as `validate` prints them.
import type { MadeBy } from '../engine/engine_build';
import { buildText, sameBuild } from '../engine/engine_build';
import type { Preset } from '../presets/schema';
import type { ValidationRow } from '../presets/validation';
import { runTimes } from '../presets/run_times';
import type { PresetRows } from '../headless/run';
import { findPreset } from '../headless/run';
import { UsageError } from '../headless/usage_error';
import type { ValidationRun } from '../headless/validation_runs';
import { presetRows, runKey, validationRuns } from '../headless/validation_runs';
import { shardCommand } from './made_by';
import type { Shard } from './shard';

/** A validate shard's first line: what it validates and how it was split. */
export interface ValidateShardHeader {
  archex: 'validate-shard';
  /** "k/N", as --shard took it. */
  shard: string;
  /** The presets validated (all the shards'), and whether over seeds (not --one-seed). */
  presets: string[];
  seeds: boolean;
  /** This shard's runs. */
  runs: number;
  made_by: MadeBy;
}

/** One run's line: the run and its validation rows (a value the run lacks as null). */
export interface ValidateShardLine extends ValidationRun {
  rows: ValidationRow[];
}

/**
 * A run's share of the work: its preset's measured time (presets/about/run_times.json), a run
 * over seeds as long as the preset's own; a preset never measured counts as the median one.
 */
export function runWeight(preset: string): number {
  return runTimes.runs[preset]?.cpuMs ?? MEDIAN_MS;
}

const MEDIAN_MS = (() => {
  const times = Object.values(runTimes.runs)
    .map((r) => r.cpuMs)
    .sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 1;
})();

/**
 * Which shard of `count` runs each run: the longest first, each to the shard with the least work
 * so far (the lowest index of equals), so the shards end together and any machine splits alike.
 */
export function shardOfRuns(runs: ValidationRun[], count: number): Map<string, number> {
  const load = new Array<number>(count).fill(0);
  const order = runs
    .map((run, i) => ({ run, i, weight: runWeight(run.preset) }))
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  const shardOf = new Map<string, number>();
  for (const { run, weight } of order) {
    const least = load.indexOf(Math.min(...load));
    load[least]! += weight;
    shardOf.set(runKey(run), least);
  }
  return shardOf;
}

/** The runs of shard `shard` of validating `presets`, in validate's order. */
export function shardRuns(presets: Preset[], seeds: boolean, shard: Shard): ValidationRun[] {
  const runs = validationRuns(presets, seeds);
  const shardOf = shardOfRuns(runs, shard.count);
  return runs.filter((run) => shardOf.get(runKey(run)) === shard.index);
}

/** The header of shard `shard` of validating `presets`. */
export function validateShardHeader(
  presets: Preset[],
  seeds: boolean,
  shard: Shard,
  made: MadeBy,
): ValidateShardHeader {
  return {
    archex: 'validate-shard',
    shard: `${shard.index}/${shard.count}`,
    presets: presets.map((p) => p.id),
    seeds,
    runs: shardRuns(presets, seeds, shard).length,
    made_by: made,
  };
}

/** A line of a validate shard, JSON: a value a run lacks (NaN) as null. */
export const validateLineText = (line: ValidateShardHeader | ValidateShardLine) =>
  JSON.stringify(line);

/** A validate shard's file read: its header, its runs' lines, and where its whole lines end. */
export interface ValidateShardFile {
  file: string;
  header: ValidateShardHeader;
  lines: ValidateShardLine[];
  /** The length of its whole lines: less than the text's when a stopped run tore the last. */
  whole: number;
}

/** Whether `text` is a file of validate --shard (its first line says so). */
export function isValidateShard(text: string): boolean {
  return text.startsWith('{"archex":"validate-shard"');
}

/**
 * A validate shard's file, each line checked; a bad one is named by place. A last line cut short
 * (a shard stopped while writing it) is left out, with `warn` saying so.
 */
export function readValidateShard(
  file: string,
  text: string,
  warn: (message: string) => void,
): ValidateShardFile {
  const raws = text.split('\n');
  const header = JSON.parse(raws[0]!) as ValidateShardHeader;
  if (
    typeof header.shard !== 'string' ||
    !Array.isArray(header.presets) ||
    typeof header.seeds !== 'boolean' ||
    typeof header.made_by !== 'object'
  )
    throw new UsageError(`${file}:1: a validate shard header needs shard, presets, seeds, made_by`);
  const read: ValidateShardFile = { file, header, lines: [], whole: text.length };
  raws.slice(1).forEach((raw, i) => {
    if (raw.trim() === '') return;
    let line: ValidateShardLine;
    try {
      line = JSON.parse(raw) as ValidateShardLine;
    } catch (error) {
      if (i === raws.length - 2) {
        read.whole = text.length - raw.length;
        warn(`${file}:${i + 2}: a torn last line (the shard stopped while writing it) is left out`);
        return;
      }
      throw new UsageError(`${file}:${i + 2}: not JSON (${(error as Error).message})`);
    }
    if (typeof line.preset !== 'string' || !Array.isArray(line.rows))
      throw new UsageError(`${file}:${i + 2}: not a line of validate --shard (preset, rows)`);
    for (const row of line.rows) row.simulated ??= Number.NaN;
    read.lines.push(line);
  });
  return read;
}

/**
 * The runs a resumed validate shard's file holds, once its header shows it is of this very shard
 * (`header`): the same presets, seeds and split, written by the same build.
 */
export function resumedRuns(read: ValidateShardFile, header: ValidateShardHeader): Set<string> {
  const was = read.header;
  const apart = [
    was.shard !== header.shard && `shard ${was.shard}, not ${header.shard}`,
    was.presets.join() !== header.presets.join() && 'other presets',
    was.seeds !== header.seeds && (was.seeds ? 'over seeds, not --one-seed' : '--one-seed'),
    !sameBuild(was.made_by, header.made_by) && `written by ${buildText(was.made_by)}`,
  ].filter(Boolean);
  if (apart.length > 0)
    throw new UsageError(
      `--resume ${read.file}: it is of another validate shard: ${apart.join('; ')}`,
    );
  return new Set(read.lines.map(runKey));
}

/**
 * Every preset's rows from validate shards' files, once they are known to validate the same
 * presets alike, split alike, by one build, this merge's (`made`); runs missing are named with
 * the command that runs their shard.
 */
export function mergeValidateShards(
  files: ValidateShardFile[],
  presets: Preset[],
  made: MadeBy,
): PresetRows[] {
  const [first] = files;
  if (!first) throw new UsageError('merge: no validate shard files given');
  const alike = (f: ValidateShardFile) =>
    f.header.seeds === first.header.seeds &&
    f.header.shard.split('/')[1] === first.header.shard.split('/')[1] &&
    f.header.presets.join() === first.header.presets.join();
  const other = files.find((f) => !alike(f));
  if (other) {
    throw new UsageError(
      `merge: ${other.file} validates other presets, seeds or a split other than ${first.file}'s`,
    );
  }
  const otherBuild = files.find((f) => !sameBuild(f.header.made_by, made));
  if (otherBuild) {
    throw new UsageError(
      `merge: ${otherBuild.file} was written by ${buildText(otherBuild.header.made_by)}; this ` +
        `is ${buildText(made)}: merge the shards of one build with the archex that wrote them`,
    );
  }
  const chosen = first.header.presets.map((id) => findPreset(presets, id));
  const { seeds } = first.header;
  const done = new Map<string, ValidationRow[]>();
  for (const line of files.flatMap((f) => f.lines)) done.set(runKey(line), line.rows);
  const runs = validationRuns(chosen, seeds);
  const missing = runs.filter((run) => !done.has(runKey(run)));
  if (missing.length > 0) {
    const count = Number(first.header.shard.split('/')[1]);
    const shardOf = shardOfRuns(runs, count);
    const shards = [...new Set(missing.map((run) => shardOf.get(runKey(run))!))].sort();
    const parts = shards.map((index) => {
      const shard = `${index}/${count}`;
      const of = missing.filter((run) => shardOf.get(runKey(run)) === index);
      const command = shardCommand(first.header.made_by.command ?? ['validate'], shard);
      return `\n  shard ${shard}: ${of.length} runs (${of.map(runKey).slice(0, 3).join(', ')}${of.length > 3 ? ', ...' : ''}): \`${command}\` runs them`;
    });
    throw new UsageError(
      `merge: ${missing.length} of ${runs.length} validate runs missing:${parts.join('')}`,
    );
  }
  return chosen.map((preset) => ({
    preset: preset.id,
    rows: presetRows(preset, (run) => done.get(runKey(run)), seeds)!,
  }));
}
