// `run <preset>`: one run of a preset, as a table, --json or --csv; with --shard i/n only every
// n-th point of its sweep, a JSON line a point as each finishes (added to --resume FILE).
import {
  appendFileSync,
  closeSync,
  openSync,
  readFileSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import { basename } from 'node:path';

import type { PoolEngine } from '../../engine/pool_engine';
import type { RunWatch } from '../../engine/run_watch';
import { TimeLimitError } from '../../engine/run_watch';
import type { ModelInfo } from '../../engine/types';
import type { Preset } from '../../presets/schema';
import { unitSymbol } from '../../presets/units';
import type { Overrides } from '../../headless/params';
import { runJsonText, runPreset } from '../../headless/run';
import { UsageError } from '../../headless/usage_error';
import type { CommandValues } from '../args';
import { presetAndBase } from '../args';
import { booksimLink } from '../../page/booksim_open';
import { booksimNotes, booksimSettings, fileLoadOnly, readBooksim } from '../booksim';
import { DEFAULT_BASE_URL, explorerLink } from '../../headless/figure';
import type { Shard, ShardFile } from '../shard';
import { readShardFile, resumedPoints, runShard, shardLineText } from '../shard';
import { formatNumber, formatTable, terminalWidth, toCsv, warn } from '../text';
import { validationTable } from '../validation_text';
import { csvMadeBy, cliMadeBy } from '../made_by';
import { watchRun } from '../watch';

/**
 * `run <preset>` (`shard`: its --shard i/n), after the engine's models were checked;
 * `booksimKeys`: BookSim `key=value` words over a --booksim file's.
 */
export async function run(
  engine: PoolEngine,
  models: ModelInfo[],
  presets: Preset[],
  presetId: string,
  shard: Shard | undefined,
  values: CommandValues,
  booksimKeys: string[] = [],
): Promise<number> {
  const { preset, base } = presetAndBase(presets, models, presetId, values.params);
  const watch = watchRun(values['time-limit'], true);
  try {
    if (shard) {
      const model = models.find((m) => m.name === preset.model)!;
      return await shardRun(engine, model, preset, shard, values, base, watch);
    }
    const model = models.find((m) => m.name === preset.model)!;
    const booksim =
      values.booksim === undefined ? undefined : readBooksim(values.booksim, model, booksimKeys);
    if (booksim) for (const line of booksimNotes(values.booksim!, booksim)) warn(line);
    const loadOnly = booksim
      ? fileLoadOnly(model, preset, booksimSettings(booksim, values.set), values.set, base)
      : undefined;
    const settings = loadOnly ? loadOnly.run : values.set;
    const { report, rows, result, params } = await runPreset(engine, models, preset, settings, {
      ...(base ? { base } : {}),
      onProgress: watch.onProgress,
      signal: watch.signal,
    }).catch((error: unknown) => Promise.reject(watch.failure(error)));
    if (values.json) console.log(runJsonText(report, cliMadeBy()));
    else if (values.csv) process.stdout.write(csvMadeBy(cliMadeBy()) + toCsv(result));
    else {
      console.log(`${preset.title} (${preset.id}, seed ${report.seed})\n`);
      console.log(
        formatTable(
          ['result', 'value', 'unit'],
          result.scalars.map((s) => [s.name, formatNumber(s.value), unitSymbol(s.unit)]),
        ),
      );
      if (rows.length > 0) console.log(`\n${validationTable(preset.id, rows, terminalWidth())}`);
    }
    if (booksim) {
      // The file's notes go with it, as the explorer says them on opening the file.
      const notes = booksimLink(basename(values.booksim!), booksim.notes);
      const site = new URL(DEFAULT_BASE_URL);
      const link = explorerLink(
        preset,
        model,
        { ...params, ...loadOnly!.curve },
        report.seed,
        site,
        notes,
      );
      // The link goes beside the table, and to stderr where stdout is JSON or CSV.
      if (values.json || values.csv) warn(`explorer link: ${link}`);
      else console.log(`\nexplorer link: ${link}`);
    }
    return 0;
  } finally {
    watch.dispose();
  }
}

/** The number of points of a sweep of `points` that shard `index`/`count` runs. */
const shardSize = (points: number, { index, count }: Shard) =>
  Math.max(0, Math.ceil((points - index) / count));

/**
 * `run --shard i/n [--resume FILE]`: the shard's header and then each point's line as it
 * finishes, to stdout or added to FILE, each with one write call, so a shard stopped at any
 * moment leaves only whole lines.
 */
async function shardRun(
  engine: PoolEngine,
  model: ModelInfo,
  preset: Preset,
  shard: Shard,
  values: { set: string[]; resume?: string | undefined },
  base: Overrides | undefined,
  watch: RunWatch,
): Promise<number> {
  const file = values.resume;
  let read: ShardFile | undefined;
  let text = '';
  if (file !== undefined) {
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      // A file not there yet is begun: a job array's task can pass --resume on its first try.
      if ((error as { code?: string }).code !== 'ENOENT')
        throw new UsageError(`--resume ${file}: ${(error as Error).message}`);
    }
    read = readShardFile(file, text, warn);
  }
  /** The resumed file, its torn last line cut off (or its last line ended), opened to add to. */
  const reopen = (resumed: ShardFile) => {
    if (resumed.whole < text.length)
      truncateSync(resumed.file, Buffer.byteLength(text.slice(0, resumed.whole)));
    else if (text.length > 0 && !text.endsWith('\n')) appendFileSync(resumed.file, '\n');
    return openSync(resumed.file, 'a');
  };
  let fd: number | undefined;
  const write = (line: string) => {
    if (fd === undefined) process.stdout.write(line);
    else writeSync(fd, line);
  };
  // Filled from the resumed file once its header is known to match: the shard reads it after.
  const skip = new Set<number>();
  let points = 0;
  let written = 0;
  try {
    await runShard(engine, model, preset, shard, values.set, base, {
      made: cliMadeBy(),
      skip,
      signal: watch.signal,
      onProgress: watch.onProgress,
      onHeader: (header) => {
        points = shardSize(header.points, shard);
        if (read) {
          for (const point of resumedPoints(read, header)) skip.add(point);
          fd = reopen(read);
          if (skip.size === points) warn(`${read.file} holds every point of shard ${header.shard}`);
          if (read.header) return;
        }
        write(`${shardLineText(header)}\n`);
      },
      onLine: (line) => {
        write(`${shardLineText(line)}\n`);
        written++;
      },
    });
    return 0;
  } catch (error) {
    const finished = skip.size + written;
    const failure = watch.failure(error, { finished, points });
    if (failure instanceof TimeLimitError) {
      const kept = `${finished} finished point${finished === 1 ? '' : 's'}`;
      failure.next =
        finished === 0
          ? 'no point finished: run it again with a longer --time-limit'
          : file !== undefined
            ? `${file} keeps the ${kept}: run it again with --resume ${file} for the rest`
            : `the lines written keep the ${kept}: run it again with --resume <that file> for the rest`;
    }
    throw failure;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
