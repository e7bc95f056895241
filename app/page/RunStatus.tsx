import type { RunProgress } from '../engine/engine';
import type { Held } from '../ui/use_engine_run';
import type { TimeLeft } from '../engine/time_left';
import { SHOW_PROGRESS_AFTER_MS, formatTimeLeft } from '../engine/time_left';
import './run_status.css';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Progress of a long run: a bar, the time so far, an estimate of the time left and a way to stop
 * it. `unwatched` says why a stopped engine would go unseen here (Engine.unwatched): then a run
 * that never ends may be a dead engine, and the way out is said.
 */
export function RunStatus({
  progress,
  timeLeft,
  onStop,
  unwatched = null,
}: {
  progress: RunProgress | null;
  timeLeft: TimeLeft | null;
  onStop(): void;
  unwatched?: string | null;
}) {
  if (!progress || progress.elapsedMs < SHOW_PROGRESS_AFTER_MS) return null;
  const { fraction, elapsedMs } = progress;
  return (
    <div className="run-status">
      <progress max={1} value={fraction} aria-label="Simulation progress" />
      <span>
        {Math.round(fraction * 100)} % · {seconds(elapsedMs)} elapsed ·{' '}
        {timeLeft ? `${formatTimeLeft(timeLeft)} left` : 'estimating the time left'}
      </span>
      <button type="button" onClick={onStop}>
        Stop
      </button>
      {unwatched ? (
        <p className="run-unwatched">
          If this run never ends, reload the page: it cannot notice the browser stopping its engine,
          because {unwatched}.
        </p>
      ) : null}
    </div>
  );
}

/** Why the run on show is not the current one: a long run paused to ask, or a stopped one. */
export function heldText(held: Held): string {
  return held.reason === 'ask'
    ? `This run would take ${formatTimeLeft(held.left)} more, judged from its first ` +
        `${Math.round(held.afterMs / 1000)} seconds, so it was paused.`
    : `Run stopped after ${seconds(held.elapsedMs)}.`;
}

/**
 * A held run, said at the top of the page with the way to run it; `shown` says whether an earlier
 * complete run is on show meanwhile.
 */
export function RunNotice({
  held,
  shown,
  onRun,
}: {
  held: Held | null;
  shown: boolean;
  onRun(): void;
}) {
  if (!held) return null;
  const text = [
    heldText(held),
    held.reason === 'ask' ? 'Smaller values (fewer nodes or cycles, a lower load) run faster.' : '',
    shown ? 'The charts show the last complete run.' : '',
  ];
  return (
    <div className="banner notice run-notice" role="status">
      <p>{text.filter(Boolean).join(' ')}</p>
      <button type="button" onClick={onRun}>
        {held.reason === 'ask' ? 'Run it anyway' : 'Run it'}
      </button>
    </div>
  );
}
