// `merge <files...> --json`: the lines of a sweep's shards combined into what `run --json` prints.
import { readFileSync } from 'node:fs';

import { UsageError } from '../../headless/usage_error';
import { commandEngine } from '../command_engine';
import { cliHost } from '../host';
import { cliMadeBy } from '../made_by';
import { readShardFile } from '../shard';
import { mergeShards } from '../shard_merge';
import { warn } from '../text';
import { USAGE } from '../usage';

/** `merge <files...> --json`: the shards' lines combined into what `run --json` prints. */
export async function merge(
  files: string[],
  values: { json?: boolean; jobs?: string; 'max-memory'?: string },
): Promise<number> {
  if (files.length === 0 || !values.json)
    throw new UsageError(`merge needs the shard files and --json\n${USAGE}`);
  const texts = files.map((file): [string, string] => {
    try {
      return [file, readFileSync(file, 'utf8')];
    } catch (error) {
      throw new UsageError(`merge: cannot read ${file}: ${(error as Error).message}`);
    }
  });
  const read = texts.map(([file, text]) => readShardFile(file, text, warn));
  const engine = commandEngine({ ...values, jobs: '1' });
  try {
    const models = await engine.listModels();
    const report = await mergeShards(engine, models, cliHost().presets(), read, cliMadeBy());
    console.log(JSON.stringify(report, null, 2));
    return 0;
  } finally {
    engine.dispose();
  }
}
