// `describe <preset|model> [--set ...]`: a model's parameters and outputs without running it.
import type { Preset } from '../../presets/schema';
import { describeTarget } from '../../headless/describe';
import { parseSettings } from '../../headless/params';
import { UsageError } from '../../headless/usage_error';
import { commandEngine } from '../command_engine';
import { describeText } from '../describe';
import { USAGE } from '../usage';

/**
 * `describe <preset|model>`: its parameters and outputs as a table, or --json as the library's;
 * with --set, at those values (the units they give the curve's loads, the network they build).
 */
export async function describe(
  presets: Preset[],
  target: string | undefined,
  values: { json?: boolean; set?: string[]; params?: string; 'max-memory'?: string },
): Promise<number> {
  if (target === undefined)
    throw new UsageError(`describe needs a preset id or a model name\n${USAGE}`);
  if (values.params !== undefined)
    throw new UsageError('--params goes with run; describe takes --set');
  const engine = commandEngine({ ...values, jobs: '1' });
  try {
    const models = await engine.listModels();
    const named = presets.find((p) => p.id === target)?.model ?? target;
    const model = models.find((m) => m.name === named);
    // An unknown target is named by describeTarget, with what there is.
    const params =
      model && values.set?.length ? parseSettings(model, values.set).params : undefined;
    const description = await describeTarget(engine, models, presets, target, params);
    console.log(values.json ? JSON.stringify(description, null, 2) : describeText(description));
    return 0;
  } finally {
    engine.dispose();
  }
}
