// The panel a trace view opens in, over the charts: it records the trace of one point of the run
// in the engine's worker (cancelled when the parameters or the window change), owns the player
// (play, pause, step, step back, speed, a slider over the window) and keeps in the link what the
// view shows; the view itself only draws the moment it is given (view.ts).
import './view_panel.css';

import { Suspense, useCallback, useId, useMemo, useRef, useState } from 'react';

import type { Engine } from '../engine/engine';
import type { TraceOutcome } from '../engine/trace';
import { playedEnd, traceCounts } from '../engine/trace';
import type { Params } from '../engine/types';
import { useMeasuredWidth } from '../charts/use_measured_width';
import { focusSoon } from '../ui/focus';
import type { ViewLink } from '../link/url_state';
import { useT } from '../i18n/i18n';
import { formatTime, shownTime } from './player';
import { PlayerBar } from './PlayerBar';
import { VIEWS } from './registry';
import type { TraceSave } from './SaveTrace';
import { SaveTrace } from './SaveTrace';
import { useFitHeight } from './use_fit_height';
import { usePlayer } from './use_player';
import { useTraceRecording } from './use_trace_recording';
import { WindowForm } from './WindowForm';
import { numberText } from '../presets/number_format';

export type { TraceSave } from './SaveTrace';

interface Props {
  engine: Engine;
  model: string;
  /** Every parameter of the run the charts show. */
  params: Params;
  seed: number;
  link: ViewLink;
  /** The sweep's points as the chart labels them, in order; empty for a model that is one run. */
  points: string[];
  /** The chart the view explains, by its title. */
  chartTitle: string;
  onLink(update: (link: ViewLink) => ViewLink): void;
  onClose(): void;
  /** The view is sized to end at the window's foot (presentation mode). */
  fit?: boolean;
  /** Saves the recorded trace as a file for another tool; absent: no such button. */
  save?: TraceSave;
}

/** The window fields' names the engine uses in its errors: the field's label, by its key. */
const WINDOW_FIELDS: Record<string, string> = {
  trace_from: 'window.from',
  trace_length: 'window.length',
  point: 'window.point',
};

export function ViewPanel(props: Props) {
  const { engine, model, params, seed, link, points, chartTitle, onLink, onClose } = props;
  const t = useT('views');
  const entry = VIEWS[link.kind];
  const recording = useTraceRecording(
    engine,
    model,
    params,
    seed,
    link.point,
    link.from,
    link.length,
  );
  const outcome = recording.state === 'ready' ? recording.outcome : null;
  const span = outcome
    ? { from: outcome.trace.from, end: playedEnd(outcome.trace) }
    : { from: link.from, end: link.from + link.length };
  const clock = outcome?.trace.clock ?? 'cycle';

  const player = usePlayer(link.time ?? link.from, span, (at) =>
    onLink((l) => ({ ...l, time: at })),
  );
  const { time, playing, settle } = player;

  const { ref, width } = useMeasuredWidth();
  const panel = useRef<HTMLElement>(null);
  const height = useFitHeight(props.fit ?? false, ref, panel);
  const View = entry.component;
  // Recorded, the view builds what it draws from the trace (in slices) before it is ready.
  const [drawn, setDrawn] = useState<TraceOutcome | null>(null);
  const onReady = useCallback(() => setDrawn(outcome), [outcome]);
  const traceState = outcome && drawn !== outcome ? 'indexing' : recording.state;
  // Once per trace: its counts sum an array per kind, as long as the trace has instants.
  const counts = useMemo(() => (outcome ? traceCounts(outcome.trace) : null), [outcome]);
  const events = counts ? Object.values(counts).reduce((n, c) => n + c.events, 0) : 0;
  const dropped = counts ? Object.values(counts).reduce((n, c) => n + c.dropped, 0) : 0;
  // Side by side, both panes may open the same kind of view.
  const headingId = useId();
  // Back to what opened the view (its chart's "Open the ... view"), else to the charts, which
  // stay in the page; the panel and its close button do not.
  const close = () => {
    const pane = panel.current?.parentElement?.closest('main');
    focusSoon(
      () =>
        pane?.querySelector<HTMLElement>(
          `[data-chart-card="${CSS.escape(link.chart)}"] .chart-watch button`,
        ) ?? pane?.querySelector<HTMLElement>('.charts'),
      { ifLost: true },
    );
    onClose();
  };

  return (
    <section
      ref={panel}
      className="trace-view"
      aria-labelledby={headingId}
      data-trace-state={traceState}
      data-view={link.kind}
      data-trace-bytes={outcome?.trace.bytes}
      data-trace-events={outcome ? events : undefined}
      onKeyDown={player.onKeyDown}
    >
      <header className="trace-view-head">
        {/* Focused when the view opens (openViewFocus), so the keyboard starts in it. */}
        <h3 id={headingId} tabIndex={-1}>
          {entry.title}
          <small>{t('panel.ofChart', { chart: chartTitle })}</small>
        </h3>
        <button type="button" onClick={close} aria-label={t('panel.close', { view: entry.title })}>
          ×
        </button>
      </header>
      <p className="trace-view-about">{entry.about}</p>
      <WindowForm
        key={`window ${link.from}/${link.length}`}
        link={link}
        points={points}
        unit={outcome?.trace.unit ?? ''}
        onLink={onLink}
        {...(recording.state === 'error' && recording.param ? { refused: recording.param } : {})}
      />
      {recording.state === 'recording' ? (
        <p className="trace-status" role="status">
          {t('panel.recording', {
            from: formatTime(link.from, clock),
            to: formatTime(link.from + link.length, clock),
            point: link.point !== undefined ? String(link.point + 1) : 'none',
          })}
        </p>
      ) : null}
      {recording.state === 'error' ? (
        <p className="banner error" role="alert">
          {recording.param && WINDOW_FIELDS[recording.param]
            ? t('panel.refused', {
                field: t(WINDOW_FIELDS[recording.param]!),
                message: recording.message,
              })
            : recording.message}
        </p>
      ) : null}
      {outcome ? (
        <PlayerBar {...player} span={span} clock={clock} unit={outcome.trace.unit} />
      ) : null}
      {outcome && props.save ? (
        <SaveTrace
          key={`saved ${outcome.trace.from}/${outcome.trace.end}`}
          save={props.save}
          outcome={outcome}
        />
      ) : null}
      {/* Always there, so its width is measured before the first trace arrives. */}
      <div
        ref={ref}
        className="trace-view-body"
        hidden={!outcome}
        // Focusable, so the player's keys work once the view is clicked or tabbed to, or a tour's
        // "Show me" brings the focus here.
        tabIndex={0}
        data-tour-focus
        role="group"
        aria-label={t('panel.body', { view: entry.title })}
      >
        {outcome ? (
          <Suspense fallback={<p className="trace-status">{t('panel.loading')}</p>}>
            <View
              outcome={outcome}
              time={shownTime(time, clock)}
              selected={link.selected}
              window={link.window}
              width={width}
              height={height}
              playing={playing}
              onSelect={(selected) =>
                onLink(({ selected: _s, ...l }) =>
                  selected === undefined ? l : { ...l, selected },
                )
              }
              onWindow={(window) =>
                onLink(({ window: _w, ...l }) => (window === undefined ? l : { ...l, window }))
              }
              onTime={settle}
              onReady={onReady}
            />
          </Suspense>
        ) : null}
      </div>
      {outcome ? (
        <p className="trace-note">
          {t('panel.recorded', {
            events: numberText(events),
            dropped: dropped > 0 ? numberText(dropped) : 'none',
          })}{' '}
          {t('panel.keys')}
        </p>
      ) : null}
    </section>
  );
}

/**
 * After a chart's "Open the ... view" (`opener`): the focus goes to the view's heading in the same
 * pane once it is drawn, rather than staying on the button the view opened far above.
 */
export function openViewFocus(opener: HTMLElement): void {
  const pane = opener.closest('main');
  focusSoon(() => pane?.querySelector<HTMLElement>('section.trace-view h3'));
}
