// The panel a trace view opens in, over the charts: it records the trace of one point of the run
// in the engine's worker (cancelled when the parameters or the window change), owns the player
// (play, pause, step, step back, speed, a slider over the window) and keeps in the link what the
// view shows; the view itself only draws the moment it is given (view.ts).
import type { KeyboardEvent, RefObject } from 'react';
import {
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

import type { Engine } from '../engine/engine';
import { EngineError, isAbortError } from '../engine/engine';
import type { TraceOutcome } from '../engine/trace';
import { playedEnd, traceCounts } from '../engine/trace';
import type { Params } from '../engine/types';
import { useMeasuredWidth } from '../charts/use_measured_width';
import { focusSoon } from '../ui/focus';
import type { ViewLink } from '../link/url_state';
import { unitSymbol } from '../presets/units';
import { DEFAULT_SPEED, SPEEDS, advance, clampTime, shownTime, stepTime } from './player';
import { VIEWS } from './registry';

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

/** A file the recorded trace can be saved as: the button's words, what it is for, the saving. */
export interface TraceSave {
  label: string;
  hint: string;
  run(outcome: TraceOutcome): Promise<void>;
}

type Recording =
  | { state: 'recording' }
  | { state: 'ready'; outcome: TraceOutcome }
  | { state: 'error'; message: string; param?: string };

/** How long the time shown must rest before the link is rewritten with it. */
const LINK_DELAY_MS = 300;

/**
 * What a view records at most: the trace keeps its beginning and counts the rest (the note under
 * the view says how many). 16 MB holds a 2,000-cycle window of an 8x8x4 mesh at half saturation,
 * and keeps the page's memory and the views' index building small.
 */
const TRACE_MAX_BYTES = 16 * 2 ** 20;

/** The words for the window fields' names the engine uses in its errors. */
const WINDOW_FIELDS: Record<string, string> = {
  trace_from: 'From',
  trace_length: 'Length',
  point: 'Point',
};

/** Records the trace the link asks for; a new request cancels the one before. */
function useTraceRecording(
  engine: Engine,
  model: string,
  params: Params,
  seed: number,
  point: number | undefined,
  from: number,
  length: number,
): Recording {
  // The answer is kept with the request it answers; a newer request shows as recording.
  const key = JSON.stringify([model, params, seed, point, from, length]);
  const [answer, setAnswer] = useState<{ key: string; recording: Recording } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const setRecording = (recording: Recording) => setAnswer({ key, recording });
    engine
      .trace(
        {
          model,
          params,
          seed,
          ...(point !== undefined ? { point } : {}),
          window: { from, length, maxBytes: TRACE_MAX_BYTES },
        },
        { signal: controller.signal },
      )
      .then(
        (outcome) => setRecording({ state: 'ready', outcome }),
        (error: unknown) => {
          if (isAbortError(error)) return;
          const message = error instanceof Error ? error.message : String(error);
          const param = error instanceof EngineError ? error.param : undefined;
          setRecording({ state: 'error', message, ...(param ? { param } : {}) });
        },
      );
    return () => controller.abort();
  }, [engine, model, params, seed, point, from, length, key]);
  return answer?.key === key ? answer.recording : { state: 'recording' };
}

/** Room left under a fitted view, px on the screen: the panel's border and a little air. */
const FIT_MARGIN_PX = 12;

/**
 * With `fit`, the height the view in `body` may take for the panel to end at the window's foot,
 * in the view's own CSS px (a CSS zoom around it, presentation mode's, divided out); measured
 * again as the window or the panel changes. Undefined without `fit`.
 */
function useFitHeight(
  fit: boolean,
  body: RefObject<HTMLDivElement | null>,
  panel: RefObject<HTMLElement | null>,
): number | undefined {
  const [height, setHeight] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (!fit) return;
    const measure = () => {
      const [b, p] = [body.current, panel.current];
      if (!b || !p || b.offsetWidth === 0) return;
      const rect = b.getBoundingClientRect();
      const zoom = rect.width / b.offsetWidth;
      const below = p.getBoundingClientRect().bottom - rect.bottom;
      const room = window.innerHeight - (rect.top + window.scrollY) - below - FIT_MARGIN_PX;
      const next = Math.floor(room / zoom);
      setHeight((h) => (h !== undefined && Math.abs(h - next) <= 1 ? h : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    if (panel.current) observer.observe(panel.current);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [fit, body, panel]);
  return fit ? height : undefined;
}

function formatTime(time: number, clock: string): string {
  if (clock === 'cycle') return `cycle ${Math.floor(time)}`;
  return `${time.toFixed(1)} ${unitSymbol(clock)}`;
}

/** The point and the window to record, as typed: applied on "Record", so typing does not re-run. */
function WindowForm({
  link,
  points,
  unit,
  onLink,
}: Pick<Props, 'link' | 'points' | 'onLink'> & { unit: string }) {
  const [fromText, setFromText] = useState(String(link.from));
  const [lengthText, setLengthText] = useState(String(link.length));
  const typedFrom = Number(fromText);
  const typedLength = Number(lengthText);
  const windowError =
    fromText.trim() === '' || !Number.isFinite(typedFrom) || typedFrom < 0
      ? 'From: a time from 0 is needed.'
      : lengthText.trim() === '' || !Number.isFinite(typedLength) || typedLength <= 0
        ? 'Length: a time above 0 is needed.'
        : null;
  return (
    <form
      className="trace-window"
      onSubmit={(event) => {
        event.preventDefault();
        if (windowError) return;
        onLink(({ time: _time, selected: _selected, window: _window, ...l }) => ({
          ...l,
          from: typedFrom,
          length: typedLength,
        }));
      }}
    >
      {points.length > 0 || link.point !== undefined ? (
        <label>
          Point
          <select
            value={link.point ?? 0}
            onChange={(e) =>
              onLink(({ time: _time, selected: _selected, window: _window, ...l }) => ({
                ...l,
                point: Number(e.target.value),
              }))
            }
          >
            {points.map((label, i) => (
              <option key={i} value={i}>
                {label}
              </option>
            ))}
            {/* A point the chart does not draw (a saturated load) is still a point. */}
            {link.point !== undefined && link.point >= points.length ? (
              <option value={link.point}>point {link.point + 1}</option>
            ) : null}
          </select>
        </label>
      ) : null}
      <label>
        From
        <input
          inputMode="decimal"
          value={fromText}
          aria-invalid={windowError?.startsWith('From') ?? false}
          onChange={(e) => setFromText(e.target.value)}
        />
      </label>
      <label>
        Length
        <input
          inputMode="decimal"
          value={lengthText}
          aria-invalid={windowError?.startsWith('Length') ?? false}
          onChange={(e) => setLengthText(e.target.value)}
        />
      </label>
      <span className="trace-window-unit">{unit}</span>
      <button type="submit" disabled={windowError !== null}>
        Record
      </button>
      {windowError ? (
        <span className="field-error" role="alert">
          {windowError}
        </span>
      ) : null}
    </form>
  );
}

export function ViewPanel(props: Props) {
  const { engine, model, params, seed, link, points, chartTitle, onLink, onClose } = props;
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

  // The time shown lives here while playing and just after a step, and goes to the link once it
  // rests (LINK_DELAY_MS), so neither a frame nor a step rewrites the address and re-renders the
  // page; at rest it is the link's (back and forward move it).
  const [local, setLocal] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const time = local ?? clampTime(link.time ?? link.from, span);
  const [speed, setSpeed] = useState(DEFAULT_SPEED);
  const linkTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(linkTimer.current), []);

  const settle = (next: number) => {
    const t = clampTime(next, span);
    setPlaying(false);
    setLocal(t);
    clearTimeout(linkTimer.current);
    linkTimer.current = setTimeout(() => {
      onLink((l) => ({ ...l, time: t }));
      setLocal(null);
    }, LINK_DELAY_MS);
  };

  // The frame loop starts from the time shown and reads the latest window and settle without
  // restarting.
  const latest = useRef({ time, span, settle });
  useLayoutEffect(() => {
    latest.current = { time, span, settle };
  });
  useEffect(() => {
    if (!playing) return;
    let t = latest.current.time;
    let last = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      const moved = advance(t, speed, now - last, latest.current.span);
      last = now;
      t = moved.time;
      if (moved.ended) {
        latest.current.settle(moved.time);
        return;
      }
      setLocal(t);
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, speed]);

  const togglePlay = () => {
    if (playing) {
      settle(time);
      return;
    }
    clearTimeout(linkTimer.current);
    setLocal(time >= span.end ? span.from : time);
    setPlaying(true);
  };
  const step = (delta: 1 | -1) => settle(stepTime(time, delta, span));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    // A view's own keys (the goal tree's arrows) come first.
    if (event.defaultPrevented) return;
    // A field keeps its own keys; a button (Play, Pause) only its own activation, space: End
    // works from Pause, where the focus is after pressing Play.
    if (['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
    if (target.tagName === 'BUTTON' && event.key === ' ') return;
    const actions: Record<string, () => void> = {
      ' ': togglePlay,
      ArrowRight: () => step(1),
      ArrowLeft: () => step(-1),
      Home: () => settle(span.from),
      End: () => settle(span.end),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

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
      onKeyDown={onKeyDown}
    >
      <header className="trace-view-head">
        {/* Focused when the view opens (openViewFocus), so the keyboard starts in it. */}
        <h3 id={headingId} tabIndex={-1}>
          {entry.title}
          <small> of “{chartTitle}”</small>
        </h3>
        <button type="button" onClick={close} aria-label={`Close the ${entry.title}`}>
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
      />
      {recording.state === 'recording' ? (
        <p className="trace-status" role="status">
          Recording {formatTime(link.from, clock)} to {formatTime(link.from + link.length, clock)}
          {link.point !== undefined ? ` of point ${link.point + 1}` : ''}…
        </p>
      ) : null}
      {recording.state === 'error' ? (
        <p className="banner error" role="alert">
          {recording.param && WINDOW_FIELDS[recording.param]
            ? `${WINDOW_FIELDS[recording.param]}: `
            : ''}
          {recording.message}
        </p>
      ) : null}
      {outcome ? (
        <div className="trace-player" role="group" aria-label="Player">
          {/* Words, not media glyphs: the fonts a projector's machine has may lack them. */}
          <button type="button" onClick={() => settle(span.from)}>
            Start
          </button>
          <button type="button" onClick={() => step(-1)}>
            Step back
          </button>
          <button type="button" onClick={togglePlay} className="trace-play">
            {playing ? 'Pause' : 'Play'}
          </button>
          <button type="button" onClick={() => step(1)}>
            Step
          </button>
          <input
            type="range"
            aria-label="Time"
            min={span.from}
            max={span.end}
            step={clock === 'cycle' ? 1 : 'any'}
            value={shownTime(time, clock)}
            onChange={(e) => settle(Number(e.target.value))}
          />
          <output className="trace-time" aria-live={playing ? 'off' : 'polite'}>
            {formatTime(time, clock)}
          </output>
          <label>
            Speed
            <select value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
              {SPEEDS.map((s) => (
                <option key={s} value={s}>
                  {s.toLocaleString('en')} {unitSymbol(outcome.trace.unit)}/s
                </option>
              ))}
            </select>
          </label>
        </div>
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
        aria-label={`${entry.title}: space plays or pauses, arrow keys step`}
      >
        {outcome ? (
          <Suspense fallback={<p className="trace-status">Loading the view…</p>}>
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
          {events.toLocaleString('en')} events recorded
          {dropped > 0
            ? `; ${dropped.toLocaleString('en')} more past the cap were dropped (the window ` +
              `ends early: record a shorter one)`
            : ''}
          . Keys: space plays or pauses, ← and → step, Home and End go to the ends.
        </p>
      ) : null}
    </section>
  );
}

/** The save button: busy while the file is built, the reason in words if it cannot be. */
function SaveTrace({ save, outcome }: { save: TraceSave; outcome: TraceOutcome }) {
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const onClick = () => {
    setState({ busy: true });
    save.run(outcome).then(
      () => setState({ busy: false }),
      (error: unknown) =>
        setState({ busy: false, error: error instanceof Error ? error.message : String(error) }),
    );
  };
  return (
    <p className="trace-save">
      <button type="button" onClick={onClick} disabled={state.busy}>
        {state.busy ? 'Preparing the file…' : save.label}
      </button>{' '}
      <small>{save.hint}</small>
      {state.error ? (
        <span className="banner error" role="alert">
          {' '}
          Not saved: {state.error}
        </span>
      ) : null}
    </p>
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
