// Sweeps split over machines: `run --shard i/n` runs every n-th point of a preset's sweep and
// prints one JSON line per point; `merge` combines any set of those lines into what `run --json`
// prints for the whole sweep. The points are the worker pool's own: the engine plans them, runs
// one at a time and combines their partial results, so a shard is a pool that was given fewer.
import type { RunOptions } from '../engine/engine';
import type { PoolEngine } from '../engine/pool_engine';
import type { MadeBy } from '../engine/engine_build';
import { buildText, sameBuild } from '../engine/engine_build';
import type { PointPartial } from '../engine/protocol';
import type { ModelInfo, ParamValue, RunResult } from '../engine/types';
import { typedArrayReplacer } from '../engine/types';
import { namedParams } from '../presets/param_values';
import type { Preset } from '../presets/schema';
import type { Overrides } from '../headless/params';
import { namingParam, runRequest } from '../headless/params';
import { UsageError } from '../headless/usage_error';

export interface Shard {
  index: number;
  count: number;
}

/** One point of a sharded sweep, as a JSON line: enough on its own to be merged with others. */
export interface ShardLine {
  preset: string;
  seed: number;
  /** Every parameter of the run after defaults, a choice by its name. */
  params: Record<string, ParamValue | string>;
  point: number;
  /** The sweep's number of points. */
  points: number;
  /**
   * Where the point lies in the sweep's charts: the x of each series it adds to, by the x's
   * name ("offered load": 0.05), and those series' names.
   */
  coordinates: Record<string, number | number[]>;
  series: string[];
  result: RunResult;
}

/**
 * The first line a shard writes, before any point: the run and the shard of it, so that merge and
 * --resume can tell a file of another run or shard from one of this.
 */
export interface ShardHeader {
  archex: 'shard';
  /** "i/n", as --shard took it. */
  shard: string;
  preset: string;
  seed: number;
  params: Record<string, ParamValue | string>;
  points: number;
  /** The build and the arguments that wrote the file (absent: written before builds had one). */
  made_by?: MadeBy;
}

export interface ShardRunOptions extends RunOptions {
  /** What runs the shard: its header says so. */
  made: MadeBy;
  /** Points already written (a resumed shard's file holds them): not run again. */
  skip?: ReadonlySet<number>;
  /** The shard's header, before any point runs; a throw here stops the shard. */
  onHeader?: (header: ShardHeader) => void;
  /** Each point's line as soon as the point finishes (in the order they finish). */
  onLine?: (line: ShardLine) => void;
}

/**
 * Runs the shard's points of the preset (with `base` and `settings` over it), giving each point's
 * line to `onLine` as it finishes, so a shard stopped part way keeps the points it finished; the
 * lines of the points that finished are given also when the rest fails or is stopped. Resolves
 * to the lines of the points run, in the sweep's order.
 */
export async function runShard(
  engine: PoolEngine,
  model: ModelInfo,
  preset: Preset,
  shard: Shard,
  settings: string[],
  base: Overrides | undefined,
  options: ShardRunOptions,
): Promise<ShardLine[]> {
  const { skip, onHeader, onLine, made, ...runOptions } = options;
  const request = runRequest(model, preset, settings, base);
  let header: ShardHeader | undefined;
  // Series drawn without any point (a cost model's, say) say nothing of where a point lies.
  let fixed: Promise<Set<string>> | undefined;
  const lines: ShardLine[] = [];
  // One point's line at a time, so they are written whole and in the order the points finished.
  let queue = Promise.resolve();
  const toLine = async (partial: PointPartial): Promise<ShardLine> => {
    fixed ??= engine
      .combinePoints(request, [])
      .then((r) => new Set(r.series.filter((s) => s.x.length > 0).map((s) => s.name)));
    const skipped = await fixed;
    // The point's place: the series it fills when combined alone, and their x values.
    const alone = await engine.combinePoints(request, [partial]);
    const filled = alone.series.filter((s) => s.x.length > 0 && !skipped.has(s.name));
    const xs = new Map<string, number[]>();
    for (const s of filled) {
      const seen = xs.get(s.xName) ?? [];
      for (const x of s.x) if (!seen.includes(x)) seen.push(x);
      xs.set(s.xName, seen);
    }
    return {
      preset: header!.preset,
      seed: header!.seed,
      params: header!.params,
      point: partial.point,
      points: header!.points,
      coordinates: Object.fromEntries(
        [...xs].map(([name, v]) => [name, v.length === 1 ? v[0]! : v]),
      ),
      series: filled.map((s) => s.name),
      result: partial.result,
    };
  };
  let failure: { error: unknown } | null = null;
  await namingParam(
    engine.shard(request, shard.index, shard.count, {
      ...runOptions,
      ...(skip ? { skip } : {}),
      onPlan: ({ points, params }) => {
        if (points === 0) {
          throw new UsageError(
            `${preset.id} is one run, not a sweep of independent points; run it without --shard`,
          );
        }
        header = {
          archex: 'shard',
          shard: `${shard.index}/${shard.count}`,
          preset: preset.id,
          seed: request.seed,
          params: namedParams(model.params, params),
          points,
          made_by: made,
        };
        onHeader?.(header);
      },
      onPoint: (partial) => {
        queue = queue.then(async () => {
          const line = await toLine(partial);
          lines.push(line);
          onLine?.(line);
        });
      },
    }),
  ).catch((error: unknown) => {
    failure = { error };
  });
  await queue;
  if (failure) throw (failure as { error: unknown }).error;
  return lines.sort((a, b) => a.point - b.point);
}

/** A shard line or header as one line of JSON: typed columns as plain numbers. */
export function shardLineText(line: ShardLine | ShardHeader): string {
  return JSON.stringify(line, typedArrayReplacer);
}

/** A shard's file read: its header (if it has one), its lines, and where its whole lines end. */
export interface ShardFile {
  file: string;
  header: ShardHeader | undefined;
  lines: ShardLine[];
  /**
   * The length of the text's whole lines: less than the text's when its last line was torn (the
   * shard was stopped while writing it, by a power cut say), which is left out.
   */
  whole: number;
}

const isWhole = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;

/**
 * A shard's file, each line checked; a bad one is named by place. A last line cut short (no line
 * end and not JSON) is a shard stopped while writing it: left out, with `warn` saying so.
 */
export function readShardFile(
  file: string,
  text: string,
  warn: (message: string) => void,
): ShardFile {
  const read: ShardFile = { file, header: undefined, lines: [], whole: text.length };
  const raws = text.split('\n');
  raws.forEach((raw, i) => {
    if (raw.trim() === '') return;
    const where = `${file}:${i + 1}`;
    let json: Partial<ShardLine> & Partial<ShardHeader>;
    try {
      json = JSON.parse(raw) as Partial<ShardLine> & Partial<ShardHeader>;
    } catch (error) {
      if (i === raws.length - 1) {
        read.whole = text.length - raw.length;
        warn(`${where}: a torn last line (the shard stopped while writing it) is left out`);
        return;
      }
      throw new UsageError(`${where}: not JSON (${(error as Error).message})`);
    }
    if (json.archex === 'shard') {
      if (
        read.header ||
        read.lines.length > 0 ||
        typeof json.shard !== 'string' ||
        typeof json.preset !== 'string' ||
        !isWhole(json.seed) ||
        typeof json.params !== 'object' ||
        !isWhole(json.points)
      ) {
        throw new UsageError(
          `${where}: a shard header must be its file's first line, with shard, preset, seed, ` +
            'params and points (one file per shard)',
        );
      }
      read.header = json as ShardHeader;
      return;
    }
    if (
      typeof json.preset !== 'string' ||
      !isWhole(json.seed) ||
      typeof json.params !== 'object' ||
      !isWhole(json.point) ||
      !isWhole(json.points) ||
      (json.point as number) >= (json.points as number) ||
      !Array.isArray(json.result?.scalars) ||
      !Array.isArray(json.result?.series)
    ) {
      throw new UsageError(
        `${where}: not a line of run --shard (preset, seed, params, point, points, result)`,
      );
    }
    if (!Array.isArray(json.result.record)) {
      throw new UsageError(
        `${where}: point ${json.point} has no record (written by an archex from before sweep ` +
          `points gave records): run its shard again`,
      );
    }
    read.lines.push(json as ShardLine);
  });
  return read;
}

/** The same run: preset, seed, number of points and parameters. */
export function sameRun(a: ShardLine | ShardHeader, b: ShardLine | ShardHeader): boolean {
  return (
    a.preset === b.preset &&
    a.seed === b.seed &&
    a.points === b.points &&
    JSON.stringify(a.params) === JSON.stringify(b.params)
  );
}

/** A run in words, for a message: its preset, seed and points. */
export const runWords = (r: ShardLine | ShardHeader) =>
  `${r.preset}, seed ${r.seed}, ${r.points} points`;

/** A shard header's build in words; one without a record is of an archex before builds had one. */
export const headerBuild = (header: ShardHeader) =>
  header.made_by ? buildText(header.made_by) : 'an archex that recorded no build';

/** Whether two shard headers were written by one build (neither recorded one: not known alike). */
export const sameHeaderBuild = (a: ShardHeader, b: ShardHeader) =>
  a.made_by !== undefined && b.made_by !== undefined && sameBuild(a.made_by, b.made_by);

/** The parameters two runs set apart, in words: "vcs: 2 in the file, 4 here". */
function paramsApart(file: ShardHeader, here: ShardHeader): string[] {
  const names = [...new Set([...Object.keys(file.params), ...Object.keys(here.params)])];
  const words = (v: unknown) => (v === undefined ? 'not set' : JSON.stringify(v));
  return names
    .filter((n) => JSON.stringify(file.params[n]) !== JSON.stringify(here.params[n]))
    .map((n) => `${n}: ${words(file.params[n])} in the file, ${words(here.params[n])} here`);
}

/**
 * What --resume keeps of a shard's file: the points it holds, once its header shows it is of
 * this very shard of this run (else it is refused in words).
 */
export function resumedPoints(read: ShardFile, header: ShardHeader): Set<number> {
  const { file } = read;
  if (!read.header) {
    if (read.lines.length === 0) return new Set();
    throw new UsageError(
      `--resume ${file}: it has no shard header line; not a file of run --shard`,
    );
  }
  if (read.header.shard !== header.shard || !sameRun(read.header, header)) {
    const apart = paramsApart(read.header, header);
    throw new UsageError(
      `--resume ${file}: it is shard ${read.header.shard} of ${runWords(read.header)}, ` +
        `not shard ${header.shard} of ${runWords(header)}` +
        (apart.length > 0 ? `; the parameters differ: ${apart.join('; ')}` : ''),
    );
  }
  if (!sameHeaderBuild(read.header, header)) {
    throw new UsageError(
      `--resume ${file}: it was written by ${headerBuild(read.header)}, this is ` +
        `${headerBuild(header)}; one file holds the points of one build: run the shard into a ` +
        'new file, or resume it with the archex that wrote it',
    );
  }
  const [index, count] = header.shard.split('/').map(Number) as [number, number];
  const done = new Set<number>();
  for (const line of read.lines) {
    if (!sameRun(line, header) || line.point % count !== index) {
      throw new UsageError(`--resume ${file}: point ${line.point} is not of shard ${header.shard}`);
    }
    done.add(line.point);
  }
  return done;
}
