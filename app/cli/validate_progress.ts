// What `validate` says on stderr while it runs: a line as each preset is checked, with how far it
// is and an estimate of the time left (each run weighed by its preset's measured time, the
// estimate scaled by how long the runs done so far took); on a terminal also each run as it starts.
import type { Preset } from '../presets/schema';
import { ROBUST_SEEDS } from '../presets/validation_summary';
import type { ValidationRun } from '../headless/validation_runs';
import { runWeight } from './validate_shard';

/** A span of seconds in words, to two figures: "40 s", "3 min", "1 h", "1 h 10 min". */
export function durationWords(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = `${Math.floor(minutes / 60)} h`;
  return minutes % 60 === 0 ? hours : `${hours} ${minutes % 60} min`;
}

export interface ValidateProgress {
  /** A run starts (the one before it, if any, is done). */
  onRun: (preset: Preset, over?: { name: string; seed: number }) => void;
  /** A preset's runs are all done. */
  onChecked: (checked: { preset: string }) => void;
}

/**
 * The progress of `runs`, written with `write`; `now` gives milliseconds, `tty` whether stderr
 * is a terminal (where each run's start is said too).
 */
export function validateProgress(
  runs: ValidationRun[],
  write: (line: string) => void,
  now: () => number,
  tty: boolean,
): ValidateProgress {
  const presets = [...new Set(runs.map((r) => r.preset))];
  const total = runs.reduce((sum, r) => sum + runWeight(r.preset), 0);
  const start = now();
  let done = 0;
  let running: string | undefined;
  let checked = 0;
  const finish = () => {
    if (running !== undefined) done += runWeight(running);
    running = undefined;
  };
  return {
    onRun: (preset, over) => {
      finish();
      running = preset.id;
      if (tty) {
        const seed = over ? `, ${over.name} ${over.seed} of 1-${ROBUST_SEEDS.seeds}` : '';
        write(`validate: ${preset.id}${seed}\n`);
      }
    },
    onChecked: ({ preset }) => {
      finish();
      checked++;
      const elapsed = (now() - start) / 1000;
      const left = done > 0 && done < total ? (elapsed * (total - done)) / done : undefined;
      write(
        `validate: ${preset} done; ${checked} of ${presets.length} presets in ` +
          `${durationWords(elapsed)}` +
          (left === undefined ? '' : `, about ${durationWords(left)} left`) +
          '\n',
      );
    },
  };
}
