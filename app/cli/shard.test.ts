import { describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { UsageError, findPreset, runPreset } from './commands';
import type { ShardLine } from './shard';
import { mergeShards, parseShard, readShardLines, runShard, shardLineText } from './shard';

const presets = loadPresetsFromDisk();

/** Every shard of a preset's sweep as JSON-line files, and what the unsharded run prints. */
async function shardsAndWhole(presetId: string, settings: string[], count: number) {
  const engine = createInProcessEngine(loadNodeModule(), 2);
  try {
    const models = await engine.listModels();
    const preset = findPreset(presets, presetId);
    const model = models.find((m) => m.name === preset.model)!;
    const files: [string, string][] = [];
    for (let index = 0; index < count; index++) {
      const lines = await runShard(engine, model, preset, { index, count }, settings, undefined);
      files.push([`shard-${index}`, lines.map(shardLineText).join('\n')]);
    }
    const { report } = await runPreset(engine, models, preset, settings);
    return { files, whole: JSON.stringify(report, null, 2), engine, models };
  } catch (error) {
    engine.dispose();
    throw error;
  }
}

async function merged(files: [string, string][]) {
  const engine = createInProcessEngine(loadNodeModule());
  try {
    const lines = readShardLines(files);
    return JSON.stringify(
      await mergeShards(engine, await engine.listModels(), presets, lines),
      null,
      2,
    );
  } finally {
    engine.dispose();
  }
}

describe('run --shard and merge', () => {
  it('merge gives what run --json prints, bit for bit, for a network sweep', async () => {
    const { files, whole, engine } = await shardsAndWhole('custom-network', ['dims=4x4'], 3);
    engine.dispose();
    const lines = readShardLines(files);
    expect(lines.map((l) => l.point).sort((a, b) => a - b)).toEqual(
      Array.from({ length: lines[0]!.points }, (_, i) => i),
    );
    // Each line says where its point lies: its offered load on the latency-load curve.
    const second = lines.find((l) => l.point === 1)!;
    expect(second.coordinates['offered load']).toBeGreaterThan(0);
    expect(second.series).toContain('latency_vs_offered');
    // In any order, from any grouping of files.
    expect(await merged([...files].reverse())).toBe(whole);
  });

  it('merge gives what run --json prints, bit for bit, for a J-Machine sweep', async () => {
    const { files, whole, engine } = await shardsAndWhole('jmachine-queens', [], 4);
    engine.dispose();
    const lines = readShardLines(files);
    expect(new Set(lines.map((l) => l.coordinates.nodes)).size).toBe(lines.length);
    expect(await merged(files)).toBe(whole);
  });

  it('names the points still missing, and refuses lines of another run', async () => {
    const { files, engine } = await shardsAndWhole('custom-network', ['dims=4x4'], 3);
    engine.dispose();
    await expect(merged([files[0]!, files[2]!])).rejects.toThrow(
      'merge: 4 of 11 points missing: 1, 4, 7, 10',
    );
    const other = readShardLines([files[1]!]).map((l): ShardLine => ({ ...l, seed: l.seed + 1 }));
    await expect(
      merged([files[0]!, ['other', other.map(shardLineText).join('\n')], files[2]!]),
    ).rejects.toThrow(/is of another run/);
  });

  it('names a line that is not one of run --shard by its file and line', () => {
    expect(() => readShardLines([['a.jsonl', '{"preset":"x"}']])).toThrow(
      'a.jsonl:1: not a line of run --shard',
    );
    expect(() => readShardLines([['b.jsonl', '\n{oops']])).toThrow(/^b\.jsonl:2: not JSON/);
  });

  it('reads i/n with i from 0 to n - 1', () => {
    expect(parseShard('2/5')).toEqual({ index: 2, count: 5 });
    for (const bad of ['5/5', '1/0', '-1/3', 'a/b', '1']) {
      expect(() => parseShard(bad)).toThrow(UsageError);
    }
    expect(() => parseShard('5/5')).toThrow('--shard 5/5: want i/n');
  });

  it('refuses a preset whose run is not a sweep of points', async () => {
    const engine = createInProcessEngine(loadNodeModule());
    try {
      const models = await engine.listModels();
      const preset = findPreset(presets, 'jmachine-round-trip');
      const model = models.find((m) => m.name === preset.model)!;
      await expect(
        runShard(engine, model, preset, { index: 0, count: 2 }, [], undefined),
      ).rejects.toThrow('jmachine-round-trip is one run, not a sweep of independent points');
    } finally {
      engine.dispose();
    }
  });
});
