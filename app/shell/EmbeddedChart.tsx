import { useEffect, useLayoutEffect, useState } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';
import { machineAndYear, presetParams } from '../presets/schema';
import { resolveValues } from '../presets/param_values';
import { useEngineRun } from '../ui/use_engine_run';
import { ChartView } from './ChartView';
import { reportEmbedHeight } from './embed_snippet';
import { ErrorBoundary } from './ErrorBoundary';
import { RunNotice } from './RunStatus';
import { urlContext, useModels, useTheme } from './page';
import { buildChart, chartOptions } from './chart_builder';
import { usePinnedRuns } from './use_pinned_runs';
import { parseUrlState, serializeUrlState } from './url_state';

/**
 * The embed page: one chart of one state, a caption and a link back to the full explorer; it tells
 * the page around it its height, so the frame fits it.
 */
export function EmbeddedChart({ engine, presets }: { engine: Engine; presets: Preset[] }) {
  const { models, error } = useModels(engine);
  useEffect(reportEmbedHeight, []);
  if (error !== null)
    return <p className="banner error">The simulation engine did not load: {error}</p>;
  if (models === null) return <p className="banner">Loading…</p>;
  return (
    <ErrorBoundary resetKey="">
      <Embedded engine={engine} presets={presets} models={models} />
    </ErrorBoundary>
  );
}

function Embedded({
  engine,
  presets,
  models,
}: {
  engine: Engine;
  presets: Preset[];
  models: ModelInfo[];
}) {
  // The embed page never changes its state: everything is read once from the link.
  const [{ state, chartId, preset, job }] = useState(() => {
    const ctx = { ...urlContext(presets, models), otherKeys: ['chart'] };
    const parsed = parseUrlState(window.location.search, ctx);
    const found = presets.find((p) => p.id === parsed.state.presetId);
    const model = models.find((m) => m.name === found?.model);
    const params =
      found && model ? resolveValues(model.params, presetParams(found), parsed.state.params) : null;
    return {
      state: parsed.state,
      chartId: new URLSearchParams(window.location.search).get('chart'),
      preset: found,
      job:
        found && model && params
          ? {
              request: { model: model.name, params, seed: parsed.state.seed ?? found.seed },
              tag: found,
            }
          : null,
    };
  });
  useTheme(state.theme);
  const spec = preset?.charts.find((c) => c.id === chartId) ?? preset?.charts[0];
  const run = useEngineRun(engine, job);
  const pinned = usePinnedRuns(engine, state.pins, presets, models, state);

  useLayoutEffect(() => {
    document.documentElement.dataset.idle = String(
      job === null || (pinned.ready && (run.upToDate || run.error !== null || run.held !== null)),
    );
  }, [job, pinned.ready, run.upToDate, run.error, run.held]);

  if (!preset || !spec) return <p className="banner error">This link names no chart to show.</p>;
  const explorer = new URL(`./${serializeUrlState(state)}`, window.location.href).href;
  const choice = state.charts[spec.id] ?? {};
  const outcome = run.outcome;
  return (
    <figure className="embedded">
      {run.error ? <p className="banner error">{run.error.message}</p> : null}
      <RunNotice held={run.held} shown={run.outcome !== null} onRun={run.runAnyway} />
      {outcome ? (
        <ChartView
          name={spec.id}
          title={spec.title}
          chart={buildChart(spec, outcome.tag, outcome, chartOptions(choice, pinned.runs))}
        />
      ) : null}
      <figcaption>
        {spec.title}. {machineAndYear(preset)}; {preset.citation.text}.{' '}
        <a href={explorer} target="_top">
          Open in archex
        </a>
      </figcaption>
    </figure>
  );
}
