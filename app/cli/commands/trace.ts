// `trace <preset>`: one run (a sweep's point) recording a window of its events, as a table of its
// kinds, --json or --format perfetto.
import type { Engine } from '../../engine/engine';
import type { ModelInfo } from '../../engine/types';
import { perfettoJson, perfettoTrace } from '../../exports/perfetto';
import type { Preset } from '../../presets/schema';
import type { CommandValues } from '../args';
import { presetAndBase } from '../args';
import { traceFormat, traceJson, tracePreset, traceTable } from '../trace';
import { cliMadeBy } from '../made_by';
import { watchRun } from '../watch';

/** `trace <preset>`, after the engine's models were checked. */
export async function trace(
  engine: Engine,
  models: ModelInfo[],
  presets: Preset[],
  presetId: string,
  values: CommandValues,
): Promise<number> {
  const { preset, base } = presetAndBase(presets, models, presetId, values.params);
  const traced = await tracePreset(engine, models, preset, values.set, values, {
    ...(base ? { base } : {}),
    onProgress: watchRun(undefined).onProgress,
  });
  const format = traceFormat(values.format, values.json);
  const made = cliMadeBy();
  if (format === 'perfetto') {
    const file = perfettoTrace(traced);
    const otherData = { ...file.otherData, made_by: made };
    for (const chunk of perfettoJson({ ...file, otherData })) process.stdout.write(chunk);
  } else if (format === 'json') {
    for (const chunk of traceJson(traced, made)) process.stdout.write(chunk);
  } else console.log(traceTable(traced));
  return 0;
}
