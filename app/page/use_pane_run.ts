// One pane's run, apart from how it is drawn: the values its fields and link give, the typed text
// of its fields, the engine run those values ask for, its pins, and what the page says about it
// (stale, errors, validation). Each pane owns one, so two panes side by side share no state.
import { useDeferredValue, useEffect, useMemo, useState } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo, ParamValue, RunResult } from '../engine/types';
import { sameValue } from '../engine/types';
import { i18n, useT } from '../i18n/i18n';
import type { Preset } from '../presets/schema';
import { presetParams, unusedParams } from '../presets/schema';
import { validate } from '../presets/validation';
import { checkValue, resolveValues, specsAt } from '../presets/param_values';
import type { RunJob } from '../ui/use_engine_run';
import { useEngineRun } from '../ui/use_engine_run';
import type { ChartRun, RunTag } from '../results/chart_builder';
import { heldText } from './RunStatus';
import { sweepPoints } from '../chart_kinds/registry';
import { useReportIdle } from '../ui/page_idle';
import { usePinnedRuns } from './use_pinned_runs';
import type { Pane } from '../link/url_state';
import { MAX_PINS } from '../link/url_state';

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
  if (name !== undefined)
    return i18n.t('explorer:run.fieldStale', {
      label: specs.find((s) => s.name === name)?.label ?? name,
      message,
    });
  return runError;
}

/** What a chart says when its run stopped for a reason the page's top banner gives. */
export const runStopped = () => i18n.t('explorer:run.stoppedStale');

export type PaneUpdate = (update: (pane: Pane) => Pane) => void;

/** A run's result holds something to draw: a point of a curve, a network or a timeline. */
export function holdsPoints(result: RunResult | null | undefined): result is RunResult {
  return (
    !!result &&
    (result.series.some((s) => s.x.length > 0) ||
      result.networks.length > 0 ||
      result.timelines.length > 0)
  );
}

interface Args {
  engine: Engine;
  models: ModelInfo[];
  presets: Preset[];
  preset: Preset;
  model: ModelInfo;
  pane: Pane;
  onPane: PaneUpdate;
}

export function usePaneRun({ engine, models, presets, preset, model, pane, onPane }: Args) {
  // What it says (stale reasons) follows the reader's language.
  useT('explorer');
  const specs = model.params;
  const paperValues = useMemo(() => resolveValues(specs, presetParams(preset)), [specs, preset]);
  const values = useMemo(
    () => resolveValues(specs, presetParams(preset), pane.params),
    [specs, preset, pane.params],
  );
  // As the panel shows them: a unit that follows a choice (loads read as fractions of a bound).
  const panelSpecs = useMemo(() => specsAt(specs, values), [specs, values]);
  const seed = pane.seed ?? preset.seed;
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
      const checked = spec
        ? checkValue(spec, text)
        : { error: i18n.t('explorer:run.unknownParam') };
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
  const pinned = usePinnedRuns(engine, pane.pins, presets, models, pane);
  const [pending, setPending] = useState(0);
  useEffect(() => engine.onPendingChange(setPending), [engine]);

  // The link keeps only parameters that differ from the paper's.
  const writeParam = (name: string, value: ParamValue) =>
    onPane((p) => {
      const params = { ...p.params };
      if (sameValue(value, paperValues[name])) delete params[name];
      else params[name] = value;
      return { ...p, params };
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
  const resetAll = () => {
    onPane(({ seed: _seed, ...p }) => ({ ...p, params: {} }));
    setDrafts({});
    setResets((n) => n + 1);
  };

  // Readouts and the paper table show the latest complete run; charts also show a running
  // one's partial result once it holds a point, so a sweep fills in (until then the last run's
  // charts stay, never a blank one).
  const outcome = useMemo<ChartRun | null>(
    () =>
      run.outcome
        ? { result: run.outcome.result, params: run.outcome.params, ...run.outcome.tag }
        : null,
    [run.outcome],
  );
  // A run that failed part way keeps what it drew, if anything, marked with why it stopped.
  const failed = holdsPoints(run.failedPartial) ? run.failedPartial : null;
  const running = run.progress?.partial;
  const partial = holdsPoints(running) ? running : null;
  const drawnSoFar = partial ?? failed;
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
    run.error ? runStopped() : run.held ? heldText(run.held) : null,
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
  const hidden = unusedParams(preset, model, values);
  const validation = useMemo(
    () => (outcome ? validate(outcome.preset, outcome.result) : null),
    [outcome],
  );

  // A new run draws at lower priority than the controls: a slider's own task only moves the
  // slider and the address, and drawing, which React can interrupt, follows. A chart's own
  // toggles are not deferred: they are controlled inputs and must show their click at once.
  const charts = useMemo(() => ({ view, pins: pinned.runs }), [view, pinned.runs]);
  const drawn = useDeferredValue(charts);

  // Idle: nothing pending and the current job's answer drawn. Current: the charts drawn show the
  // current job, its first points at least.
  useReportIdle(
    pending === 0 &&
      pinned.ready &&
      (run.upToDate || run.error !== null || run.held !== null) &&
      drawn === charts,
    pinned.ready && (partial !== null || run.upToDate) && drawn === charts,
  );

  // The trace view the link opens, over the charts: the chart it explains must say which view.
  const watched = pane.view
    ? preset.charts.find((c) => c.id === pane.view?.chart && c.watch?.view === pane.view.kind)
    : undefined;
  const watchedPoints = useMemo(
    () => (watched && outcome ? sweepPoints(watched, outcome.preset, outcome) : []),
    [watched, outcome],
  );

  const pin = () =>
    onPane((p) =>
      p.presetId === null
        ? p
        : {
            ...p,
            pins: [
              ...p.pins,
              {
                presetId: p.presetId,
                params: p.params,
                ...(p.seed !== undefined ? { seed: p.seed } : {}),
              },
            ].slice(-MAX_PINS),
          },
    );

  return {
    specs,
    paperValues,
    values,
    panelSpecs,
    seed,
    shownDrafts,
    fieldErrors,
    resets,
    setParam,
    setDraft,
    resetAll,
    run,
    pinned,
    outcome,
    view,
    drawn,
    stale,
    fieldReason,
    hidden,
    validation,
    watched,
    watchedPoints,
    pin,
  };
}

export type PaneRun = ReturnType<typeof usePaneRun>;
