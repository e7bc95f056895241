// Presentation mode: one chart (or the trace view the link opens) alone on the screen, in type
// large enough to read from the back of a room. The chart is laid out at a smaller width and
// zoomed (CSS zoom, which scales layout, so pointers and the views' hit tests stay true), so its
// text and lines grow together: 12 px chart text reads as 24 px at 1920 px wide.
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';
import { shownCharts } from '../presets/schema';
import { fillParams } from '../presets/param_values';
import { focusLost, focusSoon } from './focus';
import { PaneViewPanel } from './PaneViewPanel';
import { ChartGrid } from './ChartGrid';
import { RunStatus } from './RunStatus';
import { formatTemplate, readoutText } from './chart_builder';
import type { PaneRun, PaneUpdate } from './use_pane_run';
import type { Pane } from './url_state';

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

/**
 * How much the chart is enlarged at this window width. A trace view, a drawing as tall as it is
 * wide under its player, is enlarged less so that it fits a 1080 px screen whole.
 */
export function presentationZoom(width: number, view: boolean): number {
  const zoom = width >= 1600 ? 2 : width >= 1100 ? 1.5 : 1;
  return view ? Math.max(1, zoom * 0.7) : zoom;
}

const readWindowSize = () => ({ width: window.innerWidth, height: window.innerHeight });

function useWindowSize(): { width: number; height: number } {
  const [size, setSize] = useState(readWindowSize);
  useEffect(() => {
    const listener = () => setSize(readWindowSize());
    window.addEventListener('resize', listener);
    return () => window.removeEventListener('resize', listener);
  }, []);
  return size;
}

/** Height the bars above a presented view and its player take, px on the screen. */
const VIEW_CHROME_PX = 240;

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
  const { drawn, outcome, stale, values, watched } = run;
  const screen = useWindowSize();
  const viewShown = Boolean(pane.view && watched);
  const zoom = presentationZoom(screen.width, viewShown);
  // A view's drawing is about as tall as it is wide: narrow enough, it fits under its player.
  const stageStyle = viewShown
    ? { zoom, maxWidth: Math.max(320, (screen.height - VIEW_CHROME_PX) / zoom) }
    : { zoom };
  const charts = drawn.view ? shownCharts(drawn.view.preset, model.params, drawn.view.params) : [];
  const index = Math.max(
    0,
    charts.findIndex((c) => c.id === chart),
  );
  const shown = charts[index];
  const go = (step: number) => {
    const next = charts[index + step];
    if (next) onChart(next.id);
  };
  // Entering, the control that did it is gone: the focus starts on the presentation, so the
  // keys and a screen reader are in it. Leaving, it goes back to the chart's "Present".
  const main = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusLost()) main.current?.focus();
  }, []);
  const leave = () => {
    const id = shown?.id;
    focusSoon(
      () =>
        (id
          ? document.querySelector<HTMLElement>(
              `[data-chart-card="${CSS.escape(id)}"] .chart-present`,
            )
          : null) ?? document.getElementById('results'),
      { ifLost: true },
    );
    onChart(null);
  };

  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, select, textarea')) return;
      if (e.key === 'Escape') leave();
      // With a tour beside the chart, the arrows step the tour.
      else if (!aside && e.key === 'ArrowRight') go(1);
      else if (!aside && e.key === 'ArrowLeft') go(-1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  });

  return (
    <main
      ref={main}
      className="presentation"
      data-present={shown?.id ?? ''}
      tabIndex={-1}
      aria-label={`Presentation: ${preset.title}`}
    >
      <div className="presentation-bar" role="toolbar" aria-label="Presentation">
        <strong>{preset.title}</strong>
        <label>
          Chart{' '}
          <select value={shown?.id ?? ''} onChange={(e) => onChart(e.target.value)}>
            {charts.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => go(-1)} disabled={index === 0}>
          Previous chart
        </button>
        <button type="button" onClick={() => go(1)} disabled={index >= charts.length - 1}>
          Next chart
        </button>
        <span className="spacer" />
        <button type="button" onClick={leave}>
          Leave presentation (Esc)
        </button>
      </div>
      <div className="presentation-body">
        <div className="presentation-stage" style={stageStyle}>
          <RunStatus
            progress={run.run.progress}
            timeLeft={run.run.timeLeft}
            onStop={run.run.stop}
          />
          {viewShown ? (
            <PaneViewPanel engine={engine} model={model} pane={pane} onPane={onPane} run={run} />
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
            <p className="banner">Running {preset.title}…</p>
          )}
        </div>
        <aside className="presentation-aside">
          {aside ?? (
            <>
              <p>{fillParams(preset.description, model.params, values)}</p>
              {outcome ? (
                <dl className="readouts">
                  {outcome.preset.readouts.map((r) => (
                    <div key={r.label}>
                      <dt>{formatTemplate(r.label, outcome)}</dt>
                      <dd>{readoutText(r, outcome)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </>
          )}
        </aside>
      </div>
    </main>
  );
}
