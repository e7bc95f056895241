// A pane's pinned runs: pin this run, open it side by side, and each pin with its remove button.
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
  return (
    <div className="pins" role="group" aria-label="Pinned runs">
      <button
        type="button"
        onClick={onPin}
        disabled={!canPin}
        title="Keep this run and draw it under the next ones for comparison"
      >
        Pin this run
      </button>
      {onCompare ? (
        <button
          type="button"
          onClick={onCompare}
          title="Open a second copy of this experiment beside it, to change and compare"
        >
          Side by side
        </button>
      ) : null}
      {pins.map((_, i) => {
        const label = `#${i + 1} ${names[i] ?? ''}`;
        return (
          <span key={i} className="pin">
            {label}
            <button
              type="button"
              aria-label={`Remove pin ${label}`}
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
