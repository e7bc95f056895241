import { machineLine } from '../presets/machines';
import { Rich } from '../i18n/Rich';
import { useReading } from '../i18n/i18n';
import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';
import { fillParams } from '../presets/param_values';
import { ChartView } from '../chart_kinds/ChartView';
import type { FitRequests } from './embed_frame';
import { useEmbedFrame } from './embed_frame';
import { partlyRead } from './embed_link';
import { ErrorBoundary } from './ErrorBoundary';
import { RunNotice, RunStatus } from './RunStatus';
import { useModels } from './page';
import { useModelsIn, usePresetsIn } from '../presets/translated';
import { buildChart } from '../chart_kinds/registry';
import { chartOptions } from '../results/chart_builder';
import { serializeUrlState } from '../link/url_state';
import { ChartArea } from './EmbedChartArea';
import { EmbedError, EmbedLoading, engineFailed } from './EmbedStatus';
import { OpenInArchex } from './OpenInArchex';
import { useEmbeddedRun } from './use_embedded_run';
import './embedded.css';

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
  const { models: english, error } = useModels(engine);
  const models = useModelsIn(english);
  const frame = useEmbedFrame(fitRequests);
  const shown = usePresetsIn(presets);
  if (error !== null) return <EmbedError say={frame.say} message={engineFailed(error)} />;
  if (models === null) return <EmbedLoading presets={presets} fit={frame.fit} />;
  return (
    <ErrorBoundary resetKey="">
      <Embedded engine={engine} presets={shown} models={models} frame={frame} />
    </ErrorBoundary>
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
  const { lang } = useReading();
  const { say } = frame;
  const { state, preset, specs, parsed, shown, spec, values, run, pinned } = useEmbeddedRun(
    engine,
    presets,
    models,
    say,
  );
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
        <Rich
          k="explorer:embed.captionOpen"
          values={{
            title,
            machine: machineLine(preset.machine, lang)?.name ?? preset.machine,
            year: preset.year === undefined ? 'none' : String(preset.year),
          }}
          parts={{
            citation: <span translate="no">{preset.citation.text}</span>,
            open: <OpenInArchex href={explorer} />,
          }}
        />
      </figcaption>
    </figure>
  );
}
