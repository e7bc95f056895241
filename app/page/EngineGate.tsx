// A page's wait for the engine: its models once loaded, they and the presets in the reader's
// language; in words while it loads and when it fails, the page then idle.
import type { ReactNode } from 'react';
import { useLayoutEffect } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import { useT } from '../i18n/i18n';
import type { Preset } from '../presets/schema';
import { useModelsIn, usePresetsIn } from '../presets/translated';
import { writeIdle } from '../ui/page_idle';
import { useModels } from './page';

/** Says why nothing can be shown, in words, and lets the page report idle. */
export function Refused({ text }: { text: string }) {
  useLayoutEffect(() => writeIdle({ current: true, idle: true }), []);
  return (
    <p role="alert" className="banner error">
      {text}
    </p>
  );
}

export function EngineGate({
  engine,
  presets,
  header = null,
  children,
}: {
  engine: Engine;
  presets: Preset[];
  /** What the page shows above the words while it waits or after a failure. */
  header?: ReactNode;
  children(models: ModelInfo[], presets: Preset[]): ReactNode;
}) {
  const t = useT();
  const { models: english, error } = useModels(engine);
  const models = useModelsIn(english);
  const shown = usePresetsIn(presets);
  if (models !== null && error === null) return children(models, shown);
  return (
    <>
      {header}
      {error !== null ? (
        <Refused text={t('engine.failed', { error })} />
      ) : (
        <p className="banner">{t('engine.loading')}</p>
      )}
    </>
  );
}
