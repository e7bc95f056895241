import { useLayoutEffect, useMemo, useState, useCallback } from 'react';

import type { Engine } from './engine/engine';
import type { ModelInfo } from './engine/types';
import type { Preset } from './presets/schema';
import { ErrorBoundary } from './page/ErrorBoundary';
import { IdleBoard, writeIdle } from './ui/page_idle';
import { tours } from './tours/bundled';
import { TourStepStatus } from './tours/TourPanel';
import { readsMachines } from './tours/withhold';
import { hiddenParams } from './tours/panel_model';
import { PaneSlot } from './page/PaneSlot';
import { MachinesPage } from './compare/MachinesPage';
import { SideBySide } from './page/SideBySide';
import { Picker } from './page/Picker';
import { DroppedBanner, Header, HeaderTools, SkipLink } from './page/AppHeader';
import { PaneContext } from './page/PaneContext';
import { BooksimBanner } from './page/BooksimBanner';
import { BooksimOpen } from './page/BooksimOpen';
import { useBooksimOpen } from './page/use_booksim_open';
import type { BooksimOpened } from './page/booksim_open';
import { BOOKSIM_PRESET } from './presets/booksim';
import { useLinkState } from './page/use_link_state';
import { useOpenStep, useTourStep } from './page/use_tour_step';
import { useClassroom } from './page/use_classroom';
import { useLessonBuilder } from './page/use_lesson_builder';
import { useScrollPlace } from './page/use_scroll_place';
import { EngineGate } from './page/EngineGate';
import { urlContext, usePresetCards, usePresetNetworks, useTheme } from './page/page';
import type { Pane, UrlState } from './link/url_state';
import { emptyState, firstPane, withFirstPane, withPageLayout } from './link/url_state';

export function App({ engine, presets }: { engine: Engine; presets: Preset[] }) {
  return (
    <div className="app">
      <EngineGate engine={engine} presets={presets} header={<Header />}>
        {(models, shown) => <Shell engine={engine} models={models} presets={shown} />}
      </EngineGate>
    </div>
  );
}

/** A fresh state on `presetId` (null: the picker) that keeps the pins and the theme. */
const freshState = (s: UrlState, presetId: string | null = null): UrlState => ({
  ...emptyState(presetId),
  pins: s.pins,
  ...(s.theme ? { theme: s.theme } : {}),
});

function Shell({
  engine,
  models,
  presets,
}: {
  engine: Engine;
  models: ModelInfo[];
  presets: Preset[];
}) {
  const ctx = useMemo(() => urlContext(presets, models, tours), [presets, models]);
  const networks = usePresetNetworks(engine, presets, models);
  const cards = usePresetCards(presets, models);
  const { state, setState, dropped, setDropped, search, page } = useLinkState(ctx);
  // The start page shows while no experiment, nor every machine, is open.
  const leaveStart = useScrollPlace(!state.presetId && page?.kind !== 'machines');
  useTheme(state.theme);
  const preset = presets.find((p) => p.id === state.presetId);
  const model = models.find((m) => m.name === preset?.model);

  // The picker is idle; the all-machines page reports its own (this effect runs after the
  // page's, so it would otherwise say idle while the machines run).
  const machinesShown = page?.kind === 'machines';
  useLayoutEffect(() => {
    if (!preset && !machinesShown) writeIdle({ current: true, idle: true });
  }, [preset, machinesShown]);
  const [board] = useState(() => new IdleBoard(writeIdle));
  const onBooksim = useCallback(
    ({ name, params, seed, notes }: BooksimOpened, custom: Preset) => {
      leaveStart();
      setState((s) => ({
        ...freshState(s, custom.id),
        params,
        ...(seed === undefined ? {} : { seed }),
        booksim: { name, notes },
      }));
    },
    [leaveStart, setState],
  );
  const booksim = useBooksimOpen({ engine, presets, models, board, onOpened: onBooksim });
  const lesson = useLessonBuilder({ engine, board, presets, models, state, setState });
  const classroom = useClassroom({ state, setState, openStep: useOpenStep(setState) });
  const { tour, tourStep, openStep, openQuestion, tourPanel } = useTourStep(
    state,
    setState,
    model?.params,
    lesson.editTour,
    classroom,
  );
  const layout = state.layout;
  const shownParams =
    tourStep && model
      ? model.params.map((p) => p.name).filter((n) => !hiddenParams(tourStep, model.params).has(n))
      : undefined;
  const onFirst = useCallback(
    (update: (pane: Pane) => Pane) => setState((s) => withFirstPane(s, update(firstPane(s)))),
    [setState],
  );

  // During a tour, presenting shows the chart the step is about (on both sides, side by side).
  const presented =
    state.present && !state.present.chart && tourStep && 'chart' in tourStep.look
      ? { chart: tourStep.look.chart }
      : state.present;
  const onPresent = (chart: string | null) =>
    setState(({ present: _present, ...s }) => (chart === null ? s : { ...s, present: { chart } }));

  return (
    <>
      {preset ? <SkipLink /> : null}
      <Header>
        <HeaderTools
          experiment={preset !== undefined}
          search={search}
          theme={state.theme}
          onState={setState}
        >
          {booksim.open ? <BooksimOpen onFile={booksim.open} /> : null}
          {preset && !lesson.builderOpen ? (
            <button type="button" onClick={lesson.openBuilder}>
              {lesson.opens}
            </button>
          ) : null}
        </HeaderTools>
        <TourStepStatus tour={tour} step={layout?.kind === 'tour' ? layout.step : 0} />
      </Header>
      <DroppedBanner dropped={dropped} onDismiss={() => setDropped([])} />
      {classroom.bar}
      {/* The file's notes are about the custom network: not shown over another experiment. */}
      {booksim.said && 'refused' in booksim.said ? (
        <BooksimBanner said={booksim.said} onDismiss={booksim.dismiss} />
      ) : state.booksim && state.presetId === BOOKSIM_PRESET ? (
        <BooksimBanner
          said={state.booksim}
          onDismiss={() => setState(({ booksim: _booksim, ...s }) => s)}
        />
      ) : null}
      {lesson.previewBar}
      <div className={lesson.builder ? 'with-lesson-builder' : 'page-body'}>
        {classroom.joinForm ? (
          classroom.joinForm
        ) : page?.kind === 'machines' ? (
          <ErrorBoundary
            resetKey={search}
            onReset={() => setState((s) => ({ ...emptyState(), theme: s.theme }))}
          >
            <MachinesPage
              engine={engine}
              models={models}
              presets={presets}
              link={{
                ...(page.machine !== undefined ? { machine: page.machine } : {}),
                unit: page.unit,
                params: page.params,
              }}
              onLink={(link) => setState((s) => withPageLayout(s, { kind: 'machines', ...link }))}
              held={openQuestion !== null && readsMachines(openQuestion)}
              tour={
                tourPanel
                  ? // The step reads its machines' runs once every machine is in.
                    (machines, done) =>
                      done
                        ? tourPanel(machines[state.presetId ?? ''] ?? null, { machines })
                        : tourPanel(null)
                  : undefined
              }
            />
          </ErrorBoundary>
        ) : preset && model ? (
          <ErrorBoundary
            resetKey={search}
            onReset={() => setState((s) => ({ ...emptyState(preset.id), theme: s.theme }))}
          >
            <PaneContext
              board={board}
              question={openQuestion}
              outputs={tourStep ? (tourStep.outputs ?? {}) : undefined}
            >
              {page?.kind === 'side' ? (
                <SideBySide
                  engine={engine}
                  models={models}
                  presets={presets}
                  state={state}
                  right={page.right}
                  onState={setState}
                  present={presented}
                  onPresent={onPresent}
                  shownParams={tourStep?.show}
                  tour={tourPanel ? (left, right) => tourPanel(left, { right }) : undefined}
                />
              ) : (
                <PaneSlot
                  key={preset.id}
                  engine={engine}
                  models={models}
                  presets={presets}
                  preset={preset}
                  model={model}
                  pane={firstPane(state)}
                  onPane={onFirst}
                  present={presented}
                  shownParams={shownParams}
                  tour={tourPanel}
                  onPresent={onPresent}
                  onCompare={() =>
                    setState((s) =>
                      withPageLayout(s, { kind: 'side', right: { ...firstPane(s), pins: [] } }),
                    )
                  }
                />
              )}
            </PaneContext>
          </ErrorBoundary>
        ) : (
          <Picker
            onTour={(id) => {
              leaveStart();
              openStep(id, 0);
            }}
            onMachines={() => {
              leaveStart();
              setState((s) => ({
                ...freshState(s),
                layout: { kind: 'machines', unit: 'us', params: {} },
              }));
            }}
            presets={cards}
            networks={networks}
            onPick={(id) => {
              leaveStart();
              setState((s) => freshState(s, id));
            }}
            {...(lesson.builderOpen
              ? {}
              : { onLesson: { open: lesson.openBuilder, label: lesson.opens } })}
          />
        )}
        {lesson.builder}
      </div>
    </>
  );
}
