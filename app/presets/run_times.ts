// How much computing each preset's default run is, as `npm run bench -- run-times` measured it
// (presets/about/run_times.json), and what a card says of a long one before it is opened.
import { z } from 'zod';

import raw from '../../presets/about/run_times.json';
import { ASK_BEYOND_MS } from '../engine/time_left';
import type { Preset } from './schema';
import { presetParams } from './schema';

const RunTimesSchema = z
  .object({
    /** The day they were measured, and the worker threads the runs were spread over. */
    measured: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    workers: z.number().int().min(1),
    /**
     * Each preset's run: the processor time it took, all its worker threads together (one core's
     * time), and the key of the run it timed (runKey).
     */
    runs: z.record(
      z.string(),
      z.object({ cpuMs: z.number().nonnegative(), run: z.string().min(1) }).strict(),
    ),
  })
  .strict();
export type RunTimes = z.infer<typeof RunTimesSchema>;

export const runTimes: RunTimes = RunTimesSchema.parse(raw);

/**
 * What a card says of a run of this much computing, the longest first; a shorter run says
 * nothing. One core's time, not the bench's wall time: it is what a device of one core as fast
 * as the bench's takes, a slower device takes longer, and the programs sharing the bench's host
 * do not make it look longer than it is. Spread over more cores a sweep takes less, so the words
 * err long, as a visitor with a slow phone needs: a run of a quarter of the time the explorer
 * runs unasked is already worth a word.
 */
export const RUN_LENGTHS = [
  { atLeastMs: ASK_BEYOND_MS, length: 'minutes' },
  { atLeastMs: ASK_BEYOND_MS / 4, length: 'seconds' },
] as const;

/** A long run's length, as the card words it ("takes a minute or more", "takes tens of seconds"). */
export type RunLength = (typeof RUN_LENGTHS)[number]['length'];

/** How long the run of `presetId` is, or nothing for a short one. */
export function runLength(presetId: string, times: RunTimes = runTimes): RunLength | undefined {
  const ms = times.runs[presetId]?.cpuMs;
  return ms === undefined ? undefined : RUN_LENGTHS.find((l) => ms >= l.atLeastMs)?.length;
}

/**
 * The run a preset's time was measured on, as a short key (FNV-1a of its model, seed and
 * parameters): a preset whose run changed since no longer matches its time.
 */
export function runKey(preset: Preset): string {
  const params = Object.entries(presetParams(preset)).sort(([a], [b]) => a.localeCompare(b));
  const text = JSON.stringify([preset.model, preset.seed, params]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
