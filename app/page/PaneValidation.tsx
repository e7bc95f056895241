// A pane's model-versus-paper table (withheld while it states a tour question's answer), or the
// presets that hold this experiment's paper targets.
import { tableToCsv } from '../charts/chart_table';
import { download } from '../exports/export';
import { useT } from '../i18n/i18n';
import { emptyState, serializeUrlState } from '../link/url_state';
import { changedParams } from '../presets/param_values';
import type { Preset } from '../presets/schema';
import { validationRecords } from '../presets/validation_text';
import { withheldWords } from '../results/chart_data';
import { provenance } from '../results/figure_info';
import { TargetsElsewhere, ValidationTable } from '../ui/ValidationTable';
import { StaleMark } from './StaleMark';
import type { PaneRun } from './use_pane_run';

export function PaneValidation({
  preset,
  presets,
  paneRun,
  withheld,
  shown,
}: {
  preset: Preset;
  presets: Preset[];
  paneRun: PaneRun;
  /** A tour's open question holds the outcome back. */
  withheld: boolean;
  /** The tour's step shows the table. */
  shown: boolean;
}) {
  const t = useT('explorer');
  const { outcome, validation, stale, specs, paperValues, drawn, seed } = paneRun;
  return (
    <>
      {preset.targetsIn ? (
        <TargetsElsewhere
          presets={preset.targetsIn.flatMap((id) => {
            const other = presets.find((p) => p.id === id);
            return other
              ? [
                  {
                    id,
                    title: other.title,
                    targets: other.reference.length,
                    href: serializeUrlState(emptyState(id)),
                  },
                ]
              : [];
          })}
        />
      ) : null}
      {!shown ? null : outcome && withheld && validation?.length ? (
        <section className="validation" aria-labelledby="validation-title">
          <h3 id="validation-title">{t('validation.title')}</h3>
          <p>{t('validation.held', { withheld: withheldWords() })}</p>
        </section>
      ) : outcome && validation && validation.length > 0 ? (
        <StaleMark reason={stale}>
          <ValidationTable
            rows={validation}
            onExport={() =>
              download(
                tableToCsv(
                  validationRecords(validation),
                  provenance({
                    preset: outcome.preset,
                    specs,
                    params: outcome.params,
                    paperValues,
                    seed: drawn.view?.seed ?? seed,
                    link: window.location.href,
                  }),
                ),
                `${outcome.preset.id}-model-vs-paper.csv`,
                'text/csv',
              )
            }
            changed={Object.keys(changedParams(outcome.params, paperValues)).length > 0}
          />
        </StaleMark>
      ) : null}
    </>
  );
}
