// `merge <files...>`: the lines of a sweep's shards combined into what `run --json` prints (with
// --json), or validate's shards into what `validate` prints (its tables, or --json).
import { readFileSync } from 'node:fs';

import { findPreset } from '../../headless/run';
import { UsageError } from '../../headless/usage_error';
import { commandEngine } from '../command_engine';
import { cliHost } from '../host';
import { cliMadeBy } from '../made_by';
import { readShardFile } from '../shard';
import { mergeShards } from '../shard_merge';
import { terminalWidth, warn } from '../text';
import { USAGE } from '../usage';
import { isValidateShard, mergeValidateShards, readValidateShard } from '../validate_shard';
import { presetText, printValidation } from './validate';

/** `merge <files...>`: the shards' lines combined into what `run --json` or `validate` prints. */
export async function merge(
  files: string[],
  values: { json?: boolean; jobs?: string; 'max-memory'?: string },
): Promise<number> {
  if (files.length === 0) throw new UsageError(`merge needs the shard files\n${USAGE}`);
  const texts = files.map((file): [string, string] => {
    try {
      return [file, readFileSync(file, 'utf8')];
    } catch (error) {
      throw new UsageError(`merge: cannot read ${file}: ${(error as Error).message}`);
    }
  });
  const validating = texts.filter(([, text]) => isValidateShard(text)).length;
  if (validating > 0) {
    if (validating < texts.length)
      throw new UsageError(
        'merge: give the shards of one command: run --shard or validate --shard',
      );
    const presets = cliHost().presets();
    const made = cliMadeBy();
    const read = texts.map(([file, text]) => readValidateShard(file, text, warn));
    const checked = mergeValidateShards(read, presets, made);
    if (!values.json) {
      for (const { preset, rows } of checked) {
        const text = presetText(findPreset(presets, preset), rows, presets, terminalWidth());
        if (text) console.log(`${text}\n`);
      }
    }
    return printValidation(checked, values.json === true, made);
  }
  if (!values.json)
    throw new UsageError(`merge of run --shard files prints JSON: give --json\n${USAGE}`);
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
