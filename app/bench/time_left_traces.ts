// How well the explorer's time-left range holds on real runs: every preset's default run on a
// pool of worker threads as the explorer runs it (one per core), each progress report's fraction
// and elapsed time and the run's whole time. `npm run bench -- time-left [file]` prints how often
// the range held the time that was really left (the first range each run showed, and every one
// shown), and writes the recorded runs to `file` if given.
import { writeFileSync } from 'node:fs';

import { createThreadEngine, defaultJobs } from '../engine/thread_engine';
import { coverage, shownTimeLeft } from '../engine/time_left';
import type { ProgressTrace, Sample } from '../engine/time_left';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { presetParams } from '../presets/schema';
import { emit } from './measure';

export async function recordTimeLeftTraces(file?: string) {
  const engine = createThreadEngine(defaultJobs());
  await engine.listModels();
  const traces: ProgressTrace[] = [];
  try {
    for (const preset of loadPresetsFromDisk()) {
      // What the explorer would show at each progress report, as useEngineRun gathers it.
      const samples: Sample[] = [];
      const shown: [number, number, number][] = [];
      const outcome = await engine.run(
        { model: preset.model, params: presetParams(preset), seed: preset.seed },
        {
          onProgress: ({ fraction, elapsedMs, left }) => {
            samples.push({ fraction, elapsedMs, left });
            const range = shownTimeLeft(samples);
            if (range)
              shown.push([Math.round(elapsedMs), Math.round(range.low), Math.round(range.high)]);
          },
        },
      );
      traces.push({ preset: preset.id, totalMs: Math.round(outcome.elapsedMs), shown });
    }
  } finally {
    engine.dispose();
  }
  if (file) writeFileSync(file, JSON.stringify({ jobs: defaultJobs(), traces }) + '\n');
  const c = coverage(traces);
  emit('time_left.first_shown_held', c.firstHeld, 'share');
  emit('time_left.all_shown_held', c.allHeld, 'share');
  emit('time_left.runs_shown', c.runs, 'count');
}
