import type { RunProgress } from '../engine/engine';

/** Runs shorter than this finish before a progress bar would be any use. */
export const SHOW_PROGRESS_AFTER_MS = 300;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The time left: the time per unit of work so far times the work left. The engine counts work so
 * that what is done is a fair sample of what is left (a sweep runs its points spread over the
 * range), so the rate so far holds. NaN before any progress.
 */
export function timeLeftMs({ fraction, elapsedMs }: Pick<RunProgress, 'fraction' | 'elapsedMs'>) {
  return fraction > 0 ? (elapsedMs / fraction) * (1 - fraction) : Number.NaN;
}

/** Progress of a long run: a bar, the time so far and an estimate of the time left. */
export function RunStatus({ progress }: { progress: RunProgress | null }) {
  if (!progress || progress.elapsedMs < SHOW_PROGRESS_AFTER_MS) return null;
  const { fraction, elapsedMs } = progress;
  const left = timeLeftMs(progress);
  return (
    <div className="run-status">
      <progress max={1} value={fraction} aria-label="Simulation progress" />
      <span>
        {Math.round(fraction * 100)} % · {seconds(elapsedMs)} elapsed
        {Number.isFinite(left) ? ` · about ${seconds(left)} left` : ''}
      </span>
    </div>
  );
}
