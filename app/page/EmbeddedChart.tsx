import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';
import { machineAndYear, presetParams } from '../presets/schema';
import { fillParams, resolveValues } from '../presets/param_values';
import { useEngineRun } from '../ui/use_engine_run';
import { ChartView } from '../chart_kinds/ChartView';
import type { EmbedMessage } from './embed_snippet';
import type { EmbedFit, FitRequests } from './embed_frame';
import { useEmbedFrame, useMeasuredSize } from './embed_frame';
import { framed, opaqueOrigin } from './embed_boot';
import { chartOfLink, partlyRead, previewLink } from './embed_link';
import { ErrorBoundary } from './ErrorBoundary';
import { RunNotice, RunStatus } from './RunStatus';
import { urlContext, useModels, useTheme } from './page';
import { buildChart } from '../chart_kinds/registry';
import { chartOptions } from '../results/chart_builder';
import { usePinnedRuns } from './use_pinned_runs';
import { parseUrlState, serializeUrlState } from '../link/url_state';
import { defaultChartHeight } from '../charts/use_measured_width';

/**
 * The embed page: one chart of one state, a caption and a link back to the full explorer. In a
 * frame it fills the frame, until the page around it asks it to fit (the snippet's script does):
 * then it takes its chart's own height and says it (embed_frame.ts); while the chart loads, it
 * keeps the chart's height free, so the frame does not shrink and jump back.
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
  if (error !== null) return <EmbedError say={frame.say} message={engineFailed(error)} />;
  if (models === null) return <EmbedLoading presets={presets} fit={frame.fit} />;
  return (
    <ErrorBoundary resetKey="">
      <Embedded engine={engine} presets={presets} models={models} frame={frame} />
    </ErrorBoundary>
  );
}

/**
 * The engine's failure in words; in a frame sandboxed without allow-same-origin, what that frame
 * needs of archex's site too.
 */
function engineFailed(error: string): string {
  const sandboxed = opaqueOrigin(window.origin)
    ? ' This frame is sandboxed without allow-same-origin: its engine loads only from a site ' +
      "that lets every origin read archex's files (Access-Control-Allow-Origin)."
    : '';
  return `The simulation engine did not load: ${error}${sandboxed}`;
}

/**
 * The page while the engine loads: the chart's place kept, and its caption as far as the link
 * tells it without the engine, so the page is about as tall as it will be.
 */
function EmbedLoading({ presets, fit }: { presets: Preset[]; fit: EmbedFit }) {
  const [preview] = useState(() => previewLink(window.location.search, presets));
  return (
    <figure className="embedded" data-fit={fit}>
      <ChartArea fit={fit} loading>
        {() => null}
      </ChartArea>
      {preview ? (
        <figcaption>
          {preview.title}. {machineAndYear(preview.preset)}; {preview.preset.citation.text}.
        </figcaption>
      ) : null}
    </figure>
  );
}

/**
 * The chart's place: in a frame the page fills, what the caption leaves (its height is measured
 * and given to the chart); else the chart's own height, kept free while nothing is drawn yet.
 */
function ChartArea({
  fit,
  loading,
  children,
}: {
  fit: EmbedFit;
  /** Nothing drawn yet, and a chart still to come (no error, no question held). */
  loading: boolean;
  children: (height: number | undefined) => ReactNode;
}) {
  const { ref, size } = useMeasuredSize();
  const fill = fit === 'frame';
  const reserve = !fill && loading && size !== null ? defaultChartHeight(size.width) : undefined;
  return (
    <div className="embedded-chart" ref={ref} style={{ minHeight: reserve }} aria-busy={loading}>
      {loading ? (
        <p className="embedded-loading" role="status">
          Loading the chart…
        </p>
      ) : null}
      {fill && !size?.height ? null : children(fill ? size?.height : undefined)}
    </div>
  );
}

/**
 * The link back to the explorer. From a frame it opens a new tab, leaving the page around the
 * chart where it is; where that page refuses the frame new tabs (a sandbox without allow-popups),
 * it says so and offers the address to copy.
 */
function OpenInArchex({ href }: { href: string }) {
  const [refused, setRefused] = useState(false);
  const address = useRef<HTMLInputElement>(null);
  const inFrame = framed();
  useEffect(() => {
    if (refused) address.current?.select();
  }, [refused]);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!inFrame) return;
    event.preventDefault();
    // Not 'noopener': with it the browser answers null whether or not it opened the tab.
    const tab = window.open(href, '_blank');
    if (tab === null) {
      setRefused(true);
      return;
    }
    try {
      tab.opener = null;
    } catch {
      // The tab is already of another origin, and cannot reach this page either.
    }
  };
  return (
    <>
      <a href={href} target={inFrame ? '_blank' : undefined} rel="noopener" onClick={open}>
        Open in archex
      </a>
      {refused ? (
        <span className="banner notice embedded-open" role="alert">
          The page around this chart does not let it open a tab. Copy its address in archex:
          <input
            ref={address}
            readOnly
            value={href}
            aria-label="The chart's address in archex"
            onFocus={(event) => event.currentTarget.select()}
          />
        </span>
      ) : null}
    </>
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
  const [{ state, chartId, preset, job, specs, parsed }] = useState(() => {
    const ctx = { ...urlContext(presets, models), otherKeys: ['chart'] };
    const read = parseUrlState(window.location.search, ctx);
    const found = presets.find((p) => p.id === read.state.presetId);
    const model = models.find((m) => m.name === found?.model);
    const params =
      found && model ? resolveValues(model.params, presetParams(found), read.state.params) : null;
    return {
      parsed: read,
      state: read.state,
      chartId: new URLSearchParams(window.location.search).get('chart'),
      preset: found,
      specs: model?.params ?? [],
      job:
        found && model && params
          ? {
              request: { model: model.name, params, seed: read.state.seed ?? found.seed },
              tag: found,
            }
          : null,
    };
  });
  useTheme(state.theme);
  const values = job?.request.params ?? {};
  const shown = chartOfLink(parsed, preset, chartId, (c) => fillParams(c.title, specs, values));
  const spec = 'spec' in shown ? shown.spec : undefined;
  const run = useEngineRun(engine, spec ? job : null);
  const pinned = usePinnedRuns(engine, state.pins, presets, models, state);

  const idle =
    !spec ||
    job === null ||
    (pinned.ready && (run.upToDate || run.error !== null || run.held !== null));
  useLayoutEffect(() => {
    document.documentElement.dataset.idle = String(idle);
  }, [idle]);
  const drawn = idle && run.upToDate && spec !== undefined;
  const { say } = frame;
  useEffect(() => {
    if (!drawn || !spec) return;
    // Said with the height the page is laid out at once the chart is, as the next resize
    // observation sees it: a chart first draws at a default width, then at its measured one, and
    // a height read now would be the first's (the frame would end that tall, its caption cut).
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      observer.disconnect();
      say({
        type: 'archex:ready',
        chart: spec.id,
        title: fillParams(spec.title, specs, job?.request.params ?? {}),
        height: Math.ceil(root.getBoundingClientRect().height),
      });
    });
    observer.observe(root);
    return () => observer.disconnect();
  }, [drawn, spec, say, specs, job]);

  if (!preset || !spec)
    return <EmbedError say={say} message={'problem' in shown ? shown.problem : ''} />;
  const explorer = new URL(`./${serializeUrlState(state)}`, window.location.href).href;
  const choice = state.charts[spec.id] ?? {};
  const title = fillParams(spec.title, specs, values);
  const outcome = run.outcome;
  const ignored = partlyRead(parsed.dropped);
  return (
    <figure className="embedded" data-fit={frame.fit}>
      {run.error ? <EmbedError say={say} message={run.error.message} /> : null}
      {ignored ? (
        <p className="banner warning" role="status">
          {ignored}
        </p>
      ) : null}
      <RunNotice held={run.held} shown={run.outcome !== null} onRun={run.runAnyway} />
      <RunStatus
        progress={run.progress}
        timeLeft={run.timeLeft}
        onStop={run.stop}
        unwatched={engine.unwatched}
      />
      <ChartArea
        fit={frame.fit}
        loading={outcome === null && run.error === null && run.held === null}
      >
        {(height) =>
          outcome ? (
            <ChartView
              name={spec.id}
              title={title}
              chart={buildChart(spec, outcome.tag, outcome, chartOptions(choice, pinned.runs))}
              height={height}
            />
          ) : null
        }
      </ChartArea>
      <figcaption>
        {title}. {machineAndYear(preset)}; {preset.citation.text}. <OpenInArchex href={explorer} />
      </figcaption>
    </figure>
  );
}
