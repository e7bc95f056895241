// Presentation mode: one chart (or the trace view the link opens) alone on the screen, in type
// large enough to read from the back of a room. The chart is laid out at a smaller width and
// zoomed (CSS zoom, which scales layout, so pointers and the views' hit tests stay true), so its
// text and lines grow together: 12 px chart text reads as 24 px at 1920 px wide.
import { useT } from '../i18n/i18n';
import type { ReactNode } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';
import { shownCharts } from '../presets/schema';
import { fillParams } from '../presets/param_values';
import { PaneViewPanel } from './PaneViewPanel';
import { Readouts } from './Readouts';
import { ChartGrid } from './ChartGrid';
import { RunNotice, RunStatus } from './RunStatus';
import type { PaneRun, PaneUpdate } from './use_pane_run';
import type { Pane } from '../link/url_state';
import { useShown, useWithheld } from '../tours/use_withheld';
import { PresentationFrame } from './PresentationFrame';

interface Props {
  engine: Engine;
  model: ModelInfo;
  preset: Preset;
  pane: Pane;
  onPane: PaneUpdate;
  run: PaneRun;
  /** The chart shown; absent: the first. */
  chart?: string;
  /** Another chart, or null to leave presentation mode. */
  onChart(chart: string | null): void;
  /** Beside the chart: a tour's step; absent: the experiment and its readouts. */
  aside?: ReactNode;
}

export function Presentation({
  engine,
  model,
  preset,
  pane,
  onPane,
  run,
  chart,
  onChart,
  aside,
}: Props) {
  const t = useT('explorer');
  const { drawn, outcome, stale, values, watched } = run;
  // A tour's open question holds back the trace view of the run that answers it, and its step
  // may show fewer charts.
  const held = useWithheld(outcome);
  const stepShows = useShown();
  const viewShown = Boolean(pane.view && watched) && !held.outcome;
  const view = drawn.view;
  // A title names the run's parameters ({param.x}), as on the page.
  const charts = view
    ? shownCharts(view.preset, model.params, view.params)
        .filter((c) => stepShows.chart(c.id))
        .map((c) => ({
          ...c,
          title: fillParams(c.title, model.params, view.params),
        }))
    : [];
  const shown = charts.find((c) => c.id === chart) ?? charts[0];

  return (
    <PresentationFrame
      title={preset.title}
      charts={charts}
      shown={shown?.id}
      onChart={onChart}
      view={viewShown}
      // With a tour beside the chart, the arrows step the tour.
      arrows={!aside}
      aside={
        aside ?? (
          <>
            <p>{fillParams(preset.description, model.params, values)}</p>
            {outcome ? <Readouts outcome={outcome} stale={stale} /> : null}
          </>
        )
      }
    >
      {/* A run paused for its length can be let go on from the projector too. */}
      <RunNotice held={run.run.held} shown={outcome !== null} onRun={run.run.runAnyway} />
      <RunStatus
        progress={run.run.progress}
        timeLeft={run.run.timeLeft}
        onStop={run.run.stop}
        unwatched={engine.unwatched}
      />
      {viewShown ? (
        <PaneViewPanel engine={engine} model={model} pane={pane} onPane={onPane} run={run} fit />
      ) : outcome && charts.length === 0 ? (
        // A step about a readout, with no chart: its readouts, large.
        <Readouts outcome={outcome} stale={stale} />
      ) : drawn.view && shown ? (
        <ChartGrid
          view={drawn.view}
          model={model.name}
          specs={model.params}
          choices={pane.charts}
          pins={drawn.pins}
          paperValues={run.paperValues}
          stale={stale}
          onPane={onPane}
          id="charts"
          only={shown.id}
        />
      ) : (
        <p className="banner">{t('present.running', { title: preset.title })}</p>
      )}
    </PresentationFrame>
  );
}
