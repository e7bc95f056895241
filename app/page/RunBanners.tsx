// What a pane's run says above its charts: its error, why it cannot run (with the way to the
// field), the notice of a run held back, and its progress.
import type { Engine } from '../engine/engine';
import { useT } from '../i18n/i18n';
import { RunNotice, RunStatus } from './RunStatus';
import type { PaneRun } from './use_pane_run';

export function RunBanners({
  engine,
  paneRun,
  hidden,
}: {
  engine: Engine;
  paneRun: PaneRun;
  /** The parameters not shown: no way to a field that is not there. */
  hidden: Set<string>;
}) {
  const t = useT('explorer');
  const { run, outcome, fieldReason } = paneRun;
  return (
    <>
      {run.error && run.error.param === undefined ? (
        <p className="banner error" role="alert">
          {run.error.message}
          {/* A host that died or trapped was replaced: the same run may well go through. */}
          {run.error.kind === 'crash' || run.error.kind === 'failure' ? (
            <button type="button" onClick={run.runAnyway}>
              {t('run.again')}
            </button>
          ) : null}
        </p>
      ) : null}
      {!outcome && !run.progress && fieldReason ? (
        // Nothing drawn yet (a link opened on a combination the engine refuses): the reason
        // stands where the charts would be, with the way to the field.
        <p className="banner error" role="alert" data-cannot-run>
          {t('run.cannot', { reason: fieldReason.text })}
          {hidden.has(fieldReason.name) ? null : (
            <button
              type="button"
              onClick={() =>
                document
                  .querySelector<HTMLElement>(`[data-param-number="${fieldReason.name}"]`)
                  ?.focus()
              }
            >
              {t('run.goTo', { label: fieldReason.label })}
            </button>
          )}
        </p>
      ) : null}
      <RunNotice held={run.held} shown={outcome !== null} onRun={run.runAnyway} />
      <RunStatus
        progress={run.progress}
        timeLeft={run.timeLeft}
        onStop={run.stop}
        unwatched={engine.unwatched}
      />
    </>
  );
}
