import type { ReactNode } from 'react';
import { useCallback, useLayoutEffect, useMemo, useState } from 'react';

import type { Engine } from './engine/engine';
import type { ModelInfo } from './engine/types';
import type { Preset } from './presets/schema';
import { presetParams } from './presets/schema';
import { fillParams, resolveValues } from './presets/param_values';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { IdleBoard, IdleContext, writeIdle } from './shell/page_idle';
import { tours } from './tours/bundled';
import { stepState } from './tours/schema';
import { TourPanel, TourStepStatus } from './tours/TourPanel';
import { hiddenParams } from './tours/panel_model';
import { PaneSlot } from './shell/PaneSlot';
import { MachinesPage } from './compare/MachinesPage';
import { SideBySide } from './shell/SideBySide';
import { Picker } from './shell/Picker';
import { useUrlHistory } from './shell/use_url_history';
import { copyText, urlContext, useModels, usePresetNetworks, useTheme } from './shell/page';
import type { ChartRun } from './shell/ChartGrid';
import type { Pane, UrlState } from './shell/url_state';
import {
  emptyState,
  firstPane,
  parseUrlState,
  serializeUrlState,
  withFirstPane,
} from './shell/url_state';

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
  const [initial] = useState(() => parseUrlState(window.location.search, ctx));
  const [state, setState] = useState<UrlState>(initial.state);
  const [dropped, setDropped] = useState(initial.dropped);
  const search = serializeUrlState(state);
  const onPop = useCallback(
    (query: string) => {
      const parsed = parseUrlState(query, ctx);
      setState(parsed.state);
      setDropped(parsed.dropped);
    },
    [ctx],
  );
  // A history entry for each experiment, layout and tour step, so back and forward move
  // between them.
  const layout = state.layout;
  const place = `${state.presetId ?? ''}|${layout?.kind ?? ''}|${
    layout?.kind === 'tour' ? `${layout.tour}/${layout.step}` : ''
  }|${state.present ? 'present' : ''}`;
  useUrlHistory(search, place, onPop);
  useTheme(state.theme);

  const [copied, setCopied] = useState<string | null>(null);
  const preset = presets.find((p) => p.id === state.presetId);
  const model = models.find((m) => m.name === preset?.model);

  useLayoutEffect(() => {
    if (!preset) writeIdle(true);
  }, [preset]);
  const [board] = useState(() => new IdleBoard(writeIdle));
  const tour = layout?.kind === 'tour' ? tours.find((t) => t.id === layout.tour) : undefined;
  // A step sets the first pane through the link: its preset, parameters, charts and view.
  const openStep = useCallback(
    (tourId: string, step: number) =>
      setState((s) => {
        const t = tours.find((x) => x.id === tourId);
        if (!t) return s;
        return {
          ...withFirstPane(s, { ...stepState(t, step), pins: s.pins }),
          layout: { kind: 'tour', tour: tourId, step },
          // Presenting, the next step shows the chart it is about.
          ...(s.present ? { present: {} } : {}),
        };
      }),
    [],
  );
  const closeTour = () => setState(({ layout: _layout, ...s }) => s);
  const tourStep = tour && layout?.kind === 'tour' ? tour.steps[layout.step] : undefined;
  const tourPanel =
    tour && layout?.kind === 'tour'
      ? (outcome: ChartRun | null) => (
          <TourPanel
            tour={tour}
            specs={model?.params}
            step={layout.step}
            outcome={outcome}
            onStep={(i) => openStep(tour.id, i)}
            onClose={closeTour}
          />
        )
      : undefined;
  const onFirst = useCallback(
    (update: (pane: Pane) => Pane) => setState((s) => withFirstPane(s, update(firstPane(s)))),
    [],
  );

  const copyLink = () => {
    copyText(window.location.href).then(
      () => setCopied('Link copied'),
      () => setCopied('Copy failed: select the address bar and copy it'),
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
          {copied ? (
            <span role="status" className="copied">
              {copied}
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
      {layout?.kind === 'machines' ? (
        <ErrorBoundary
          resetKey={search}
          onReset={() => setState((s) => ({ ...emptyState(), theme: s.theme }))}
        >
          <MachinesPage
            engine={engine}
            models={models}
            presets={presets}
            link={{
              ...(layout.machine !== undefined ? { machine: layout.machine } : {}),
              unit: layout.unit,
              params: layout.params,
            }}
            onLink={(link) => setState((s) => ({ ...s, layout: { kind: 'machines', ...link } }))}
          />
        </ErrorBoundary>
      ) : preset && model ? (
        <ErrorBoundary
          resetKey={search}
          onReset={() => setState((s) => ({ ...emptyState(preset.id), theme: s.theme }))}
        >
          <IdleContext.Provider value={board}>
            {layout?.kind === 'side' ? (
              <SideBySide
                engine={engine}
                models={models}
                presets={presets}
                state={state}
                right={layout.right}
                onState={setState}
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
                present={
                  // During a tour, presenting shows the chart the step is about.
                  state.present && !state.present.chart && tourStep && 'chart' in tourStep.look
                    ? { chart: tourStep.look.chart }
                    : state.present
                }
                shownParams={
                  tourStep && model
                    ? model.params
                        .map((p) => p.name)
                        .filter((n) => !hiddenParams(tourStep, model.params).has(n))
                    : undefined
                }
                tour={tourPanel}
                onPresent={(chart) =>
                  setState(({ present: _present, ...s }) =>
                    chart === null ? s : { ...s, present: { chart } },
                  )
                }
                onCompare={() =>
                  setState((s) => ({
                    ...s,
                    layout: { kind: 'side', right: { ...firstPane(s), pins: [] } },
                  }))
                }
              />
            )}
          </IdleContext.Provider>
        </ErrorBoundary>
      ) : (
        <Picker
          onTour={(id) => openStep(id, 0)}
          onMachines={() =>
            setState((s) => ({
              ...emptyState(),
              pins: s.pins,
              ...(s.theme ? { theme: s.theme } : {}),
              layout: { kind: 'machines', unit: 'us', params: {} },
            }))
          }
          presets={cards}
          networks={networks}
          onPick={(id) =>
            setState((s) => ({
              ...emptyState(id),
              pins: s.pins,
              ...(s.theme ? { theme: s.theme } : {}),
            }))
          }
        />
      )}
    </>
  );
}
