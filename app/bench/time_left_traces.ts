// How well the time left holds on real runs. Records, for every preset's default run on a pool of
// worker threads as the explorer runs it (one per core, nothing kept from an earlier run), and for
// shards of the longer sweeps as `run --shard i/n` runs them, what the estimate is made from: each
// progress report's fraction and time, and each point of a sweep (its work, when it was sent, when
// its thread began it and when it ended, its own progress). `npm run bench -- time-left [file]
// [preset | preset@i/n[+name=value...] ...]` records them (to `file` if given, one run a line,
// thinned as app/engine/fixtures/time_left_runs.jsonl is) and prints how the estimates shown held
// (timeLeftTable).
import { appendFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

import type { RunProgress } from '../engine/engine';
import { createThreadEngine, defaultJobs } from '../engine/thread_engine';
import type { RecordedRun } from '../engine/time_left_replay';
import { judgeRuns, thinRun, timeLeftTable } from '../engine/time_left_replay';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { runRequest } from '../headless/params';
import { emit } from './measure';

/** The shards recorded by default, as `run --shard 1/n` runs them: the longer sweeps in 2, 4, 8. */
const SHARDS = ['jmachine-tsp', 'jmachine-lcs', 'jmachine-radix', 'jmachine-programs'].flatMap(
  (id) => [2, 4, 8].map((n) => `${id}@1/${n}`),
);

export async function recordTimeLeftTraces(file?: string, only: string[] = []) {
  const presets = loadPresetsFromDisk();
  const names = only.length > 0 ? only : [...presets.map((p) => p.id), ...SHARDS];
  const jobs = defaultJobs();
  const runs: RecordedRun[] = [];
  if (file) writeFileSync(file, '');
  for (const name of names) {
    // preset[@i/n][+name=value...]: a shard, with settings as run --set takes them.
    const [head, ...settings] = name.split('+');
    const [id, shardText] = head!.split('@');
    const preset = presets.find((p) => p.id === id);
    if (!preset) throw new Error(`time-left: no preset ${id}`);
    const shard = shardText?.split('/').map(Number) as [number, number] | undefined;
    // A fresh pool a run: nothing kept, every host started as a new page's would be.
    const engine = createThreadEngine(jobs, { keep: false });
    const models = await engine.listModels();
    const model = models.find((m) => m.name === preset.model)!;
    const reports: [number, number][] = [];
    const points = new Map<number, RecordedRun['points'][number]>();
    const load = loadavg()[0]!;
    const request = runRequest(model, preset, settings);
    const onProgress = ({ fraction, elapsedMs, sweep }: RunProgress) => {
      const t = Math.round(elapsedMs);
      reports.push([t, fraction]);
      for (const r of sweep?.running ?? []) {
        // When its host began it: first the time it was sent, then the host's own clock's.
        const start = Math.round(elapsedMs - r.ms);
        let p = points.get(r.point!);
        if (!p) {
          p = { point: r.point!, weight: r.weight, sent: start, start, end: -1, progress: [] };
          points.set(r.point!, p);
        }
        p.start = start;
        p.progress.push([t, r.fraction]);
      }
      for (const d of sweep?.done ?? []) {
        const p = points.get(d.point!);
        // A point that finished between two reports was never seen running.
        if (!p) {
          const start = Math.round(elapsedMs - d.ms);
          const point = { point: d.point!, weight: d.weight, sent: start, start, end: t };
          points.set(d.point!, { ...point, progress: [] });
        } else if (p.end < 0) p.end = Math.round(p.start + d.ms);
      }
    };
    const started = performance.now();
    try {
      if (shard) await engine.shard(request, shard[0], shard[1], { onProgress });
      else await engine.run(request, { onProgress });
    } finally {
      engine.dispose();
    }
    const totalMs = Math.round(performance.now() - started);
    // The points that finished after the last report (the run's end stops them).
    for (const p of points.values()) if (p.end < 0) p.end = totalMs;
    const run = thinRun({
      id: name,
      lanes: jobs,
      totalMs,
      load: [Number(load.toFixed(2)), Number(loadavg()[0]!.toFixed(2))],
      reports,
      points: [...points.values()],
    });
    runs.push(run);
    if (file) appendFileSync(file, JSON.stringify(run) + '\n');
    console.error(`${name}: ${(run.totalMs / 1000).toFixed(1)} s, load ${run.load.join(' -> ')}`);
  }
  const judged = judgeRuns(runs);
  console.error(timeLeftTable(judged));
  const all = judged.flatMap((r) => r.judged);
  emit('time_left.within_2x', all.filter((j) => j.ok).length / Math.max(1, all.length), 'share');
  emit('time_left.judged', all.length, 'count');
}
