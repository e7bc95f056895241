import { useEffect, useLayoutEffect, useState } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';
import { machineAndYear, presetParams } from '../presets/schema';
import { fillParams, resolveValues } from '../presets/param_values';
import { useEngineRun } from '../ui/use_engine_run';
import { ChartView } from '../chart_kinds/ChartView';
import type { EmbedMessage } from './embed_snippet';
import type { FitRequests } from './embed_frame';
import { useEmbedFrame, useMeasuredHeight } from './embed_frame';
import { ErrorBoundary } from './ErrorBoundary';
import { RunNotice, RunStatus } from './RunStatus';
import { urlContext, useModels, useTheme } from './page';
import { buildChart } from '../chart_kinds/registry';
import { chartOptions } from '../results/chart_builder';
import { usePinnedRuns } from './use_pinned_runs';
import { parseUrlState, serializeUrlState } from '../link/url_state';

/**
 * The embed page: one chart of one state, a caption and a link back to the full explorer. In a
 * frame it fills the frame, until the page around it asks it to fit (the snippet's script does):
 * then it takes its chart's own height and says it (embed_frame.ts).
 */
export function EmbeddedChart({
  engine,
  presets,
  fitRequests,
}: {
  engine: Engine;
  presets: Preset[];
  fitRequests: FitRequests;
}) {
  const { models, error } = useModels(engine);
  const frame = useEmbedFrame(fitRequests);
  if (error !== null)
    return <EmbedError say={frame.say} message={`The simulation engine did not load: ${error}`} />;
  if (models === null) return <p className="banner">Loading…</p>;
  return (
    <ErrorBoundary resetKey="">
      <Embedded engine={engine} presets={presets} models={models} frame={frame} />
    </ErrorBoundary>
  );
}

/** An error the embed page shows, said to the page around it too ('archex:error'). */
function EmbedError({ message, say }: { message: string; say(m: EmbedMessage): void }) {
  useEffect(() => say({ type: 'archex:error', message }), [message, say]);
  return (
    <p className="banner error" role="alert">
      {message}
    </p>
  );
}

function Embedded({
  engine,
  presets,
  models,
  frame,
}: {
  engine: Engine;
  presets: Preset[];
  models: ModelInfo[];
  frame: ReturnType<typeof useEmbedFrame>;
}) {
  // The embed page never changes its state: everything is read once from the link.
  const [{ state, chartId, preset, job, specs }] = useState(() => {
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
      specs: model?.params ?? [],
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

  const idle =
    job === null || (pinned.ready && (run.upToDate || run.error !== null || run.held !== null));
  useLayoutEffect(() => {
    document.documentElement.dataset.idle = String(idle);
  }, [idle]);
  const drawn = idle && run.upToDate && spec !== undefined;
  const { say } = frame;
  useEffect(() => {
    if (!drawn || !spec) return;
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    say({
      type: 'archex:ready',
      chart: spec.id,
      title: fillParams(spec.title, specs, job?.request.params ?? {}),
      height,
    });
  }, [drawn, spec, say, specs, job]);
  const fill = frame.fit === 'frame';
  const { ref: areaRef, height: areaHeight } = useMeasuredHeight(fill);

  if (!preset || !spec) return <EmbedError say={say} message="This link names no chart to show." />;
  const explorer = new URL(`./${serializeUrlState(state)}`, window.location.href).href;
  const choice = state.charts[spec.id] ?? {};
  const title = fillParams(spec.title, specs, job?.request.params ?? {});
  const outcome = run.outcome;
  return (
    <figure className="embedded" data-fit={frame.fit}>
      {run.error ? <EmbedError say={say} message={run.error.message} /> : null}
      <RunNotice held={run.held} shown={run.outcome !== null} onRun={run.runAnyway} />
      <RunStatus
        progress={run.progress}
        timeLeft={run.timeLeft}
        onStop={run.stop}
        unwatched={engine.unwatched}
      />
      <div className="embedded-chart" ref={areaRef}>
        {outcome && (!fill || areaHeight !== null) ? (
          <ChartView
            name={spec.id}
            title={title}
            chart={buildChart(spec, outcome.tag, outcome, chartOptions(choice, pinned.runs))}
            height={fill ? (areaHeight ?? undefined) : undefined}
          />
        ) : null}
      </div>
      <figcaption>
        {title}. {machineAndYear(preset)}; {preset.citation.text}.{' '}
        <a href={explorer} target="_top">
          Open in archex
        </a>
      </figcaption>
    </figure>
  );
}
