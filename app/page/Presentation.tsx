// Presentation mode: one chart (or the trace view the link opens) alone on the screen, in type
// large enough to read from the back of a room. The chart is laid out at a smaller width and
// zoomed (CSS zoom, which scales layout, so pointers and the views' hit tests stay true), so its
// text and lines grow together: 12 px chart text reads as 24 px at 1920 px wide.
import type { ReactNode, RefObject } from 'react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';
import { shownCharts } from '../presets/schema';
import { fillParams } from '../presets/param_values';
import { focusLost, focusSoon } from '../ui/focus';
import { PaneViewPanel } from './PaneViewPanel';
import { Readouts } from './Readouts';
import { ChartGrid } from './ChartGrid';
import { RunNotice, RunStatus } from './RunStatus';
import type { PaneRun, PaneUpdate } from './use_pane_run';
import type { Pane } from '../link/url_state';
import { useShown, useWithheld } from '../tours/use_withheld';

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
 * How much the chart is enlarged at this window width. A trace view, its player and words above
 * and below the drawing, is enlarged less, so that the drawing keeps most of a 1080 px screen's
 * height (the view fits itself to what is left: ViewPanel's fit).
 */
export function presentationZoom(width: number, view: boolean): number {
  const zoom = width >= 1600 ? 2 : width >= 1100 ? 1.5 : 1;
  return view ? Math.max(1, zoom * 0.7) : zoom;
}

/** The least the words beside a presented chart shrink to fit the screen: 24 px to 19 px. */
const MIN_ASIDE_SCALE = 0.8;

/**
 * Shrinks the words beside a presented chart, in steps, until they end above the screen's foot
 * (a tour's step with its question, Reveal and Next), and no further than MIN_ASIDE_SCALE: a
 * projected lesson is read without scrolling. Refitted whenever the words, the bar above them or
 * the window change size (a reveal adds its sentence). Written on the element, not in React state, so that fitting
 * draws no render of its own.
 */
function useFitToScreen(aside: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const el = aside.current;
    if (!el) return;
    const fit = () => {
      let scale = 1;
      el.style.setProperty('--aside-scale', '1');
      // A little air under the words: Next is not flush with the screen's edge.
      const bottom = () => el.getBoundingClientRect().bottom + window.scrollY + 8;
      while (scale > MIN_ASIDE_SCALE + 1e-9 && bottom() > window.innerHeight) {
        scale -= 0.05;
        el.style.setProperty('--aside-scale', scale.toFixed(2));
      }
    };
    fit();
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(fit);
    };
    const observer = new ResizeObserver(later);
    observer.observe(el);
    // The bar above may wrap (a chart menu filled once the run is in), moving the words down.
    const bar = el.closest('.presentation')?.querySelector('.presentation-bar');
    if (bar) observer.observe(bar);
    window.addEventListener('resize', later);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', later);
    };
  }, [aside]);
}

const readWindowWidth = () => window.innerWidth;

function useWindowWidth(): number {
  const [width, setWidth] = useState(readWindowWidth);
  useEffect(() => {
    const listener = () => setWidth(readWindowWidth());
    window.addEventListener('resize', listener);
    return () => window.removeEventListener('resize', listener);
  }, []);
  return width;
}

interface FrameProps {
  /** The experiment (or the comparison) presented, named in the bar. */
  title: string;
  /** The charts one may present, in order, and the one shown. */
  charts: { id: string; title: string }[];
  shown: string | undefined;
  /** Another chart, or null to leave presentation mode. */
  onChart(chart: string | null): void;
  /** A trace view is shown, not a chart (it is enlarged less). */
  view: boolean;
  /** Beside the chart. */
  aside: ReactNode;
  /** The arrow keys step the charts (not when a tour beside them takes the arrows). */
  arrows: boolean;
  children: ReactNode;
}

/**
 * The frame of presentation mode: a bar to pick the chart, step through them and leave (Esc),
 * the chart enlarged by CSS zoom, and the words beside it in large type.
 */
export function PresentationFrame({
  title,
  charts,
  shown,
  onChart,
  view,
  aside,
  arrows,
  children,
}: FrameProps) {
  const zoom = presentationZoom(useWindowWidth(), view);
  const index = Math.max(
    0,
    charts.findIndex((c) => c.id === shown),
  );
  const go = (step: number) => {
    const next = charts[index + step];
    if (next) onChart(next.id);
  };
  // Entering, the control that did it is gone: the focus starts on the presentation, so the
  // keys and a screen reader are in it. Leaving, it goes back to the chart's "Present".
  const main = useRef<HTMLElement>(null);
  const asideRef = useRef<HTMLElement>(null);
  useFitToScreen(asideRef);
  useEffect(() => {
    if (focusLost()) main.current?.focus({ preventScroll: true });
  }, []);
  // Entered from a chart far down the page (a phone's long column), the screen starts at the
  // presented chart, not where the page was scrolled.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  const leave = () => {
    const id = charts[index]?.id;
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
      else if (arrows && e.key === 'ArrowRight') go(1);
      else if (arrows && e.key === 'ArrowLeft') go(-1);
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
      data-present={charts[index]?.id ?? ''}
      tabIndex={-1}
      aria-label={`Presentation: ${title}`}
    >
      <div className="presentation-bar" role="toolbar" aria-label="Presentation">
        <strong>{title}</strong>
        {/* A tour's step about a readout shows no chart to pick. */}
        {charts.length > 0 ? (
          <>
            <label>
              Chart{' '}
              <select value={charts[index]?.id ?? ''} onChange={(e) => onChart(e.target.value)}>
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
          </>
        ) : null}
        <span className="spacer" />
        <button type="button" onClick={leave}>
          Leave presentation (Esc)
        </button>
      </div>
      <div className="presentation-body">
        <div className="presentation-stage" style={{ zoom }}>
          {children}
        </div>
        <aside className="presentation-aside" ref={asideRef}>
          {aside}
        </aside>
      </div>
    </main>
  );
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
        <p className="banner">Running {preset.title}…</p>
      )}
    </PresentationFrame>
  );
}
