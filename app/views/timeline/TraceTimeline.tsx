// The timeline view (Paraver / Perfetto style) of a trace whose machine declares its timeline (a
// J-Machine program's, a Paragon NX run's): one row per processor coloured by what it does,
// messages as arrows between rows, a cursor at the player's time. Drawn on canvas: a 512-node run has tens of thousands of spans and
// arrows, redrawn at every zoom, pan and player step, which SVG elements cannot keep up with; the
// time axis, the legend and the detail of a clicked span are HTML and SVG beside it.
// Zoom with the wheel, the buttons or + and -, pan by dragging or Shift+arrows; the span in sight
// goes to the link. A click picks the arrow within a few pixels or else the span under it; the
// selection id numbers spans first (lane by lane, in time order), then arrows in send order
// (timeline_hit.ts). With the canvas focused, , and . step along the selected span's row and
// the up and down arrows move to the row above or below. Rows are 4 to 18 px so up to 140 fit
// the 560 px box; more rows scroll in it, or "Rows: all in view" squeezes them (below 1 px each
// for 1,024 nodes, as Paraver does) or fixes them at 8 or 16 px.
import type { ScaleLinear } from 'd3-scale';
import { scaleLinear } from 'd3-scale';
import type {
  KeyboardEvent as ReactKeyboardEvent,
  PointerEvent as ReactPointerEvent,
  RefObject,
} from 'react';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';

import { palette, seriesColor } from '../../charts/palette';
import { formatReadable } from '../../results/format';
import { playedEnd } from '../../engine/trace';
import type { ViewProps } from '../../presets/view_kinds';
import type { TimelineModel } from './timeline_model';
import { runNodes, spanAt, timelineSliced } from './timeline_model';
import type { TimelineLayout } from './timeline_hit';
import { arrowsInSight, hitTest, picked } from './timeline_hit';
import { MARK_COLORS, paintTimeline } from './timeline_paint';
import { describeTimeline, timelineTime, timelineUnit } from './timeline_words';
import { Narration } from '../Narration';
import { WhenBuilt } from '../use_prepared';

const LABEL_WIDTH = 84;
const AXIS_HEIGHT = 22;
const MAX_HEIGHT = 560;
const ZOOM_STEP = 1.6;
type Window = [number, number];
/** The rows' height: fitted (4 to 18 px, scrolling past 140 rows), all in view, or fixed. */
const ROW_CHOICES = ['auto', 'all', '8', '16'] as const;
type RowChoice = (typeof ROW_CHOICES)[number];
const ROW_LABELS: Record<RowChoice, string> = {
  auto: '4 to 18 px (scroll)',
  all: 'all in view',
  '8': '8 px',
  '16': '16 px',
};

const LABEL_HEIGHT = 14;

/** Rows too thin for a label each: every k-th (k a power of two) and the last. */
export function labelledRows(lanes: number, row: number): number[] {
  let every = 1;
  while (every * row < LABEL_HEIGHT * 1.5) every *= 2;
  const out = lanes > 0 ? [0] : [];
  for (let i = every; i < lanes - every / 2; i += every) out.push(i);
  if (lanes > 1) out.push(lanes - 1);
  return out;
}

/** A row's height in CSS pixels for `lanes` rows. */
export function rowHeight(choice: RowChoice, lanes: number): number {
  const n = Math.max(1, lanes);
  if (choice === 'all') return Math.min(18, MAX_HEIGHT / n);
  if (choice === 'auto') return Math.max(4, Math.min(18, Math.floor(MAX_HEIGHT / n)));
  return Number(choice);
}

/** Waiting states' greys: the palette's grey, then lighter over the row's background. */
const WAITING_GREYS = [palette.grey, 'rgba(127, 127, 127, 0.45)', 'rgba(127, 127, 127, 0.25)'];

/**
 * A state's colour: busy states take the series colours in turn, waiting ones greys in turn (a
 * wait for a receive and for a send apart), idle ones (idle, done) none.
 */
export function stateColors(model: TimelineModel): (string | null)[] {
  let busy = 0;
  let waiting = 0;
  return model.states.map((s) =>
    s.activity === 'idle'
      ? null
      : s.busy
        ? seriesColor(busy++)
        : WAITING_GREYS[Math.min(waiting++, WAITING_GREYS.length - 1)]!,
  );
}

/** `window` moved by a zoom of `factor` around the time `at`, kept within [from, end]. */
export function zoomWindow(
  window: [number, number],
  factor: number,
  at: number,
  from: number,
  end: number,
): [number, number] {
  const span = Math.min(
    end - from,
    Math.max((end - from) * 1e-7, (window[1] - window[0]) / factor),
  );
  const share = (at - window[0]) / (window[1] - window[0] || 1);
  return panWindow([at - share * span, at - share * span + span], 0, from, end);
}

/** `window` moved by `delta` in time, kept within [from, end]. */
export function panWindow(
  window: [number, number],
  delta: number,
  from: number,
  end: number,
): [number, number] {
  const span = window[1] - window[0];
  const start = Math.min(Math.max(from, window[0] + delta), end - span);
  return [start, start + span];
}

/** A CSS colour (a variable, light-dark()) as the canvas can use it, read from the page. */
function resolved(element: HTMLElement, css: string): string {
  const probe = document.createElement('span');
  probe.style.color = css;
  element.appendChild(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color || css;
}

/** The timeline: its model built in slices, then the drawing. */
export function TraceTimeline(props: ViewProps) {
  const { outcome } = props;
  const make = useCallback(
    () => timelineSliced(outcome.trace, playedEnd(outcome.trace), runNodes(outcome)),
    [outcome],
  );
  return (
    <WhenBuilt make={make} what="Building the timeline" onReady={props.onReady}>
      {(model) => <TimelineDrawing {...props} model={model} />}
    </WhenBuilt>
  );
}

/** The drawing of a built timeline (the view once it is built; tests render it). */
export function TimelineDrawing({
  time,
  selected,
  window,
  width,
  playing,
  onSelect,
  onWindow,
  onTime,
  model,
}: ViewProps & { model: TimelineModel }) {
  const colors = useMemo(() => stateColors(model), [model]);
  const full: [number, number] = [model.from, Math.max(model.end, model.from + 1)];
  const shown = window && window[1] > window[0] ? window : full;
  const lanes = model.lanes.length;
  const [rowChoice, setRowChoice] = useState<RowChoice>('auto');
  const row = rowHeight(rowChoice, lanes);
  const plotWidth = Math.max(120, width - LABEL_WIDTH - 8);
  const height = lanes * row;
  const x = scaleLinear().domain(shown).range([0, plotWidth]);

  const canvas = useRef<HTMLCanvasElement>(null);
  useWheelZoom(canvas, shown, full, plotWidth, onWindow);
  const colours = useRef<{ theme: string; idle: string; fg: string } | null>(null);
  // Redrawn when what is in sight changes, not as the player moves: the cursor is an element
  // over the canvas.
  const [s0, s1] = shown;
  // The colours are read from the page's theme, so a change of theme redraws.
  const theme =
    typeof document === 'undefined' ? '' : (document.documentElement.dataset.theme ?? '');
  useLayoutEffect(() => {
    const c = canvas.current;
    const g = c?.getContext('2d');
    if (!c || !g) return;
    const began = performance.now();
    // The theme its colours were read in.
    c.dataset.theme = theme;
    // Read once per theme: reading a computed style makes the page lay itself out (10 to 40 ms
    // on a large page, more than the paint).
    if (colours.current?.theme !== theme) {
      colours.current = { theme, idle: resolved(c, 'var(--panel)'), fg: resolved(c, 'var(--fg)') };
    }
    paintTimeline(c, g, {
      model,
      colors,
      layout: { window: [s0, s1], width: plotWidth, row },
      height,
      selected,
      idle: colours.current.idle,
      fg: colours.current.fg,
    });
    // How long this paint took, for the bench and for a look in the page.
    c.dataset.paintMs = (performance.now() - began).toFixed(2);
  }, [model, colors, row, height, plotWidth, s0, s1, selected, theme]);

  const drag = useRef<{ x: number; window: [number, number]; moved: boolean } | null>(null);
  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { x: event.clientX, window: shown, moved: false };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = event.clientX - d.x;
    if (Math.abs(dx) > 3) d.moved = true;
    if (!d.moved) return;
    const perPixel = (d.window[1] - d.window[0]) / plotWidth;
    onWindow?.(panWindow(d.window, -dx * perPixel, full[0], full[1]));
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d || d.moved) return;
    const box = event.currentTarget.getBoundingClientRect();
    const layout: TimelineLayout = { window: shown, width: plotWidth, row };
    onSelect(hitTest(model, layout, event.clientX - box.left, event.clientY - box.top));
  };

  // Keys on the focused canvas: zoom, pan, and moving the selection by span and by row. They are
  // kept from the panel, whose arrows step the player.
  const onKeyDown = (event: ReactKeyboardEvent<HTMLCanvasElement>) => {
    const chosen = picked(model, selected);
    const span = chosen?.kind === 'span' ? chosen.index : -1;
    const moveToRow = (lane: number) => {
      if (lane < 0 || lane >= lanes) return;
      const t = span >= 0 ? model.spans.start[span]! : Math.max(shown[0], Math.min(time, shown[1]));
      const next = spanAt(model, lane, t);
      if (next >= 0) onSelect(next);
    };
    const lane = span >= 0 ? model.spans.lane[span]! : -1;
    const actions: Record<string, () => void> = {
      '+': () => zoomBy(ZOOM_STEP),
      '=': () => zoomBy(ZOOM_STEP),
      '-': () => zoomBy(1 / ZOOM_STEP),
      '0': () => onWindow?.(undefined),
      ArrowDown: () => moveToRow(lane + 1),
      ArrowUp: () => moveToRow(Math.max(0, lane - 1)),
      ',': () => {
        if (span > model.laneStart[lane]!) onSelect(span - 1);
      },
      '.': () => {
        if (span >= 0 && span + 1 < model.laneStart[lane + 1]!) onSelect(span + 1);
      },
      Escape: () => onSelect(undefined),
    };
    if (event.shiftKey && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      const step = (shown[1] - shown[0]) / 4;
      actions[event.key] = () =>
        onWindow?.(panWindow(shown, event.key === 'ArrowLeft' ? -step : step, full[0], full[1]));
    }
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  };

  // What the canvas shows at the player's time, in words, said at a listener's pace (Narration).
  const words = useCallback(() => describeTimeline(model, time), [model, time]);
  const wordsId = useId();

  const ticks = x.ticks(Math.max(2, Math.floor(plotWidth / 110)));
  const chosen = picked(model, selected);
  const inSight = useMemo(() => arrowsInSight(model, [s0, s1]), [model, s0, s1]);
  const zoomBy = (factor: number) =>
    onWindow?.(zoomWindow(shown, factor, (shown[0] + shown[1]) / 2, full[0], full[1]));

  return (
    <div className="trace-timeline">
      <TimelineTools
        model={model}
        shown={shown}
        zoomed={!!window}
        rowChoice={rowChoice}
        setRowChoice={setRowChoice}
        zoomBy={zoomBy}
        onWindow={onWindow}
      />
      <TimeAxis model={model} x={x} width={width} ticks={ticks} />
      <div className="trace-timeline-rows" style={{ maxHeight: MAX_HEIGHT }}>
        <RowLabels model={model} row={row} height={height} />
        <div className="trace-timeline-plot" style={{ width: plotWidth, height }}>
          <canvas
            ref={canvas}
            style={{ width: plotWidth, height }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onKeyDown={onKeyDown}
            tabIndex={0}
            role="img"
            aria-label="Timeline: + and - zoom, Shift with ← → pans, ↑ ↓ change row, comma and period step along it"
            aria-describedby={wordsId}
          />
          {time >= s0 && time <= s1 ? (
            <div className="trace-timeline-cursor" style={{ left: x(time) - 1, height }} />
          ) : null}
        </div>
      </div>
      <TimelineLegend model={model} colors={colors} />
      <p className="trace-note trace-timeline-counts">
        {model.spans.start.length.toLocaleString('en')} spans,{' '}
        {model.arrows.sent.length.toLocaleString('en')} messages
        {inSight.drawn.length < inSight.inSight
          ? `; ${inSight.drawn.length.toLocaleString('en')} of the ` +
            `${inSight.inSight.toLocaleString('en')} in sight are drawn (zoom in for all).`
          : '.'}
      </p>
      <Narration id={wordsId} words={words} playing={playing} />
      {chosen?.kind === 'span' ? (
        <SpanDetail model={model} index={chosen.index} onTime={onTime} />
      ) : chosen?.kind === 'arrow' ? (
        <ArrowDetail model={model} index={chosen.index} onTime={onTime} />
      ) : (
        <p className="trace-note">
          Click a span or an arrow to say what it is (or focus the timeline and use the up and down
          arrows, then , and .).
        </p>
      )}
    </div>
  );
}

/**
 * The wheel zooms around the pointer; the page must not scroll meanwhile (a passive listener
 * cannot prevent it, so it is added by hand). A wheel's zoom goes from the last window asked
 * for, not the last drawn: wheel events come faster than the link goes round, and each would
 * otherwise undo the one before. A window asked for and not drawn within half a second is
 * forgotten.
 */
function useWheelZoom(
  canvas: RefObject<HTMLCanvasElement | null>,
  shown: Window,
  full: Window,
  plotWidth: number,
  onWindow: ViewProps['onWindow'],
) {
  const latest = useRef({ shown, full, plotWidth, onWindow, asked: null as Window | null, at: 0 });
  useLayoutEffect(() => {
    // The wheel forgets a window asked for too long ago; one drawn is forgotten here.
    const { asked, at } = latest.current;
    const drawn = asked !== null && asked[0] === shown[0] && asked[1] === shown[1];
    latest.current = { shown, full, plotWidth, onWindow, asked: drawn ? null : asked, at };
  });
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const last = latest.current;
      const w = last.asked && performance.now() - last.at < 500 ? last.asked : last.shown;
      const at = w[0] + (event.offsetX / last.plotWidth) * (w[1] - w[0]);
      const factor = event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP;
      last.asked = zoomWindow(w, factor, at, last.full[0], last.full[1]);
      last.at = performance.now();
      last.onWindow?.(last.asked);
    };
    c.addEventListener('wheel', wheel, { passive: false });
    return () => c.removeEventListener('wheel', wheel);
  }, [canvas, latest]);
}
function TimelineTools({
  model,
  shown,
  zoomed,
  rowChoice,
  setRowChoice,
  zoomBy,
  onWindow,
}: {
  model: TimelineModel;
  shown: Window;
  zoomed: boolean;
  rowChoice: RowChoice;
  setRowChoice: (choice: RowChoice) => void;
  zoomBy: (factor: number) => void;
  onWindow: ViewProps['onWindow'];
}) {
  return (
    <div className="trace-timeline-tools" role="group" aria-label="Zoom">
      <button type="button" onClick={() => zoomBy(ZOOM_STEP)}>
        Zoom in
      </button>
      <button type="button" onClick={() => zoomBy(1 / ZOOM_STEP)}>
        Zoom out
      </button>
      <button type="button" onClick={() => onWindow?.(undefined)} disabled={!zoomed}>
        Whole window
      </button>
      <label>
        Rows:{' '}
        <select
          value={rowChoice}
          onChange={(event) => setRowChoice(event.target.value as RowChoice)}
        >
          {ROW_CHOICES.map((c) => (
            <option key={c} value={c}>
              {ROW_LABELS[c]}
            </option>
          ))}
        </select>
      </label>
      <span>
        {timelineTime(shown[0], model)} to {timelineTime(shown[1], model)}; {model.lanes.length}{' '}
        rows
      </span>
    </div>
  );
}

function TimeAxis({
  model,
  x,
  width,
  ticks,
}: {
  model: TimelineModel;
  x: ScaleLinear<number, number>;
  width: number;
  ticks: number[];
}) {
  return (
    <svg className="trace-timeline-axis" width={width} height={AXIS_HEIGHT} aria-hidden="true">
      <g transform={`translate(${LABEL_WIDTH},0)`}>
        {ticks.map((t) => (
          <g key={t} transform={`translate(${x(t)},0)`}>
            <line y1={AXIS_HEIGHT - 5} y2={AXIS_HEIGHT} stroke="currentColor" />
            <text y={AXIS_HEIGHT - 8} textAnchor="middle" fontSize={11} fill="currentColor">
              {formatReadable(t, { unit: '' })}
            </text>
          </g>
        ))}
      </g>
      <text x={4} y={AXIS_HEIGHT - 8} fontSize={11} fill="currentColor">
        {timelineUnit(model)}
      </text>
    </svg>
  );
}

/** Each row's label where rows are tall enough, else a few labels spread down the side. */
function RowLabels({ model, row, height }: { model: TimelineModel; row: number; height: number }) {
  const lanes = model.lanes.length;
  return (
    <div className="trace-timeline-labels" style={{ width: LABEL_WIDTH }} aria-hidden="true">
      {row >= 9
        ? model.lanes.map((l, i) => (
            <div key={i} style={{ height: row, lineHeight: `${row}px` }}>
              {l.label}
            </div>
          ))
        : labelledRows(lanes, row).map((i) => (
            <div
              key={i}
              style={{
                position: 'absolute',
                top: Math.min(i * row, height - LABEL_HEIGHT),
                lineHeight: `${LABEL_HEIGHT}px`,
              }}
            >
              {model.lanes[i]?.label}
            </div>
          ))}
    </div>
  );
}

function TimelineLegend({ model, colors }: { model: TimelineModel; colors: (string | null)[] }) {
  return (
    <ul className="trace-timeline-legend">
      {model.states.map((s, i) => (
        <li key={s.key}>
          <span
            className="swatch"
            style={{ background: colors[i] ?? 'var(--panel)' }}
            aria-hidden="true"
          />
          {s.label}
        </li>
      ))}
      {model.marks.names.map((name, k) => (
        <li key={name}>
          <span className="swatch tick" style={{ background: MARK_COLORS[k] }} aria-hidden="true" />
          {name}
        </li>
      ))}
      <li>
        <span className="swatch arrow" aria-hidden="true" />
        message (sent → received)
      </li>
    </ul>
  );
}

function SpanDetail({
  model,
  index,
  onTime,
}: {
  model: TimelineModel;
  index: number;
  onTime?: (time: number) => void;
}) {
  const { spans } = model;
  const state = model.states[spans.state[index]!]!;
  const start = spans.start[index]!;
  const end = spans.end[index]!;
  return (
    <div className="trace-timeline-detail" role="status">
      <strong>{model.lanes[spans.lane[index]!]!.label}</strong>: {state.label}
      {spans.detail[index]! >= 0 ? `, ${model.spanDetail} ${spans.detail[index]}` : ''}, from{' '}
      {timelineTime(start, model)} to {timelineTime(end, model)} (
      {formatReadable(end - start, { unit: '' })} {timelineUnit(model)}). {state.description}{' '}
      <button type="button" onClick={() => onTime?.(start)}>
        Go to its start
      </button>
    </div>
  );
}

function ArrowDetail({
  model,
  index,
  onTime,
}: {
  model: TimelineModel;
  index: number;
  onTime?: (time: number) => void;
}) {
  const { arrows } = model;
  const sent = arrows.sent[index]!;
  const received = arrows.received[index]!;
  const node = (lane: number) => `node ${model.lanes[lane]!.node}`;
  const way = formatReadable(received - sent, { unit: '' });
  return (
    <div className="trace-timeline-detail" role="status">
      <strong>
        Message {model.clock === 'cycle' ? 'packet' : 'id'} {arrows.id[index]}
      </strong>
      : {node(arrows.from[index]!)} to {node(arrows.to[index]!)}
      {arrows.detail[index]! >= 0 ? `, ${model.arrowDetail} ${arrows.detail[index]}` : ''},{' '}
      {arrows.size[index]!.toLocaleString('en')} {model.sizeUnit}; sent at{' '}
      {timelineTime(sent, model)}, received at {timelineTime(received, model)} ({way}{' '}
      {timelineUnit(model)} on its way).{' '}
      <button type="button" onClick={() => onTime?.(sent)}>
        Go to its send
      </button>
    </div>
  );
}
