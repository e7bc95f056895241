// `validate [preset]`: runs presets (all, or one) and checks their paper targets; exit code 1
// when a target is not as expected.
import type { Engine } from '../../engine/engine';
import type { ModelInfo } from '../../engine/types';
import type { Preset } from '../../presets/schema';
import { summaryText } from '../../presets/validation';
import { runPreset, validationReport } from '../../headless/run';
import type { CommandValues } from '../args';
import { terminalWidth } from '../text';
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
  const checked = [];
  const tables: string[] = [];
  for (const preset of chosen) {
    const { report, rows } = await runPreset(engine, models, preset);
    checked.push({ preset: preset.id, report, rows });
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
