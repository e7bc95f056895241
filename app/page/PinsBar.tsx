// A pane's pinned runs: pin this run, open it side by side, and each pin with its remove button.
import { useT } from '../i18n/i18n';
import type { Pane } from '../link/url_state';
import type { PaneUpdate } from './use_pane_run';

export function PinsBar({
  pins,
  names,
  canPin,
  onPin,
  onCompare,
  onPane,
}: {
  pins: Pane['pins'];
  /** Each pin's name, by what differs from the run drawn. */
  names: string[];
  canPin: boolean;
  onPin(): void;
  onCompare?(): void;
  onPane: PaneUpdate;
}) {
  const t = useT('explorer');
  return (
    <div className="pins" role="group" aria-label={t('pins.label')}>
      <button type="button" onClick={onPin} disabled={!canPin} title={t('pins.pinTitle')}>
        {t('pins.pin')}
      </button>
      {onCompare ? (
        <button type="button" onClick={onCompare} title={t('pins.compareTitle')}>
          {t('pins.compare')}
        </button>
      ) : null}
      {pins.map((_, i) => {
        const label = t('pins.name', { n: String(i + 1), name: names[i] ?? '' });
        return (
          <span key={i} className="pin">
            {label}
            <button
              type="button"
              aria-label={t('pins.remove', { label })}
              onClick={() => onPane((p) => ({ ...p, pins: p.pins.filter((_pin, j) => j !== i) }))}
            >
              ×
            </button>
          </span>
        );
      })}
    </div>
  );
}
