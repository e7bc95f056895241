import { useT } from '../i18n/i18n';
import type { ChartRun } from '../results/chart_builder';
import { useShown, useWithheld } from '../tours/use_withheld';
import { readoutsShown } from '../tours/withhold';
import { StaleMark } from './StaleMark';
import './readouts.css';

/**
 * A run's readouts, its headline numbers, as a list of label and value: those a tour's step
 * shows, and while its question is open none of the run that answers it. A screen reader hears
 * them as they change.
 */
export function Readouts({ outcome, stale }: { outcome: ChartRun; stale: string | null }) {
  const t = useT('explorer');
  const held = useWithheld(outcome);
  const shown = useShown();
  const readouts = readoutsShown(outcome.preset, outcome, held).filter((_, i) => shown.readout(i));
  if (readouts.length === 0) return null;
  return (
    <StaleMark reason={stale}>
      <p className="sr-only" aria-live="polite">
        {readouts
          .map((r) => t('readouts.spoken', { label: r.label, value: r.value }))
          .join(t('readouts.separator'))}
      </p>
      <dl className="readouts">
        {readouts.map((r) => (
          <div key={r.readout.label}>
            <dt>{r.label}</dt>
            <dd data-readout={String(r.readout.value)}>
              {r.value}
              {r.detail !== null ? <small>{r.detail}</small> : null}
            </dd>
          </div>
        ))}
      </dl>
    </StaleMark>
  );
}
