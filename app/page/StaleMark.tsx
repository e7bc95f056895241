import type { ReactNode } from 'react';

import { useT } from '../i18n/i18n';
import './stale_mark.css';

/**
 * Greys what was drawn from a run that no longer matches the fields (a field is invalid, or the
 * engine rejected them), with the reason in one line above it. The wrapper stays the same either
 * way, so what it holds keeps its state.
 */
export function StaleMark({ reason, children }: { reason: string | null; children: ReactNode }) {
  const t = useT('explorer');
  return (
    <div className={reason ? 'stale-mark stale' : 'stale-mark'}>
      {reason ? <p className="stale-note">{t('stale', { reason })}</p> : null}
      <div className="stale-body">{children}</div>
    </div>
  );
}
