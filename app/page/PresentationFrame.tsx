// The frame of presentation mode: the bar (the chart, step through them, leave), the stage the
// chart is zoomed on, and the words beside it.
import { useT } from '../i18n/i18n';
import type { ReactNode } from 'react';
import { useEffect, useLayoutEffect, useRef } from 'react';

import { focusLost, focusSoon } from '../ui/focus';
import { presentationZoom, useFitToScreen, useWindowWidth } from './presentation_fit';
import './presentation.css';

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
  const t = useT('explorer');
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
      aria-label={t('present.label', { title })}
    >
      <div className="presentation-bar" role="toolbar" aria-label={t('present.bar')}>
        <strong>{title}</strong>
        {/* A tour's step about a readout shows no chart to pick. */}
        {charts.length > 0 ? (
          <>
            <label>
              {t('present.chart')}{' '}
              <select value={charts[index]?.id ?? ''} onChange={(e) => onChart(e.target.value)}>
                {charts.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" onClick={() => go(-1)} disabled={index === 0}>
              {t('present.previous')}
            </button>
            <button type="button" onClick={() => go(1)} disabled={index >= charts.length - 1}>
              {t('present.next')}
            </button>
          </>
        ) : null}
        <span className="spacer" />
        <button type="button" onClick={leave}>
          {t('present.leave')}
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
