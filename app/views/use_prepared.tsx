// What a view builds from its trace before it can draw (an index, a timeline), built a slice at a
// time between the page's tasks (sliced.ts) while the view says how far it has got; built again
// when the trace changes, the old building abandoned.
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';

import { isAbortError } from '../engine/engine';
import { useT } from '../i18n/i18n';
import type { Sliced } from './sliced';
import { runSliced } from './sliced';

/** The least time between two progress updates, ms: each redraws the page around the words. */
const PROGRESS_EVERY_MS = 100;

export type Prepared<T> =
  | { state: 'building'; progress: number }
  | { state: 'ready'; value: T }
  | { state: 'error'; message: string };

/**
 * Runs `make()`'s work in slices; `make` should change only when what it builds from does (a
 * useCallback). The answer is kept with the `make` it answers, so a new one shows as building.
 * `onReady` is called once the building has ended, after the commit that draws what was built (or
 * says why it could not be).
 */
export function usePrepared<T>(
  make: () => Sliced<T>,
  onReady: (() => void) | undefined,
): Prepared<T> {
  const [answer, setAnswer] = useState<{
    make: () => Sliced<T>;
    prepared: Prepared<T>;
  } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const set = (prepared: Prepared<T>) => setAnswer({ make, prepared });
    let said = performance.now();
    runSliced(make(), {
      signal: controller.signal,
      onProgress: (progress) => {
        const now = performance.now();
        if (now - said < PROGRESS_EVERY_MS) return;
        said = now;
        set({ state: 'building', progress });
      },
    }).then(
      (value) => set({ state: 'ready', value }),
      (error: unknown) => {
        if (isAbortError(error)) return;
        set({ state: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [make]);
  const prepared: Prepared<T> =
    answer?.make === make ? answer.prepared : { state: 'building', progress: 0 };
  const ended = prepared.state === 'building' ? null : prepared;
  useEffect(() => {
    if (ended) onReady?.();
  }, [ended, onReady]);
  return prepared;
}

/** A view's drawing once `make`'s work is built; until then, how far it has got. */
export function WhenBuilt<T>({
  make,
  what,
  onReady,
  children,
}: {
  make: () => Sliced<T>;
  /** What the building does, in words ("Building the timeline"). */
  what: string;
  onReady: (() => void) | undefined;
  children(built: T): ReactNode;
}) {
  const prepared = usePrepared(make, onReady);
  if (prepared.state !== 'ready') return <Preparing prepared={prepared} what={what} />;
  return children(prepared.value);
}

/** The words while a view builds, or why it could not. */
export function Preparing({ prepared, what }: { prepared: Prepared<unknown>; what: string }) {
  const t = useT('views');
  if (prepared.state === 'error') {
    return (
      <p className="banner error" role="alert">
        {t('preparing.failed', { message: prepared.message })}
      </p>
    );
  }
  const percent = prepared.state === 'building' ? Math.floor(100 * prepared.progress) : 100;
  // The words are said once; the count, every tenth of a second, is for the eye (the bar has it).
  return (
    <p className="trace-status" role="status">
      {t('preparing.doing', { what })} <span aria-hidden="true">{percent} %</span>{' '}
      <progress max={100} value={percent} aria-label={what} />
    </p>
  );
}
