// `validate [preset]`: runs presets (all, or one) and checks their paper targets, a stochastic
// target over seeds too; exit code 1 when a target is not as expected. Each preset's table is
// printed as it is checked, with progress on stderr; `--shard k/N` runs every N-th share of the
// runs as JSON lines, which `merge` puts together.
import {
  appendFileSync,
  closeSync,
  openSync,
  readFileSync,
  truncateSync,
  writeSync,
} from 'node:fs';

import type { MadeBy } from '../../engine/engine_build';
import type { Engine } from '../../engine/engine';
import type { ModelInfo } from '../../engine/types';
import type { Preset } from '../../presets/schema';
import { summaryText } from '../../presets/validation_summary';
import type { PresetRows } from '../../headless/run';
import {
  findPreset,
  runPreset,
  validatePresets,
  validationJsonText,
  validationReport,
} from '../../headless/run';
import { UsageError } from '../../headless/usage_error';
import type { ValidationRun } from '../../headless/validation_runs';
import { runKey, runSettings, validationRuns } from '../../headless/validation_runs';
import type { CommandValues } from '../args';
import { cliMadeBy } from '../made_by';
import type { Shard } from '../shard';
import { terminalWidth, warn } from '../text';
import { validateProgress } from '../validate_progress';
import {
  readValidateShard,
  resumedRuns,
  shardRuns,
  validateLineText,
  validateShardHeader,
} from '../validate_shard';
import { explain } from '../validation_explain';
import { targetsElsewhere, validationTable } from '../validation_text';

/** `validate` of the `chosen` presets (of `presets`), after the engine's models were checked. */
export async function validate(
  engine: Engine,
  models: ModelInfo[],
  presets: Preset[],
  chosen: Preset[],
  values: CommandValues,
  shard?: Shard,
): Promise<number> {
  if (values.explain !== undefined) return explain(models, chosen, values.explain, values.json);
  const seeds = !values['one-seed'];
  const made = cliMadeBy();
  if (shard) return validateShard(engine, models, chosen, seeds, shard, made, values.resume);
  const progress = stderrProgress(validationRuns(chosen, seeds));
  const width = terminalWidth();
  const checked = await validatePresets(engine, models, chosen, {
    seeds,
    onRun: progress.onRun,
    onChecked: (c) => {
      progress.onChecked(c);
      // Each preset's table as soon as it is checked: a long validate shows its results as it goes.
      if (!values.json) {
        const text = presetText(findPreset(presets, c.preset), c.rows, presets, width);
        if (text) console.log(`${text}\n`);
      }
    },
  });
  return printValidation(checked, values.json, made);
}

/** A preset's table, or where its targets are checked, or nothing (a preset without targets). */
export function presetText(
  preset: Preset,
  rows: PresetRows['rows'],
  presets: Preset[],
  width: number,
): string | undefined {
  if (rows.length > 0) return validationTable(preset.id, rows, width);
  return preset.targetsIn ? targetsElsewhere(preset, presets) : undefined;
}

/**
 * The summary of presets' rows (after their tables), or with `json` the whole report as JSON with
 * what made it; the exit code: 1 when a row is not as expected.
 */
export function printValidation(checked: PresetRows[], json: boolean, made: MadeBy): number {
  const validation = validationReport(checked);
  if (json) console.log(validationJsonText(validation, made));
  else {
    const [first, ...more] = summaryText(validation.summary);
    console.log(`validation: ${first}`);
    for (const line of more) console.log(`  ${line}`);
  }
  return validation.summary.notAsExpected > 0 ? 1 : 0;
}

/** validate's progress on stderr, each run said where stderr is a terminal. */
const stderrProgress = (runs: ValidationRun[]) =>
  validateProgress(
    runs,
    (line) => process.stderr.write(line),
    () => Date.now(),
    process.stderr.isTTY === true,
  );

/**
 * `validate --shard k/n [--resume FILE]`: the header, then each run's line as it finishes, to
 * stdout or added to FILE (only the runs it lacks run), each with one write.
 */
async function validateShard(
  engine: Engine,
  models: ModelInfo[],
  chosen: Preset[],
  seeds: boolean,
  shard: Shard,
  made: MadeBy,
  file: string | undefined,
): Promise<number> {
  const header = validateShardHeader(chosen, seeds, shard, made);
  let done = new Set<string>();
  let fd: number | undefined;
  const text = file === undefined ? '' : readResumed(file);
  if (text !== '') {
    const read = readValidateShard(file!, text, warn);
    done = resumedRuns(read, header);
    // The torn last line cut off, or the last line ended, before lines are added.
    if (read.whole < text.length) truncateSync(file!, Buffer.byteLength(text.slice(0, read.whole)));
    else if (!text.endsWith('\n')) appendFileSync(file!, '\n');
  }
  if (file !== undefined) fd = openSync(file, 'a');
  const write = (line: string) =>
    fd === undefined ? process.stdout.write(line) : writeSync(fd, line);
  if (text === '') write(`${validateLineText(header)}\n`);
  try {
    const runs = shardRuns(chosen, seeds, shard).filter((run) => !done.has(runKey(run)));
    if (runs.length === 0 && file !== undefined)
      warn(`${file} holds every run of shard ${header.shard}`);
    const progress = stderrProgress(runs);
    for (const [i, run] of runs.entries()) {
      const preset = chosen.find((p) => p.id === run.preset)!;
      progress.onRun(preset, run.draw);
      const { rows } = await runPreset(engine, models, preset, runSettings(run));
      write(`${validateLineText({ ...run, rows })}\n`);
      if (runs[i + 1]?.preset !== run.preset) progress.onChecked({ preset: run.preset });
    }
    return 0;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A --resume file's text; one not there yet is begun (a job array's first try passes it too). */
function readResumed(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT')
      throw new UsageError(`--resume ${file}: ${(error as Error).message}`);
    return '';
  }
}
