// The compact lesson view (lesson.html), made for a frame on a course page: the lesson's panel and
// the step's charts, with only the fields the step shows; no header, no experiment picker, no
// builder. It plays the lesson its link carries as the explorer does (the same link state, the
// same panel, the same held-back charts until Reveal), and links to the whole explorer.
import { useT } from '../i18n/i18n';
import { useCallback, useMemo, useState } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import { firstPane, pageLayout, withFirstPane, withPageLayout } from '../link/url_state';
import type { Pane } from '../link/url_state';
import type { Preset } from '../presets/schema';
import type { RunView } from '../results/chart_builder';
import { tours } from '../tours/bundled';
import { TourStepStatus } from '../tours/TourPanel';
import { IdleBoard, writeIdle } from '../ui/page_idle';
import { CompactPane } from './CompactPane';
import { OpenInArchex } from './OpenInArchex';
import { PaneContext } from './PaneContext';
import { urlContext, useTheme } from './page';
import { useLinkState } from './use_link_state';
import { useTourStep } from './use_tour_step';
import { EngineGate, Refused } from './EngineGate';
import './compact.css';

function CompactStep({
  engine,
  models,
  presets,
}: {
  engine: Engine;
  models: ModelInfo[];
  presets: Preset[];
}) {
  const t = useT('explorer');
  const ctx = useMemo(() => urlContext(presets, models, tours), [presets, models]);
  const { state, setState, search, page } = useLinkState(ctx);
  useTheme(state.theme);
  const [board] = useState(() => new IdleBoard(writeIdle));
  const preset = presets.find((p) => p.id === state.presetId);
  const model = models.find((m) => m.name === preset?.model);
  const { tour, tourStep, openQuestion, tourPanel } = useTourStep(state, setState, model?.params);
  const [left, setLeft] = useState<RunView | null>(null);
  const [right, setRight] = useState<RunView | null>(null);
  const onFirst = useCallback(
    (update: (pane: Pane) => Pane) => setState((s) => withFirstPane(s, update(firstPane(s)))),
    [setState],
  );
  // The right pane is the one the tour's step opened.
  const onRight = useCallback(
    (update: (pane: Pane) => Pane) =>
      setState((s) => {
        const side = pageLayout(s.layout);
        return side?.kind === 'side'
          ? withPageLayout(s, { kind: 'side', right: update(side.right) })
          : s;
      }),
    [setState],
  );
  if (!tour || !tourStep || !tourPanel || state.layout?.kind !== 'tour')
    return <Refused text={t('compact.noLesson')} />;
  if (!preset || !model || page?.kind === 'machines')
    return <Refused text={t('compact.otherPage')} />;
  const explorer = `${new URL('./', window.location.href).href}${search}`;
  const rightPreset =
    page?.kind === 'side' ? presets.find((p) => p.id === page.right.presetId) : undefined;
  const rightModel = models.find((m) => m.name === rightPreset?.model);
  const common = { engine, models, presets, shown: tourStep.show ?? [] };
  return (
    <PaneContext board={board} question={openQuestion} outputs={tourStep.outputs ?? {}}>
      <TourStepStatus tour={tour} step={state.layout.step} />
      <div className="compact-lesson">
        {tourPanel(left, page?.kind === 'side' ? { right } : {})}
        <div className="compact-panes">
          <CompactPane
            key={`first-${preset.id}`}
            {...common}
            preset={preset}
            model={model}
            pane={firstPane(state)}
            onPane={onFirst}
            side="first"
            {...(rightPreset ? { label: t('side.name', { side: 'left' }) } : {})}
            onOutcome={setLeft}
          />
          {page?.kind === 'side' && rightPreset && rightModel ? (
            <CompactPane
              key={`right-${rightPreset.id}`}
              {...common}
              preset={rightPreset}
              model={rightModel}
              pane={page.right}
              onPane={onRight}
              side="right"
              label={t('side.name', { side: 'right' })}
              onOutcome={setRight}
            />
          ) : null}
        </div>
        <p className="compact-open">
          <OpenInArchex href={explorer} />
        </p>
      </div>
    </PaneContext>
  );
}

export function CompactLesson({ engine, presets }: { engine: Engine; presets: Preset[] }) {
  return (
    <main className="compact">
      <EngineGate engine={engine} presets={presets}>
        {(models, shown) => <CompactStep engine={engine} models={models} presets={shown} />}
      </EngineGate>
    </main>
  );
}
