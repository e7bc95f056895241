import { useDeferredValue, useEffect, useLayoutEffect, useMemo, useState } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo, ParamValue } from '../engine/types';
import { sameValue } from '../engine/types';
import type { Preset } from '../presets/schema';
import { presetBaseline, presetParams, shownSpecs, unusedParams } from '../presets/schema';
import { validate, validationRecords } from '../presets/validation';
import { tableToCsv } from '../charts/chart_table';
import { ParamPanel } from '../ui/ParamPanel';
import { SeedField } from '../ui/SeedField';
import { ValidationTable } from '../ui/ValidationTable';
import { changedParams, checkValue, resolveValues } from '../presets/param_values';
import type { RunJob } from '../ui/use_engine_run';
import { useEngineRun } from '../ui/use_engine_run';
import type { ChartRun, RunTag } from './ChartGrid';
import { ChartGrid } from './ChartGrid';
import { RunNotice, RunStatus, heldText } from './RunStatus';
import { StaleMark } from './StaleMark';
import { download } from './export';
import { formatTemplate, readoutText, sweepPoints } from './chart_builder';
import { ViewPanel } from '../views/ViewPanel';
import { usePinnedRuns } from './use_pinned_runs';
import type { UrlState } from './url_state';
import { MAX_PINS, emptyState } from './url_state';

interface Props {
  engine: Engine;
  models: ModelInfo[];
  presets: Preset[];
  preset: Preset;
  model: ModelInfo;
  state: UrlState;
  onState(update: (state: UrlState) => UrlState): void;
}

/**
 * Why the run on show does not match the fields, or null: the first field error (the field's
 * own check, or the engine's rejection), else the engine's error.
 */
export function staleReason(
  specs: ModelInfo['params'],
  fieldErrors: Record<string, string>,
  runError: string | null,
): string | null {
  const [name, message] = Object.entries(fieldErrors)[0] ?? [];
  if (name !== undefined) return `${specs.find((s) => s.name === name)?.label ?? name}: ${message}`;
  return runError;
}

/** What a chart says when its run stopped for a reason the page's top banner gives. */
export const RUN_STOPPED = 'the run stopped; the message at the top of the page says why.';

/** One preset explored: its parameters, its charts drawn live from the engine, and its pins. */
export function Explorer({ engine, models, presets, preset, model, state, onState }: Props) {
  const specs = model.params;
  const paperValues = useMemo(() => resolveValues(specs, presetParams(preset)), [specs, preset]);
  const values = useMemo(
    () => resolveValues(specs, presetParams(preset), state.params),
    [specs, preset, state.params],
  );
  // As the panel shows them: a unit that follows a choice (loads read as fractions of a bound).
  const panelSpecs = useMemo(() => shownSpecs(preset, specs, values), [preset, specs, values]);
  const seed = state.seed ?? preset.seed;
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  // Bumped by "reset all" so fields that keep their own typed text start afresh.
  const [resets, setResets] = useState(0);

  // Valid typed text shows while it still reads as the value (so "0.50" stays as typed); once the
  // value moves on (a slider, back/forward) the field shows the value. Invalid text stays, with
  // its error, until it is corrected or reset.
  const { shownDrafts, errors } = useMemo(() => {
    const shown: Record<string, string> = {};
    const out: Record<string, string> = {};
    for (const [name, text] of Object.entries(drafts)) {
      const spec = panelSpecs.find((s) => s.name === name);
      const checked = spec ? checkValue(spec, text) : { error: 'unknown parameter' };
      if ('error' in checked) {
        out[name] = checked.error;
        shown[name] = text;
      } else if (sameValue(checked.value, values[name])) {
        shown[name] = text;
      }
    }
    return { shownDrafts: shown, errors: out };
  }, [drafts, panelSpecs, values]);

  const job = useMemo<RunJob<RunTag>>(
    () => ({ request: { model: model.name, params: values, seed }, tag: { preset, seed } }),
    [model.name, values, seed, preset],
  );
  const run = useEngineRun(engine, job);
  const pinned = usePinnedRuns(engine, state.pins, presets, models);
  const [pending, setPending] = useState(0);
  useEffect(() => engine.onPendingChange(setPending), [engine]);

  // The link keeps only parameters that differ from the paper's.
  const writeParam = (name: string, value: ParamValue) =>
    onState((s) => {
      const params = { ...s.params };
      if (sameValue(value, paperValues[name])) delete params[name];
      else params[name] = value;
      return { ...s, params };
    });
  const setParam = (name: string, value: ParamValue) => {
    writeParam(name, value);
    setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([k]) => k !== name)));
  };
  const setDraft = (name: string, text: string) => {
    const spec = panelSpecs.find((s) => s.name === name);
    const checked = spec ? checkValue(spec, text) : null;
    if (checked && 'value' in checked) writeParam(name, checked.value);
    setDrafts((d) => ({ ...d, [name]: text }));
  };

  // Readouts and the paper table show the latest complete run; charts also show a running
  // one's partial result, so a sweep fills in.
  const outcome = useMemo<ChartRun | null>(
    () =>
      run.outcome
        ? { result: run.outcome.result, params: run.outcome.params, ...run.outcome.tag }
        : null,
    [run.outcome],
  );
  // A run that failed part way keeps what it drew, if anything, marked with why it stopped.
  const failed = run.failedPartial?.series.some((s) => s.x.length > 0) ? run.failedPartial : null;
  const drawnSoFar = run.progress?.partial ?? failed;
  const view = useMemo<ChartRun | null>(
    () => (drawnSoFar ? { result: drawnSoFar, params: values, preset, seed } : outcome),
    [drawnSoFar, values, preset, seed, outcome],
  );
  const engineFieldError =
    run.error?.param !== undefined ? { [run.error.param]: run.error.message } : {};
  const fieldErrors = { ...engineFieldError, ...errors };
  // An error about no field is said once, at the top; each chart points there.
  const stale = staleReason(
    specs,
    fieldErrors,
    run.error ? RUN_STOPPED : run.held ? heldText(run.held) : null,
  );
  const [errorName] = Object.keys(fieldErrors);
  const fieldReason =
    errorName === undefined || stale === null
      ? null
      : {
          name: errorName,
          label: specs.find((s) => s.name === errorName)?.label ?? errorName,
          text: stale,
        };
  const hidden = unusedParams(preset, specs, values);
  // An override's reason follows the source of the value it replaces.
  const sources = Object.fromEntries(
    Object.entries(preset.params).map(([k, v]) => [
      k,
      v.override === undefined ? v.source : `${v.source} (here: ${v.override})`,
    ]),
  );
  const validation = useMemo(
    () => (outcome ? validate(outcome.preset, outcome.result) : null),
    [outcome],
  );

  // A new run draws at lower priority than the controls: a slider's own task only moves the
  // slider and the address, and drawing, which React can interrupt, follows. A chart's own
  // toggles are not deferred: they are controlled inputs and must show their click at once.
  const charts = useMemo(() => ({ view, pins: pinned.runs }), [view, pinned.runs]);
  const drawn = useDeferredValue(charts);

  // The idle signal e2e tests wait on: nothing pending and the current job's answer drawn.
  useLayoutEffect(() => {
    document.documentElement.dataset.idle = String(
      pending === 0 &&
        pinned.ready &&
        (run.upToDate || run.error !== null || run.held !== null) &&
        drawn === charts,
    );
  }, [pending, pinned.ready, run.upToDate, run.error, run.held, drawn, charts]);

  // The trace view the link opens, over the charts: the chart it explains must say which view.
  const watched = state.view
    ? preset.charts.find((c) => c.id === state.view?.chart && c.watch?.view === state.view.kind)
    : undefined;
  const watchedPoints = useMemo(
    () => (watched && outcome ? sweepPoints(watched, outcome.preset, outcome) : []),
    [watched, outcome],
  );

  const pin = () =>
    onState((s) =>
      s.presetId === null
        ? s
        : {
            ...s,
            pins: [
              ...s.pins,
              {
                presetId: s.presetId,
                params: s.params,
                ...(s.seed !== undefined ? { seed: s.seed } : {}),
              },
            ].slice(-MAX_PINS),
          },
    );

  return (
    <main className="view">
      <aside className="sidebar">
        <label className="preset-picker">
          <span>Experiment</span>
          <select
            value={preset.id}
            onChange={(e) =>
              onState((s) => ({ ...emptyState(e.target.value), theme: s.theme, pins: s.pins }))
            }
          >
            {presets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.machine}: {p.experiment}
              </option>
            ))}
          </select>
        </label>
        <p className="preset-description">{preset.description}</p>
        <ParamPanel
          specs={panelSpecs}
          groups={preset.groups.map((g) => ({ title: g.title, names: g.params }))}
          values={values}
          drafts={shownDrafts}
          errors={fieldErrors}
          paperValues={paperValues}
          sources={sources}
          baseline={presetBaseline(preset)}
          hidden={hidden}
          onValue={setParam}
          onDraft={setDraft}
          onReset={(name) => setParam(name, paperValues[name] ?? 0)}
          onResetAll={() => {
            onState(({ seed: _seed, ...s }) => ({ ...s, params: {} }));
            setDrafts({});
            setResets((n) => n + 1);
          }}
        />
        <SeedField
          key={resets}
          seed={seed}
          presetSeed={preset.seed}
          onSeed={(next) =>
            onState(({ seed: _seed, ...s }) => (next === undefined ? s : { ...s, seed: next }))
          }
        />
      </aside>
      <section className="content" id="results" tabIndex={-1} aria-labelledby="results-title">
        <div className="content-head">
          <h2 id="results-title">{preset.title}</h2>
          <div className="pins" role="group" aria-label="Pinned runs">
            <button
              type="button"
              onClick={pin}
              disabled={!view}
              title="Keep this run and draw it under the next ones for comparison"
            >
              Pin this run
            </button>
            {state.pins.map((_, i) => {
              const label =
                pinned.runs.find((r) => r.label.startsWith(`#${i + 1} `))?.label ?? `#${i + 1}`;
              return (
                <span key={i} className="pin">
                  {label}
                  <button
                    type="button"
                    aria-label={`Remove pin ${label}`}
                    onClick={() =>
                      onState((s) => ({ ...s, pins: s.pins.filter((_pin, j) => j !== i) }))
                    }
                  >
                    ×
                  </button>
                </span>
              );
            })}
          </div>
        </div>
        {run.error && run.error.param === undefined ? (
          <p className="banner error" role="alert">
            {run.error.message}
            {/* A host that died or trapped was replaced: the same run may well go through. */}
            {run.error.kind === 'crash' || run.error.kind === 'failure' ? (
              <button type="button" onClick={run.runAnyway}>
                Run again
              </button>
            ) : null}
          </p>
        ) : null}
        {!outcome && !run.progress && fieldReason ? (
          // Nothing drawn yet (a link opened on a combination the engine refuses): the reason
          // stands where the charts would be, with the way to the field.
          <p className="banner error" role="alert" data-cannot-run>
            Cannot run: {fieldReason.text}
            {hidden.has(fieldReason.name) ? null : (
              <button
                type="button"
                onClick={() =>
                  document
                    .querySelector<HTMLElement>(`[data-param-number="${fieldReason.name}"]`)
                    ?.focus()
                }
              >
                Go to {fieldReason.label}
              </button>
            )}
          </p>
        ) : null}
        <RunNotice held={run.held} shown={outcome !== null} onRun={run.runAnyway} />
        <RunStatus progress={run.progress} timeLeft={run.timeLeft} onStop={run.stop} />
        {outcome ? (
          <StaleMark reason={stale}>
            <p className="sr-only" aria-live="polite">
              {outcome.preset.readouts
                .map((r) => `${formatTemplate(r.label, outcome)}: ${readoutText(r, outcome)}`)
                .join('; ')}
            </p>
            <dl className="readouts">
              {outcome.preset.readouts.map((r) => (
                <div key={r.label}>
                  <dt>{formatTemplate(r.label, outcome)}</dt>
                  <dd data-readout={String(r.value)}>
                    {readoutText(r, outcome)}
                    {r.detail ? <small>{formatTemplate(r.detail, outcome)}</small> : null}
                  </dd>
                </div>
              ))}
            </dl>
          </StaleMark>
        ) : null}
        {state.view && watched ? (
          <ViewPanel
            engine={engine}
            model={model.name}
            params={values}
            seed={seed}
            link={state.view}
            points={watchedPoints}
            chartTitle={watched.title}
            onLink={(update) => onState((s) => (s.view ? { ...s, view: update(s.view) } : s))}
            onClose={() => onState(({ view: _view, ...s }) => s)}
          />
        ) : null}
        {drawn.view ? (
          <ChartGrid
            view={drawn.view}
            model={model.name}
            specs={specs}
            choices={state.charts}
            pins={drawn.pins}
            paperValues={paperValues}
            stale={stale}
            onState={onState}
          />
        ) : null}
        {outcome && validation && validation.length > 0 ? (
          <StaleMark reason={stale}>
            <ValidationTable
              rows={validation}
              onExport={() =>
                download(
                  tableToCsv(validationRecords(validation)),
                  `${outcome.preset.id}-model-vs-paper.csv`,
                  'text/csv',
                )
              }
              changed={Object.keys(changedParams(outcome.params, paperValues)).length > 0}
            />
          </StaleMark>
        ) : null}
        <footer className="citation">
          <p>{model.description}</p>
          <p>
            Source: {preset.citation.text}, sections {preset.citation.sections}.
          </p>
        </footer>
      </section>
    </main>
  );
}
