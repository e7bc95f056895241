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
import type { Overrides, RunReport } from './commands';
import {
  UsageError,
  findPreset,
  namingParam,
  parseParamsJson,
  runReport,
  runRequest,
} from './commands';

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

/** `--shard i/n`: n from 1, i from 0 to n - 1. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(count) || count < 1 || index >= count) {
    throw new UsageError(
      `--shard ${text}: want i/n with n a whole number from 1 and i from 0 to n - 1 (e.g. 0/4)`,
    );
  }
  return { index, count };
}

/** Runs the shard's points of the preset (with `base` and `settings` over it), a line each. */
export async function runShard(
  engine: PoolEngine,
  model: ModelInfo,
  preset: Preset,
  shard: Shard,
  settings: string[],
  base: Overrides | undefined,
  options: RunOptions = {},
): Promise<ShardLine[]> {
  const request = runRequest(model, preset, settings, base);
  const { points, params, partials } = await namingParam(
    engine.shard(request, shard.index, shard.count, options),
  );
  if (points === 0) {
    throw new UsageError(
      `${preset.id} is one run, not a sweep of independent points; run it without --shard`,
    );
  }
  const named = namedParams(model.params, params);
  // Series drawn without any point (a cost model's, say) say nothing of where a point lies.
  const fixed = new Set(
    (await engine.combinePoints(request, [])).series
      .filter((s) => s.x.length > 0)
      .map((s) => s.name),
  );
  const lines: ShardLine[] = [];
  for (const partial of [...partials].sort((a, b) => a.point - b.point)) {
    // The point's place: the series it fills when combined alone, and their x values.
    const alone = await engine.combinePoints(request, [partial]);
    const filled = alone.series.filter((s) => s.x.length > 0 && !fixed.has(s.name));
    const xs = new Map<string, number[]>();
    for (const s of filled) {
      const seen = xs.get(s.xName) ?? [];
      for (const x of s.x) if (!seen.includes(x)) seen.push(x);
      xs.set(s.xName, seen);
    }
    lines.push({
      preset: preset.id,
      seed: request.seed,
      params: named,
      point: partial.point,
      points,
      coordinates: Object.fromEntries(
        [...xs].map(([name, v]) => [name, v.length === 1 ? v[0]! : v]),
      ),
      series: filled.map((s) => s.name),
      result: partial.result,
    });
  }
  return lines;
}

/** A shard line as one line of JSON: typed columns as plain numbers (reviveResult types them). */
export function shardLineText(line: ShardLine): string {
  return JSON.stringify(line, typedArrayReplacer);
}

/** The shard lines of files (`[name, text]`), each line checked; a bad one is named by place. */
export function readShardLines(files: [string, string][]): ShardLine[] {
  const lines: ShardLine[] = [];
  for (const [file, text] of files) {
    text.split('\n').forEach((raw, i) => {
      if (raw.trim() === '') return;
      const where = `${file}:${i + 1}`;
      let json: Partial<ShardLine>;
      try {
        json = JSON.parse(raw) as Partial<ShardLine>;
      } catch (error) {
        throw new UsageError(`${where}: not JSON (${(error as Error).message})`);
      }
      const whole = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
      if (
        typeof json.preset !== 'string' ||
        !whole(json.seed) ||
        typeof json.params !== 'object' ||
        !whole(json.point) ||
        !whole(json.points) ||
        (json.point as number) >= (json.points as number) ||
        !Array.isArray(json.result?.scalars) ||
        !Array.isArray(json.result?.series)
      ) {
        throw new UsageError(
          `${where}: not a line of run --shard (preset, seed, params, point, points, result)`,
        );
      }
      lines.push(json as ShardLine);
    });
  }
  return lines;
}

/**
 * What `run --json` prints for the whole sweep, from its shards' lines: they must be of one
 * preset, seed and parameters, and together hold every point (the missing ones are named).
 */
export async function mergeShards(
  engine: PoolEngine,
  models: ModelInfo[],
  presets: Preset[],
  lines: ShardLine[],
): Promise<RunReport> {
  const first = lines[0];
  if (!first) throw new UsageError('merge: the files hold no lines of run --shard');
  const same = (line: ShardLine) =>
    line.preset === first.preset &&
    line.seed === first.seed &&
    line.points === first.points &&
    JSON.stringify(line.params) === JSON.stringify(first.params);
  const other = lines.find((l) => !same(l));
  if (other) {
    throw new UsageError(
      `merge: point ${other.point} is of another run (${other.preset}, seed ${other.seed}, ` +
        `${other.points} points) than point ${first.point} (${first.preset}, seed ${first.seed}, ` +
        `${first.points} points, or other parameters)`,
    );
  }
  const partials = new Map<number, PointPartial>();
  for (const { point, result } of lines)
    partials.set(point, { point, result: reviveResult(result) });
  const missing = Array.from({ length: first.points }, (_, i) => i).filter((i) => !partials.has(i));
  if (missing.length > 0) {
    throw new UsageError(
      `merge: ${missing.length} of ${first.points} points missing: ${missing.join(', ')}`,
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
