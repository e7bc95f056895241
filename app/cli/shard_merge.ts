// `merge`: a sweep's shards combined into what `run --json` prints for the whole sweep, once the
// files are known to be of one run and one build, and with the command that finishes each
// shard where points are missing.
import type { MadeBy } from '../engine/engine_build';
import { buildText, sameBuild } from '../engine/engine_build';
import type { PoolEngine } from '../engine/pool_engine';
import type { PointPartial } from '../engine/protocol';
import type { ModelInfo } from '../engine/types';
import { reviveResult } from '../engine/types';
import type { Preset } from '../presets/schema';
import { parseParamsJson } from '../headless/params';
import type { RunReport } from '../headless/run';
import { findPreset, runReport } from '../headless/run';
import { UsageError } from '../headless/usage_error';
import { shardCommand } from './made_by';
import type { ShardFile } from './shard';
import { headerBuild, runWords, sameRun } from './shard';

/**
 * What `run --json` prints for the whole sweep, from its shards' lines: they must be of one
 * preset, seed and parameters, written by one build, this merge's (`made`), and together hold
 * every point (the missing ones are named, with the command that runs them).
 */
export async function mergeShards(
  engine: PoolEngine,
  models: ModelInfo[],
  presets: Preset[],
  files: ShardFile[],
  made: MadeBy,
): Promise<RunReport & { made_by: MadeBy }> {
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
  // Points of another build may have other bits: a merged file is of one build, this one's.
  const otherBuild = headed.find((f) => !f.header!.made_by || !sameBuild(f.header!.made_by, made));
  if (otherBuild) {
    throw new UsageError(
      `merge: ${otherBuild.file} was written by ${headerBuild(otherBuild.header!)}; this is ` +
        `${buildText(made)}: merge the shards of one build with the archex that wrote them`,
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
  return { ...runReport(preset, model, first.seed, result, params).report, made_by: made };
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
    // The shard's own command where its file is given, else another shard's made for this one.
    const header = files.find((f) => f.file === file)?.header ?? files[0]!.header!;
    const given = header.made_by?.command ?? ['run', preset];
    const command = shardCommand(given, shard, file);
    return (
      `\n  shard ${shard}: points ${points.join(', ')}` +
      (file
        ? ` (${file} stops early: \`${command}\` runs them)`
        : ` (no file of it given: \`${command}\` writes one)`)
    );
  });
  return `:${parts.join('')}`;
}
