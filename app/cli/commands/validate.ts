// `validate [preset]`: runs presets (all, or one) and checks their paper targets, a stochastic
// target over seeds too; exit code 1 when a target is not as expected.
import type { Engine } from '../../engine/engine';
import type { ModelInfo } from '../../engine/types';
import type { Preset } from '../../presets/schema';
import { ROBUST_SEEDS, summaryText } from '../../presets/validation_summary';
import { validatePresets, validationReport } from '../../headless/run';
import type { CommandValues } from '../args';
import { terminalWidth } from '../text';
import { explain } from '../validation_explain';
import { targetsElsewhere, validationTable } from '../validation_text';

/** `validate` of the `chosen` presets (of `presets`), after the engine's models were checked. */
export async function validate(
  engine: Engine,
  models: ModelInfo[],
  presets: Preset[],
  chosen: Preset[],
  values: CommandValues,
): Promise<number> {
  const width = terminalWidth();
  if (values.explain !== undefined) return explain(models, chosen, values.explain, values.json);
  // The seeds take long: say on a terminal which run is going, never into piped output.
  const onRun = process.stderr.isTTY
    ? (preset: Preset, over?: { name: string; seed: number }) =>
        process.stderr.write(
          over
            ? `validate: ${preset.id}, ${over.name} ${over.seed} of 1-${ROBUST_SEEDS.seeds}\n`
            : `validate: ${preset.id}\n`,
        )
    : undefined;
  const checked = await validatePresets(engine, models, chosen, {
    seeds: !values['one-seed'],
    ...(onRun ? { onRun } : {}),
  });
  const tables: string[] = [];
  for (const preset of chosen) {
    const rows = checked.find((c) => c.preset === preset.id)!.rows;
    if (rows.length > 0) tables.push(validationTable(preset.id, rows, width));
    else if (preset.targetsIn) tables.push(targetsElsewhere(preset, presets));
  }
  const validation = validationReport(checked);
  if (values.json) console.log(JSON.stringify(validation, null, 2));
  else {
    console.log(tables.join('\n\n'));
    const [first, ...more] = summaryText(validation.summary);
    console.log(`\nvalidation: ${first}`);
    for (const line of more) console.log(`  ${line}`);
  }
  return validation.summary.notAsExpected > 0 ? 1 : 0;
}
