import type { ReactNode } from 'react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';

import type { Engine } from './engine/engine';
import type { ModelInfo } from './engine/types';
import type { Preset } from './presets/schema';
import { presetParams } from './presets/schema';
import { fillParams, resolveValues } from './presets/param_values';
import { ErrorBoundary } from './page/ErrorBoundary';
import { IdleBoard, IdleContext, writeIdle } from './ui/page_idle';
import { tours } from './tours/bundled';
import { stepState } from './tours/schema';
import { TourPanel, TourStepStatus } from './tours/TourPanel';
import type { QuestionSpec, StepOutputsSpec } from './tours/schema';
import { OpenQuestion, StepOutputs } from './tours/use_withheld';
import { readsMachines } from './tours/withhold';
import { hiddenParams } from './tours/panel_model';
import { PaneSlot } from './page/PaneSlot';
import { MachinesPage } from './compare/MachinesPage';
import { SideBySide } from './page/SideBySide';
import { Picker } from './page/Picker';
import { useScrollPlace } from './page/use_scroll_place';
import { useUrlHistory } from './page/use_url_history';
import { copyText, urlContext, useModels, usePresetNetworks, useTheme } from './page/page';
import type { RunView } from './results/chart_builder';
import type { Pane, StepAnswer, UrlState } from './link/url_state';
import {
  emptyState,
  firstPane,
  pageLayout,
  parseUrlState,
  serializeUrlState,
  pinsForStep,
  withFirstPane,
  withPageLayout,
} from './link/url_state';

/** How long "Link copied" stays: long enough to read, then the header is as it was. */
const COPIED_MS = 4000;

export function App({ engine, presets }: { engine: Engine; presets: Preset[] }) {
  const { models, error } = useModels(engine);

  return (
    <div className="app">
      {error !== null ? (
        <>
          <Header />
          <p role="alert" className="banner error">
            The simulation engine did not load: {error}
          </p>
        </>
      ) : models === null ? (
        <>
          <Header />
          <p className="banner">Loading the simulation engine…</p>
        </>
      ) : (
        <Shell engine={engine} models={models} presets={presets} />
      )}
    </div>
  );
}

function Header({ children }: { children?: ReactNode }) {
  return (
    <header className="app-header">
      <h1>
        <a href="./" className="home">
          archex
        </a>{' '}
        <span className="tagline">architecture explorer</span>
      </h1>
      {children}
    </header>
  );
}

/**
 * The keyboard's first stop: past the header and the parameter panel (over a hundred fields on the
 * custom network) to the charts, or to the results while the charts are not drawn yet.
 */
function SkipLink() {
  return (
    <a
      className="skip-link"
      href="#charts"
      onClick={(e) => {
        e.preventDefault();
        (document.getElementById('charts') ?? document.getElementById('results'))?.focus();
      }}
    >
      Skip to the charts
    </a>
  );
}

/**
 * A link to a tour's step that lacks the layout the step opens (written by hand, or by a tool
 * that knows only the step) opens it: the step's words and question read both sides.
 */
function withStepLayout<T extends { state: UrlState }>(parsed: T): T {
  const layout = parsed.state.layout;
  if (layout?.kind !== 'tour' || layout.open) return parsed;
  const tour = tours.find((t) => t.id === layout.tour);
  const open = tour?.steps[layout.step] ? stepState(tour, layout.step).layout : undefined;
  return open ? { ...parsed, state: { ...parsed.state, layout: { ...layout, open } } } : parsed;
}

/**
 * What the panes read from the page: its idle board, the tour's open question, and what of the
 * runs the tour's step shows.
 */
function PaneContext({
  board,
  question,
  outputs,
  children,
}: {
  board: IdleBoard;
  question: QuestionSpec | null;
  outputs: StepOutputsSpec | undefined;
  children: ReactNode;
}) {
  return (
    <IdleContext.Provider value={board}>
      <OpenQuestion.Provider value={question}>
        <StepOutputs.Provider value={outputs}>{children}</StepOutputs.Provider>
      </OpenQuestion.Provider>
    </IdleContext.Provider>
  );
}

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
  // The cards say each preset's own sizes, written from its parameters.
  const cards = useMemo(
    () =>
      presets.map((p) => {
        const specs = models.find((m) => m.name === p.model)?.params ?? [];
        return {
          ...p,
          description: fillParams(p.description, specs, resolveValues(specs, presetParams(p))),
        };
      }),
    [presets, models],
  );
  const [initial] = useState(() => withStepLayout(parseUrlState(window.location.search, ctx)));
  const [state, setState] = useState<UrlState>(initial.state);
  const [dropped, setDropped] = useState(initial.dropped);
  const search = serializeUrlState(state);
  const onPop = useCallback(
    (query: string) => {
      const parsed = withStepLayout(parseUrlState(query, ctx));
      setState(parsed.state);
      setDropped(parsed.dropped);
    },
    [ctx],
  );
  // A history entry for each experiment, layout and tour step, so back and forward move
  // between them.
  const layout = state.layout;
  // What shapes the page: side by side or every machine, the link's own or a tour step's.
  const page = pageLayout(layout);
  const place = `${state.presetId ?? ''}|${layout?.kind ?? ''}|${
    layout?.kind === 'tour' ? `${layout.tour}/${layout.step}` : ''
  }|${page?.kind ?? ''}|${state.present ? 'present' : ''}`;
  useUrlHistory(search, place, onPop);
  // The start page shows while no experiment, nor every machine, is open.
  const leaveStart = useScrollPlace(!state.presetId && page?.kind !== 'machines');
  useTheme(state.theme);

  // What "Copy link" did, and the address it copied: said only while that is still the address.
  const [copied, setCopied] = useState<{ text: string; search: string } | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const preset = presets.find((p) => p.id === state.presetId);
  const model = models.find((m) => m.name === preset?.model);

  // The picker is idle; the all-machines page reports its own (this effect runs after the
  // page's, so it would otherwise say idle while the machines run).
  const machinesShown = page?.kind === 'machines';
  useLayoutEffect(() => {
    if (!preset && !machinesShown) writeIdle({ current: true, idle: true });
  }, [preset, machinesShown]);
  const [board] = useState(() => new IdleBoard(writeIdle));
  const tour = layout?.kind === 'tour' ? tours.find((t) => t.id === layout.tour) : undefined;
  // A step sets the first pane through the link (its preset, parameters, charts and view) and
  // the layout it opens: side by side, every machine, or the first pane alone.
  const openStep = useCallback(
    (tourId: string, step: number) =>
      setState((s) => {
        const t = tours.find((x) => x.id === tourId);
        if (!t) return s;
        const { layout: open, ...pane } = stepState(t, step);
        // The predictions made so far go with the tour from step to step.
        const answers = s.layout?.kind === 'tour' && s.layout.tour === tourId && s.layout.answers;
        return {
          ...withFirstPane(s, { ...pane, pins: pinsForStep(s.pins, pane.presetId) }),
          layout: {
            kind: 'tour',
            tour: tourId,
            step,
            ...(open ? { open } : {}),
            ...(answers ? { answers } : {}),
          },
          // Presenting, the next step shows the chart it is about.
          ...(s.present ? { present: {} } : {}),
        };
      }),
    [],
  );
  // Closing the tour leaves the page as the step left it.
  const closeTour = () =>
    setState(({ layout: tourLayout, ...s }) => {
      const open = pageLayout(tourLayout);
      return open ? { ...s, layout: open } : s;
    });
  const tourStep = tour && layout?.kind === 'tour' ? tour.steps[layout.step] : undefined;
  // The step's prediction, kept in the link: a question is open until it is revealed.
  const stepAnswer = (layout?.kind === 'tour' && layout.answers?.[layout.step]) || {};
  const openQuestion = tourStep?.question && !stepAnswer.revealed ? tourStep.question : null;
  const setAnswer = (answer: StepAnswer) =>
    setState((s) =>
      s.layout?.kind === 'tour'
        ? {
            ...s,
            layout: { ...s.layout, answers: { ...s.layout.answers, [s.layout.step]: answer } },
          }
        : s,
    );
  const tourPanel =
    tour && layout?.kind === 'tour'
      ? (
          outcome: RunView | null,
          others: { right?: RunView | null; machines?: Record<string, RunView> } = {},
        ) => (
          <TourPanel
            tour={tour}
            specs={model?.params}
            step={layout.step}
            outcome={outcome}
            right={others.right}
            machines={others.machines}
            onStep={(i) => openStep(tour.id, i)}
            onClose={closeTour}
            answer={stepAnswer}
            onAnswer={setAnswer}
          />
        )
      : undefined;
  const shownParams =
    tourStep && model
      ? model.params.map((p) => p.name).filter((n) => !hiddenParams(tourStep, model.params).has(n))
      : undefined;
  const onFirst = useCallback(
    (update: (pane: Pane) => Pane) => setState((s) => withFirstPane(s, update(firstPane(s)))),
    [],
  );

  // During a tour, presenting shows the chart the step is about (on both sides, side by side).
  const presented =
    state.present && !state.present.chart && tourStep && 'chart' in tourStep.look
      ? { chart: tourStep.look.chart }
      : state.present;
  const onPresent = (chart: string | null) =>
    setState(({ present: _present, ...s }) => (chart === null ? s : { ...s, present: { chart } }));

  const copyLink = () => {
    copyText(window.location.href).then(
      () => setCopied({ text: 'Link copied', search }),
      () => setCopied({ text: 'Copy failed: select the address bar and copy it', search }),
    );
  };

  return (
    <>
      {preset ? <SkipLink /> : null}
      <Header>
        <nav className="header-tools" aria-label="Explorer">
          {preset ? (
            <a
              href="./"
              onClick={(e) => {
                e.preventDefault();
                setState((s) => ({
                  ...emptyState(),
                  pins: s.pins,
                  ...(s.theme ? { theme: s.theme } : {}),
                }));
              }}
            >
              All machines
            </a>
          ) : null}
          <button type="button" onClick={copyLink}>
            Copy link
          </button>
          {copied?.search === search ? (
            <span role="status" className="copied">
              {copied.text}
            </span>
          ) : null}
          <label>
            Theme{' '}
            <select
              value={state.theme ?? 'system'}
              onChange={(e) => {
                const value = e.target.value;
                setState((s) => {
                  const next = { ...s };
                  if (value === 'light' || value === 'dark') next.theme = value;
                  else delete next.theme;
                  return next;
                });
              }}
            >
              <option value="system">system</option>
              <option value="light">light</option>
              <option value="dark">dark</option>
            </select>
          </label>
        </nav>
        <TourStepStatus tour={tour} step={layout?.kind === 'tour' ? layout.step : 0} />
      </Header>
      {dropped.length > 0 ? (
        <div className="banner warning" role="status">
          Ignored from the link: {dropped.join('; ')}.
          <button type="button" onClick={() => setDropped([])} aria-label="Dismiss">
            ×
          </button>
        </div>
      ) : null}
      {page?.kind === 'machines' ? (
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
              ...emptyState(),
              pins: s.pins,
              ...(s.theme ? { theme: s.theme } : {}),
              layout: { kind: 'machines', unit: 'us', params: {} },
            }));
          }}
          presets={cards}
          networks={networks}
          onPick={(id) => {
            leaveStart();
            setState((s) => ({
              ...emptyState(id),
              pins: s.pins,
              ...(s.theme ? { theme: s.theme } : {}),
            }));
          }}
        />
      )}
    </>
  );
}
