// `describe <preset|model>`: a model's parameters and outputs without running it.
import type { Preset } from '../../presets/schema';
import { describeTarget } from '../../headless/describe';
import { UsageError } from '../../headless/usage_error';
import { commandEngine } from '../command_engine';
import { describeText } from '../describe';
import { USAGE } from '../usage';

/** `describe <preset|model>`: its parameters and outputs as a table, or --json as the library's. */
export async function describe(
  presets: Preset[],
  target: string | undefined,
  values: { json?: boolean; set?: string[]; params?: string; 'max-memory'?: string },
): Promise<number> {
  if (target === undefined)
    throw new UsageError(`describe needs a preset id or a model name\n${USAGE}`);
  if (values.set?.length || values.params !== undefined)
    throw new UsageError('describe shows the values a preset sets; --set and --params go with run');
  const engine = commandEngine({ ...values, jobs: '1' });
  try {
    const models = await engine.listModels();
    const description = await describeTarget(engine, models, presets, target);
    console.log(values.json ? JSON.stringify(description, null, 2) : describeText(description));
    return 0;
  } finally {
    engine.dispose();
  }
}
