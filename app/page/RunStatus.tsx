import type { RunProgress } from '../engine/engine';
import { i18n, useT } from '../i18n/i18n';
import { numberFormat } from '../presets/number_format';
import type { Held } from '../ui/use_engine_run';
import type { TimeLeft } from '../engine/time_left';
import { SHOW_PROGRESS_AFTER_MS, timeLeftSpan } from '../engine/time_left';
import './run_status.css';

const tenths = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
const seconds = (ms: number) =>
  i18n.t('explorer:run.seconds', { s: numberFormat(tenths).format(ms / 1000) });

/** The time left as the reader's language says it: "about 2-3 min", 「約 2〜3 分」. */
function timeLeftText(left: TimeLeft): string {
  const span = timeLeftSpan(left);
  return i18n.t('explorer:run.timeLeft', { ...span, same: span.low === span.high ? 'yes' : 'no' });
}

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
  const t = useT('explorer');
  if (!progress || progress.elapsedMs < SHOW_PROGRESS_AFTER_MS) return null;
  const { fraction, elapsedMs } = progress;
  return (
    <div className="run-status">
      <progress max={1} value={fraction} aria-label={t('run.progress')} />
      <span>
        {t('run.status', {
          percent: String(Math.round(fraction * 100)),
          elapsed: seconds(elapsedMs),
          left: timeLeft ? timeLeftText(timeLeft) : '',
          known: timeLeft ? 'yes' : 'no',
        })}
      </span>
      <button type="button" onClick={onStop}>
        {t('run.stop')}
      </button>
      {unwatched ? (
        <p className="run-unwatched">{t('run.unwatched', { because: unwatched })}</p>
      ) : null}
    </div>
  );
}

/** Why the run on show is not the current one: a long run paused to ask, or a stopped one. */
export function heldText(held: Held): string {
  return held.reason === 'ask'
    ? i18n.t('explorer:run.paused', {
        left: timeLeftText(held.left),
        after: String(Math.round(held.afterMs / 1000)),
      })
    : i18n.t('explorer:run.stopped', { elapsed: seconds(held.elapsedMs) });
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
  const t = useT('explorer');
  if (!held) return null;
  const text =
    held.reason === 'ask'
      ? t('run.pausedNotice', {
          left: timeLeftText(held.left),
          after: String(Math.round(held.afterMs / 1000)),
          shown: shown ? 'yes' : 'no',
        })
      : t('run.stoppedNotice', { elapsed: seconds(held.elapsedMs), shown: shown ? 'yes' : 'no' });
  return (
    <div className="banner notice run-notice" role="status">
      <p>{text}</p>
      <button type="button" onClick={onRun}>
        {held.reason === 'ask' ? t('run.anyway') : t('run.it')}
      </button>
    </div>
  );
}
