import { describe, expect, it } from 'vitest';

import { madeBy } from '../engine/engine_build';
import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule, readEngineBuild } from '../engine/node_module';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { findPreset, runPreset } from '../headless/run';
import type { ShardFile, ShardHeader, ShardLine } from './shard';
import { readShardFile, resumedPoints, runShard, shardLineText } from './shard';
import { mergeShards } from './shard_merge';

const presets = loadPresetsFromDisk();
const build = readEngineBuild();

/** What wrote shard `index`/`count` of the preset with `settings`: this build, its command. */
const shardMade = (presetId: string, settings: string[], shard: string) =>
  madeBy(build, ['run', presetId, ...settings.flatMap((s) => ['--set', s]), '--shard', shard]);

/** A shard's file as run --shard writes it: its header, then a line per point as it finishes. */
async function shardFile(
  engine: ReturnType<typeof createInProcessEngine>,
  presetId: string,
  settings: string[],
  shard: { index: number; count: number },
): Promise<string> {
  const models = await engine.listModels();
  const preset = findPreset(presets, presetId);
  const model = models.find((m) => m.name === preset.model)!;
  let text = '';
  await runShard(engine, model, preset, shard, settings, undefined, {
    made: shardMade(presetId, settings, `${shard.index}/${shard.count}`),
    onHeader: (header) => (text += `${shardLineText(header)}\n`),
    onLine: (line) => (text += `${shardLineText(line)}\n`),
  });
  return text;
}

/** The lines of files read, none torn. */
function readShardLines(files: [string, string][]): ShardLine[] {
  return files.flatMap(([file, text]) => readShardFile(file, text, fail).lines);
}

const fail = (message: string): void => {
  throw new Error(`unexpected warning: ${message}`);
};

/** Every shard of a preset's sweep as JSON-line files, and what the unsharded run prints. */
async function shardsAndWhole(presetId: string, settings: string[], count: number) {
  const engine = createInProcessEngine(loadNodeModule(), 2);
  try {
    const models = await engine.listModels();
    const preset = findPreset(presets, presetId);
    const files: [string, string][] = [];
    for (let index = 0; index < count; index++) {
      files.push([`shard-${index}`, await shardFile(engine, presetId, settings, { index, count })]);
    }
    const { report } = await runPreset(engine, models, preset, settings);
    return { files, whole: JSON.stringify(report, null, 2), engine, models };
  } catch (error) {
    engine.dispose();
    throw error;
  }
}

/** The merge of `files`, as run --json prints it, after its record of what made it is checked. */
async function merged(files: [string, string][], warn = fail) {
  const engine = createInProcessEngine(loadNodeModule());
  try {
    const read = files.map(([file, text]) => readShardFile(file, text, warn));
    const made = madeBy(build, ['merge', ...files.map(([file]) => file), '--json']);
    const { made_by, ...report } = await mergeShards(
      engine,
      await engine.listModels(),
      presets,
      read,
      made,
    );
    expect(made_by).toEqual(made);
    return JSON.stringify(report, null, 2);
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
      'merge: 4 of 11 points missing:\n  shard 1/3: points 1, 4, 7, 10 (no file of it given: ' +
        '`npm run cli -- run custom-network --set dims=4x4 --shard 1/3` writes one)',
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
    expect(() => readShardLines([['b.jsonl', '\n{oops\n{}\n']])).toThrow(/^b\.jsonl:2: not JSON/);
  });

  it('refuses a point line without its record (a file from before records) in words', async () => {
    const { files, engine } = await shardsAndWhole('custom-network', ['dims=4x4'], 3);
    engine.dispose();
    const [line] = readShardLines([files[0]!]);
    expect(line!.result.record!.length).toBeGreaterThan(0);
    const old = { ...line!, result: { ...line!.result, record: undefined } };
    expect(() => readShardLines([['old.jsonl', shardLineText(old)]])).toThrow(
      `old.jsonl:1: point ${line!.point} has no record (written by an archex from before sweep ` +
        'points gave records): run its shard again',
    );
  });

  it('refuses a preset whose run is not a sweep of points', async () => {
    const engine = createInProcessEngine(loadNodeModule());
    try {
      const models = await engine.listModels();
      const preset = findPreset(presets, 'jmachine-round-trip');
      const model = models.find((m) => m.name === preset.model)!;
      await expect(
        runShard(engine, model, preset, { index: 0, count: 2 }, [], undefined, {
          made: shardMade(preset.id, [], '0/2'),
        }),
      ).rejects.toThrow('jmachine-round-trip is one run, not a sweep of independent points');
    } finally {
      engine.dispose();
    }
  });
});

describe('a shard stopped part way', () => {
  const settings = ['dims=4x4'];
  const shard = { index: 1, count: 3 };

  /** The preset and model, and an engine that computes every point afresh (keeps none). */
  async function fresh() {
    const engine = createInProcessEngine(loadNodeModule(), 1, false);
    const models = await engine.listModels();
    const preset = findPreset(presets, 'custom-network');
    return { engine, models, preset, model: models.find((m) => m.name === preset.model)! };
  }

  it('has written the line of each point it finished, whole, when it is stopped', async () => {
    const { engine, model, preset } = await fresh();
    try {
      const stop = new AbortController();
      let text = '';
      const run = runShard(engine, model, preset, { index: 0, count: 1 }, settings, undefined, {
        made: shardMade(preset.id, settings, '0/1'),
        signal: stop.signal,
        onHeader: (header) => (text += `${shardLineText(header)}\n`),
        onLine: (line) => {
          text += `${shardLineText(line)}\n`;
          if (line.point === 1) stop.abort();
        },
      });
      await expect(run).rejects.toThrow('The engine request was cancelled');
      const read = readShardFile('s.jsonl', text, fail);
      expect(read.header).toMatchObject({ archex: 'shard', shard: '0/1', points: 11 });
      expect(read.lines.map((l) => l.point)).toEqual([0, 1]);
    } finally {
      engine.dispose();
    }
  });

  it('resumed from its file, torn last line and all, merges to the bits of one run', async () => {
    const { engine, models, preset } = await fresh();
    let files: string[];
    let whole: string;
    try {
      files = await Promise.all(
        [0, 1, 2].map((index) =>
          shardFile(engine, 'custom-network', settings, { index, count: 3 }),
        ),
      );
      whole = JSON.stringify((await runPreset(engine, models, preset, settings)).report, null, 2);
    } finally {
      engine.dispose();
    }
    // Shard 1/3 stopped after its first point, part way through writing its second.
    const [header, first, second] = files[1]!.split('\n');
    const stopped = `${header}\n${first}\n${second!.slice(0, 200)}`;
    const warnings: string[] = [];
    const read = readShardFile('s1.jsonl', stopped, (m) => warnings.push(m));
    expect(warnings).toEqual([
      's1.jsonl:3: a torn last line (the shard stopped while writing it) is left out',
    ]);
    expect(read.lines.map((l) => l.point)).toEqual([1]);
    await expect(
      merged(
        [
          ['s0.jsonl', files[0]!],
          ['s1.jsonl', stopped],
          ['s2.jsonl', files[2]!],
        ],
        () => {},
      ),
    ).rejects.toThrow(
      'merge: 3 of 11 points missing:\n  shard 1/3: points 4, 7, 10 (s1.jsonl stops early: ' +
        '`npm run cli -- run custom-network --set dims=4x4 --shard 1/3 --resume s1.jsonl` ' +
        'runs them)',
    );

    // --resume: only the points the file lacks run, and their lines follow its whole lines.
    const again = await fresh();
    let resumed = stopped.slice(0, read.whole);
    const skip = new Set<number>();
    try {
      await runShard(again.engine, again.model, again.preset, shard, settings, undefined, {
        made: shardMade('custom-network', settings, '1/3'),
        skip,
        onHeader: (h: ShardHeader) => {
          for (const point of resumedPoints(read, h)) skip.add(point);
        },
        onLine: (line) => (resumed += `${shardLineText(line)}\n`),
      });
    } finally {
      again.engine.dispose();
    }
    const points = readShardFile('s1.jsonl', resumed, fail).lines.map((l) => l.point);
    expect(points).toEqual([1, 4, 7, 10]);
    const all: [string, string][] = [
      ['s0.jsonl', files[0]!],
      ['s1.jsonl', resumed],
      ['s2.jsonl', files[2]!],
    ];
    expect(await merged(all)).toBe(whole);
  });

  it('refuses to resume from a file of another shard, run or build, in words', () => {
    const header: ShardHeader = {
      archex: 'shard',
      shard: '1/3',
      preset: 'custom-network',
      seed: 1,
      params: { dims: [4, 4], vcs: 2 },
      points: 11,
      made_by: shardMade('custom-network', ['dims=4x4'], '1/3'),
    };
    const file: ShardFile = readShardFile('s1.jsonl', `${shardLineText(header)}\n`, fail);
    expect([...resumedPoints(file, header)]).toEqual([]);
    expect(() => resumedPoints(file, { ...header, shard: '2/3' })).toThrow(
      '--resume s1.jsonl: it is shard 1/3 of custom-network, seed 1, 11 points, not shard 2/3 ' +
        'of custom-network, seed 1, 11 points',
    );
    expect(() =>
      resumedPoints(file, { ...header, params: { dims: [8, 8], vcs: 2, routing: 'valiant' } }),
    ).toThrow(
      '; the parameters differ: dims: [4,4] in the file, [8,8] here; routing: not set in the ' +
        'file, "valiant" here',
    );
    const later = madeBy({ ...build, version: '9.0.0' }, header.made_by!.command);
    expect(() => resumedPoints(file, { ...header, made_by: later })).toThrow(
      `--resume s1.jsonl: it was written by archex ${build.version} (engine sources ` +
        `${build.sources}, wasm ${build.wasm}), this is archex 9.0.0`,
    );
  });

  it('merge refuses shards of another build than its own, in words', async () => {
    const { files, engine } = await shardsAndWhole('custom-network', ['dims=4x4'], 3);
    engine.dispose();
    const [header, ...points] = files[1]![1].split('\n');
    const older = { ...(JSON.parse(header!) as ShardHeader), made_by: undefined };
    const renamed: [string, string] = ['old.jsonl', [shardLineText(older), ...points].join('\n')];
    await expect(merged([files[0]!, renamed, files[2]!])).rejects.toThrow(
      `merge: old.jsonl was written by an archex that recorded no build; this is archex ` +
        `${build.version} (engine sources ${build.sources}`,
    );
  });
});
