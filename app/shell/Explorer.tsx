import { useEffect, useLayoutEffect, useMemo, useState } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo, ParamValue, Params } from '../engine/types';
import { sameValue } from '../engine/types';
import type { Preset } from '../presets/schema';
import { presetParams } from '../presets/schema';
import { validate } from '../presets/validation';
import { ParamPanel } from '../ui/ParamPanel';
import { SeedField } from '../ui/SeedField';
import { ValidationTable } from '../ui/ValidationTable';
import { checkValue, formatValue, resolveValues } from '../ui/param_values';
import type { RunJob } from '../ui/use_engine_run';
import { useEngineRun } from '../ui/use_engine_run';
import { ChartCard } from './ChartCard';
import { RunStatus } from './RunStatus';
import type { RunView } from './chart_builder';
import { buildChart, chartOptions, formatTemplate, resolveRef } from './chart_builder';
import { usePinnedRuns } from './use_pinned_runs';
import type { UrlState } from './url_state';
import { MAX_PINS, emptyState, serializeUrlState } from './url_state';

const number = new Intl.NumberFormat('en', { maximumSignificantDigits: 4 });

/** What a run was made for, kept with its result. */
interface RunTag {
  preset: Preset;
  seed: number;
}

type View = RunView & RunTag;

interface Props {
  engine: Engine;
  models: ModelInfo[];
  presets: Preset[];
  preset: Preset;
  model: ModelInfo;
  state: UrlState;
  onState(update: (state: UrlState) => UrlState): void;
}

function paramsText(params: Params): string {
  return Object.entries(params)
    .map(([k, v]) => `${k}=${formatValue(v)}`)
    .join(', ');
}

/** One preset explored: its parameters, its charts drawn live from the engine, and its pins. */
export function Explorer({ engine, models, presets, preset, model, state, onState }: Props) {
  const specs = model.params;
  const paperValues = useMemo(() => resolveValues(specs, presetParams(preset)), [specs, preset]);
  const values = useMemo(
    () => resolveValues(specs, presetParams(preset), state.params),
    [specs, preset, state.params],
  );
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
      const spec = specs.find((s) => s.name === name);
      const checked = spec ? checkValue(spec, text) : { error: 'unknown parameter' };
      if ('error' in checked) {
        out[name] = checked.error;
        shown[name] = text;
      } else if (sameValue(checked.value, values[name])) {
        shown[name] = text;
      }
    }
    return { shownDrafts: shown, errors: out };
  }, [drafts, specs, values]);

  const job = useMemo<RunJob<RunTag>>(
    () => ({ request: { model: model.name, params: values, seed }, tag: { preset, seed } }),
    [model.name, values, seed, preset],
  );
  const run = useEngineRun(engine, job);
  const pinned = usePinnedRuns(engine, state.pins, presets, models);
  const [pending, setPending] = useState(0);
  useEffect(() => engine.onPendingChange(setPending), [engine]);

  // The idle signal e2e tests wait on: nothing pending and the current job's answer drawn.
  useLayoutEffect(() => {
    document.documentElement.dataset.idle = String(
      pending === 0 && pinned.ready && (run.upToDate || run.error !== null),
    );
  }, [pending, pinned.ready, run.upToDate, run.error]);

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
    const spec = specs.find((s) => s.name === name);
    const checked = spec ? checkValue(spec, text) : null;
    if (checked && 'value' in checked) writeParam(name, checked.value);
    setDrafts((d) => ({ ...d, [name]: text }));
  };

  // Readouts and the paper table show the latest complete run; charts also show a running
  // one's partial result, so a sweep fills in.
  const outcome: View | null = run.outcome
    ? { result: run.outcome.result, params: run.outcome.params, ...run.outcome.tag }
    : null;
  const view: View | null = run.progress
    ? { result: run.progress.partial, params: values, preset, seed }
    : outcome;
  const engineFieldError =
    run.error?.param !== undefined ? { [run.error.param]: run.error.message } : {};
  const sources = Object.fromEntries(Object.entries(preset.params).map(([k, v]) => [k, v.source]));
  const search = serializeUrlState(state);
  const changedFrom = (params: Params) =>
    Object.fromEntries(Object.entries(params).filter(([k, v]) => !sameValue(v, paperValues[k])));

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
          specs={specs}
          groups={preset.groups.map((g) => ({ title: g.title, names: g.params }))}
          values={values}
          drafts={shownDrafts}
          errors={{ ...engineFieldError, ...errors }}
          paperValues={paperValues}
          sources={sources}
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
      <section className="content">
        <div className="content-head">
          <h2>{preset.title}</h2>
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
          </p>
        ) : null}
        <RunStatus progress={run.progress} />
        {outcome ? (
          <>
            <p className="sr-only" aria-live="polite">
              {outcome.preset.readouts
                .map(
                  (r) =>
                    `${formatTemplate(r.label, outcome)}: ${number.format(resolveRef(r.value, outcome))} ${r.unit}`,
                )
                .join('; ')}
            </p>
            <dl className="readouts">
              {outcome.preset.readouts.map((r) => (
                <div key={r.label}>
                  <dt>{formatTemplate(r.label, outcome)}</dt>
                  <dd data-readout={String(r.value)}>
                    {number.format(resolveRef(r.value, outcome))} {r.unit}
                    {r.detail ? <small>{formatTemplate(r.detail, outcome)}</small> : null}
                  </dd>
                </div>
              ))}
            </dl>
          </>
        ) : null}
        {view ? (
          <div className="charts">
            {view.preset.charts.map((spec) => {
              const choice = state.charts[spec.id] ?? {};
              const chart = buildChart(spec, view.preset, view, chartOptions(choice, pinned.runs));
              const embed = new URL(`embed.html${search}&chart=${spec.id}`, window.location.href);
              const changed = changedFrom(view.params);
              return (
                <ChartCard
                  key={spec.id}
                  spec={spec}
                  chart={chart}
                  choice={choice}
                  onChoice={(c) =>
                    onState((s) => ({ ...s, charts: { ...s.charts, [spec.id]: c } }))
                  }
                  hasReference={view.preset.reference.some((r) => r.plot?.chart === spec.id)}
                  embedUrl={embed.href}
                  exportInfo={{
                    filename: `${view.preset.id}-${spec.id}`,
                    // Read when exporting: by then the address holds every choice made.
                    caption: () => [
                      `${view.preset.title} (${view.preset.machine}, ${view.preset.year}).`,
                      Object.keys(changed).length > 0
                        ? `Parameters changed from the paper's: ${paramsText(changed)}; seed ${view.seed}.`
                        : `The paper's parameters; seed ${view.seed}.`,
                      `Source: ${view.preset.citation.text}, ${spec.about.citation}.`,
                      `Made with archex: ${window.location.href}`,
                    ],
                    json: () => ({
                      preset: view.preset.id,
                      model: model.name,
                      seed: view.seed,
                      chart: spec.id,
                      link: window.location.href,
                      params: view.params,
                      results: view.result,
                    }),
                  }}
                />
              );
            })}
          </div>
        ) : null}
        {outcome ? (
          <ValidationTable
            rows={validate(outcome.preset, outcome.result)}
            changed={Object.keys(changedFrom(outcome.params)).length > 0}
          />
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
