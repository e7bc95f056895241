// `npm run bench -- run-times`: every preset's default run on a pool of worker threads as the
// explorer runs it (one per core), nothing kept between runs, and the processor time each took,
// written to presets/about/run_times.json for the start page's cards.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { createThreadEngine, defaultJobs } from '../engine/thread_engine';
import { loadPresetsFromDisk } from '../presets/from_disk';
import type { RunTimes } from '../presets/run_times';
import { runKey } from '../presets/run_times';
import { presetParams } from '../presets/schema';
import { emit, root } from './measure';

export async function recordRunTimes() {
  // Every run from scratch: a visitor's first run of a preset finds nothing kept.
  const engine = createThreadEngine(defaultJobs(), { keep: false });
  await engine.listModels();
  const runs: RunTimes['runs'] = {};
  try {
    for (const preset of loadPresetsFromDisk()) {
      // The process's processor time covers its worker threads: the run's work in one core's
      // time, which other programs sharing the host do not lengthen as they do its wall time.
      const before = process.cpuUsage();
      await engine.run({ model: preset.model, params: presetParams(preset), seed: preset.seed });
      const used = process.cpuUsage(before);
      const cpuMs = Math.round((used.user + used.system) / 1000);
      runs[preset.id] = { cpuMs, run: runKey(preset) };
      emit(`run_times.${preset.id}.cpu_ms`, cpuMs, 'ms');
    }
  } finally {
    engine.dispose();
  }
  const times: RunTimes = {
    measured: new Date().toISOString().slice(0, 10),
    workers: defaultJobs(),
    runs,
  };
  const file = fileURLToPath(new URL('presets/about/run_times.json', root));
  writeFileSync(file, JSON.stringify(times, null, 2) + '\n');
}
