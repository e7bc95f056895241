// `validate [preset]`: runs presets (all, or one) and checks their paper targets, a stochastic
// target over seeds too; exit code 1 when a target is not as expected. Each preset's table is
// printed as it is checked, with progress on stderr; `--shard k/N` runs every N-th share of the
// runs as JSON lines, which `merge` puts together.
import type { MadeBy } from '../../engine/engine_build';
import type { Engine } from '../../engine/engine';
import type { ModelInfo } from '../../engine/types';
import type { Preset } from '../../presets/schema';
import { summaryText } from '../../presets/validation_summary';
import type { PresetRows } from '../../headless/run';
import { findPreset, runPreset, validatePresets, validationReport } from '../../headless/run';
import { runSettings, validationRuns } from '../../headless/validation_runs';
import type { CommandValues } from '../args';
import { cliMadeBy } from '../made_by';
import type { Shard } from '../shard';
import { terminalWidth } from '../text';
import { validateProgress } from '../validate_progress';
import { shardRuns, validateLineText, validateShardHeader } from '../validate_shard';
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
  const seeds = !values['one-seed'];
  const made = cliMadeBy();
  const runs = shard ? shardRuns(chosen, seeds, shard) : validationRuns(chosen, seeds);
  const progress = validateProgress(
    runs,
    (line) => process.stderr.write(line),
    () => Date.now(),
    process.stderr.isTTY === true,
  );
  if (shard) {
    const header = validateShardHeader(chosen, seeds, shard, made);
    process.stdout.write(`${validateLineText(header)}\n`);
    for (const [i, run] of runs.entries()) {
      const preset = findPreset(presets, run.preset);
      progress.onRun(preset, run.draw);
      const { rows } = await runPreset(engine, models, preset, runSettings(run));
      process.stdout.write(`${validateLineText({ ...run, rows })}\n`);
      if (runs[i + 1]?.preset !== run.preset) progress.onChecked({ preset: run.preset });
    }
    return 0;
  }
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
  if (json) console.log(JSON.stringify({ ...validation, made_by: made }, null, 2));
  else {
    const [first, ...more] = summaryText(validation.summary);
    console.log(`validation: ${first}`);
    for (const line of more) console.log(`  ${line}`);
  }
  return validation.summary.notAsExpected > 0 ? 1 : 0;
}
