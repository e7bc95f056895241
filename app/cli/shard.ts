// Sweeps split over machines: `run --shard i/n` runs every n-th point of a preset's sweep and
// prints one JSON line per point; `merge` combines any set of those lines into what `run --json`
// prints for the whole sweep. The points are the worker pool's own: the engine plans them, runs
// one at a time and combines their partial results, so a shard is a pool that was given fewer.
import type { RunOptions } from '../engine/engine';
import type { PoolEngine } from '../engine/pool_engine';
import type { PointPartial } from '../engine/protocol';
import type { ModelInfo, ParamValue, RunResult } from '../engine/types';
import { reviveResult, typedArrayReplacer } from '../engine/types';
import { namedParams } from '../presets/param_values';
import type { Preset } from '../presets/schema';
import type { Overrides } from '../headless/params';
import { namingParam, parseParamsJson, runRequest } from '../headless/params';
import type { RunReport } from '../headless/run';
import { findPreset, runReport } from '../headless/run';
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
}

export interface ShardRunOptions extends RunOptions {
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
  options: ShardRunOptions = {},
): Promise<ShardLine[]> {
  const { skip, onHeader, onLine, ...runOptions } = options;
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
const runWords = (r: ShardLine | ShardHeader) => `${r.preset}, seed ${r.seed}, ${r.points} points`;

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
    throw new UsageError(
      `--resume ${file}: it is shard ${read.header.shard} of ${runWords(read.header)}, ` +
        `not shard ${header.shard} of ${runWords(header)} (or other parameters)`,
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

/**
 * What `run --json` prints for the whole sweep, from its shards' lines: they must be of one
 * preset, seed and parameters, and together hold every point (the missing ones are named).
 */
export async function mergeShards(
  engine: PoolEngine,
  models: ModelInfo[],
  presets: Preset[],
  files: ShardFile[],
): Promise<RunReport> {
  const lines = files.flatMap((f) => f.lines);
  const first = lines[0];
  if (!first) throw new UsageError('merge: the files hold no lines of run --shard');
  const other = lines.find((l) => !sameRun(l, first));
  if (other) {
    throw new UsageError(
      `merge: point ${other.point} is of another run (${runWords(other)}) than point ` +
        `${first.point} (${runWords(first)}, or other parameters)`,
    );
  }
  const headed = files.filter((f) => f.header);
  const stranger = headed.find((f) => !sameRun(f.header!, first));
  if (stranger) {
    throw new UsageError(
      `merge: ${stranger.file} is of another run (${runWords(stranger.header!)}) than point ` +
        `${first.point} (${runWords(first)}, or other parameters)`,
    );
  }
  const counts = new Set(headed.map((f) => Number(f.header!.shard.split('/')[1])));
  if (counts.size > 1) {
    throw new UsageError(
      `merge: the files split the sweep differently (${headed.map((f) => f.header!.shard).join(', ')})`,
    );
  }
  const partials = new Map<number, PointPartial>();
  for (const { point, result } of lines)
    partials.set(point, { point, result: reviveResult(result) });
  const missing = Array.from({ length: first.points }, (_, i) => i).filter((i) => !partials.has(i));
  if (missing.length > 0) {
    const [count] = [...counts];
    throw new UsageError(
      `merge: ${missing.length} of ${first.points} points missing` +
        (count === undefined
          ? `: ${missing.join(', ')}`
          : missingByShard(missing, count, headed, first.preset)),
    );
  }
  const preset = findPreset(presets, first.preset);
  const model = models.find((m) => m.name === preset.model);
  if (!model) throw new UsageError(`preset ${preset.id} uses unknown model '${preset.model}'`);
  const { params } = parseParamsJson(model, { params: first.params }, 'merge');
  const request = { model: preset.model, params, seed: first.seed };
  const result = await engine.combinePoints(request, [...partials.values()]);
  return runReport(preset, model, first.seed, result, params).report;
}

/** The missing points shard by shard, each with its file (or none given) and how to finish it. */
function missingByShard(
  missing: number[],
  count: number,
  files: ShardFile[],
  preset: string,
): string {
  const byShard = new Map<number, number[]>();
  for (const point of missing)
    byShard.set(point % count, [...(byShard.get(point % count) ?? []), point]);
  const parts = [...byShard].map(([index, points]) => {
    const shard = `${index}/${count}`;
    const file = files.find((f) => f.header!.shard === shard)?.file;
    return (
      `\n  shard ${shard}: points ${points.join(', ')}` +
      (file
        ? ` (${file} stops early: run ${preset} --shard ${shard} --resume ${file} runs them)`
        : ` (no file of it given: run ${preset} --shard ${shard} writes one)`)
    );
  });
  return `:${parts.join('')}`;
}
