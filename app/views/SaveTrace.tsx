// The button that saves a recorded trace as a file for another tool: busy while the file is
// built, the reason in words if it cannot be.
import { useState } from 'react';

import type { TraceOutcome } from '../engine/trace';
import { i18n, useT } from '../i18n/i18n';

/** A file the recorded trace can be saved as: the button's words, what it is for, the saving. */
export interface TraceSave {
  label: string;
  hint: string;
  run(outcome: TraceOutcome): Promise<void>;
}

/**
 * The words of the save that writes the recorded window as a Perfetto trace (the page's
 * TraceSave for it), in the reader's language.
 */
export const PERFETTO_SAVE = {
  get label() {
    return i18n.t('save.perfetto.label', { ns: 'views' });
  },
  get hint() {
    return i18n.t('save.perfetto.hint', { ns: 'views' });
  },
};

/** The save button: busy while the file is built, the reason in words if it cannot be. */
export function SaveTrace({ save, outcome }: { save: TraceSave; outcome: TraceOutcome }) {
  const t = useT('views');
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const onClick = () => {
    setState({ busy: true });
    save.run(outcome).then(
      () => setState({ busy: false }),
      (error: unknown) =>
        setState({ busy: false, error: error instanceof Error ? error.message : String(error) }),
    );
  };
  return (
    <p className="trace-save">
      <button type="button" onClick={onClick} disabled={state.busy}>
        {state.busy ? t('save.preparing') : save.label}
      </button>{' '}
      <small>{save.hint}</small>
      {state.error ? (
        <span className="banner error" role="alert">
          {' '}
          {t('save.failed', { error: state.error })}
        </span>
      ) : null}
    </p>
  );
}
