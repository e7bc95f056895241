// The packet view: a network at one cycle of its trace, each packet a coloured worm of flits in
// the buffers it holds, blocked heads marked with why they wait, held circuits, credits on
// request, and a followed packet with its latency split. Drawn on canvas, not SVG: a 256-node
// network near saturation holds a thousand flits or more, redrawn every frame while playing,
// which an SVG of as many elements cannot do at 60 frames a second; the network itself is
// painted once on a canvas beneath. The legend, the controls and the text summary are HTML.
import './packets.css';

import type { MouseEvent, RefObject } from 'react';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';

import { palette } from '../../charts/palette';
import type { TraceOutcome } from '../../engine/trace';
import type { NetworkMap } from '../../engine/types';
import type { ViewProps } from '../../presets/view_kinds';
import type { Sliced } from '../sliced';
import { WhenBuilt } from '../use_prepared';
import { indexTrace, tracedNetwork } from './open_index';
import type { PacketIndex } from './packet_index';
import type { LatencySplit } from './packet_latency';
import type { NetState } from './packet_state';
import { flitKey } from './packet_state';
import type { PacketLayout } from './packet_layout';
import { packetLayout } from './packet_layout';
import type { Ctx, Theme } from './packet_paint';
import { paintNetwork, paintScene, packetColor, REASON_SHORT } from './packet_paint';
import type { Scene } from './packet_scene';
import { buildScene, flitNear } from './packet_scene';
import { describeCycle, plural } from './packet_words';
import { Narration } from '../Narration';

/** The tallest the drawing gets, px, unless the view is given a height to fill. */
const MAX_HEIGHT = 720;
/** The least height a drawing fitted to a height keeps, px. */
const MIN_HEIGHT = 120;
/** The zoom's steps: a phone's 8-node ring is 2 px flits at 1. */
export const ZOOMS = [1, 1.5, 2, 3, 4] as const;
/** The widest a zoomed drawing's canvas gets, device px (two canvases of it are painted). */
const MAX_CANVAS_PX = 4096;

/** The zoom `zoom` kept between 1 and the most a canvas of `width` CSS px may take. */
export function clampZoom(zoom: number, width: number, ratio: number): number {
  const most = Math.max(1, Math.min(Math.max(...ZOOMS), MAX_CANVAS_PX / (width * ratio)));
  return Math.min(most, Math.max(1, zoom));
}

/** A reason as the summary says it ("no_credit": "no credit"). */
export const reasonText = (reason: string) => reason.replace(/_/g, ' ').replace(/\bvc\b/, 'VC');

/**
 * The theme's colours as the page resolves them (light or dark): packets.css sets the box's
 * colour, border, outline and text decoration colours from the page's variables.
 */
function readTheme(box: HTMLElement): Theme {
  const style = getComputedStyle(box);
  return {
    fg: style.color || '#1d232b',
    muted: style.outlineColor || palette.grey,
    border: style.borderTopColor || '#d5dbe1',
    accent: style.textDecorationColor || palette.blue,
    bg: style.backgroundColor || '#ffffff',
  };
}

/** The theme's colours, read again when the page's theme or the system's changes. */
function useTheme(box: RefObject<HTMLElement | null>): Theme | null {
  const [theme, setTheme] = useState<Theme | null>(null);
  useLayoutEffect(() => {
    const read = () => {
      if (box.current) setTheme(readTheme(box.current));
    };
    read();
    const observer = new MutationObserver(read);
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme'],
    });
    const media = window.matchMedia?.('(prefers-color-scheme: dark)');
    media?.addEventListener?.('change', read);
    return () => {
      observer.disconnect();
      media?.removeEventListener?.('change', read);
    };
  }, [box]);
  return theme;
}

/** The CSS zoom around an element `width` layout px wide (presentation mode's), 1 without. */
function zoomOf(element: Element, width: number): number {
  const shown = element.getBoundingClientRect().width;
  return shown > 0 ? shown / width : 1;
}

/**
 * A canvas sized to the layout in CSS px and drawn at `ratio` device pixels to each: the device's
 * pixel ratio times any CSS zoom around it, so the backing store matches the screen.
 */
function sized(
  canvas: HTMLCanvasElement,
  layout: PacketLayout,
  ratio: number,
): CanvasRenderingContext2D | null {
  const [w, h] = [Math.round(layout.width * ratio), Math.round(layout.height * ratio)];
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const ctx = canvas.getContext('2d');
  ctx?.setTransform(ratio, 0, 0, ratio, 0, 0);
  return ctx;
}

/** Where the followed packet is now, in words. */
function whereNow(
  id: number,
  index: PacketIndex,
  layout: PacketLayout,
  state: NetState,
  time: number,
): string {
  const p = index.packets.get(id);
  if (!p) return 'not in this window';
  if (p.delivered !== undefined && p.delivered <= time) return `delivered to node ${p.dst}`;
  if (p.dropped !== undefined && p.dropped <= time) return 'dropped: its request gave up';
  if (state.queued.has(id)) return `waiting at its source, node ${p.src}`;
  if (index.switching === 'circuit') {
    const held = [...state.holders.values()].filter((h) => h === id).length;
    const what = state.connected.has(id) ? 'connected, its words streaming' : 'setting up';
    return `${what}, holding ${held} channel${held === 1 ? '' : 's'}`;
  }
  for (let flit = 0; flit < Math.max(1, p.flits); flit++) {
    const at = state.flits.get(flitKey(id, flit));
    if (!at) continue;
    const input = Math.floor(at.ivc / index.vcs);
    const router = layout.routerName(layout.inputRouter[input] ?? -1);
    const from = layout.inputTerminal[input]! >= 0 ? ' (its injection buffer)' : '';
    const lead = flit === 0 ? 'head' : `flit ${flit} (the head has left)`;
    const reason = state.blocked.get(flitKey(id, flit));
    const blocked =
      reason === undefined ? '' : `, blocked: ${reasonText(index.reasons[reason] ?? '')}`;
    return `${lead} in a buffer of router ${router}${from}${blocked}`;
  }
  return 'between buffers';
}

/**
 * Said above the drawing when the run stopped before the window's end (its measurement was done):
 * an empty window otherwise looks like an idle network.
 */
export function runEndNote(outcome: TraceOutcome, index: PacketIndex): string | null {
  // The run's cycles are 0 to simulated_cycles - 1; the window's are from to from + length - 1
  // (the trace's end is the run's where it ended sooner).
  const ran = outcome.result.scalars.find((s) => s.name === 'simulated_cycles')?.value;
  const { from, length } = outcome.trace;
  if (ran === undefined || ran >= from + length) return null;
  const last = ran - 1;
  if (index.packets.size === 0 && ran <= from) {
    return (
      `The run stopped after cycle ${last}, before this window opens at cycle ${from}: nothing ` +
      `was recorded. Record from cycle ${last} or earlier.`
    );
  }
  return `The run stopped after cycle ${last}, inside this window: it plays to there.`;
}

/**
 * The deadlock once the time shown has reached it: the sentence saying so (the channels by the
 * routers they join) and what the drawing marks. Null before it, or where there is none.
 */
export function deadlockAt(index: PacketIndex, layout: PacketLayout, time: number) {
  const d = index.deadlock;
  if (!d || time < d.time) return null;
  const hops = d.channels.map((c) => {
    const input = layout.downstream[c] ?? -1;
    const from = layout.routerName(layout.inputFeeder[input] ?? -1);
    return `${from} → ${layout.routerName(layout.inputRouter[input] ?? -1)}`;
  });
  const k = d.channels.length;
  return {
    text:
      `Deadlock at cycle ${d.time}: these ${k} channels each wait for the next: ` +
      `${hops.join(', ')}, and back to the first. Each buffer is full, and the packet at its ` +
      'front waits for room in the next one, which never comes: nothing moves again.',
    knot: {
      channels: d.channels,
      ivcs: new Set(d.channels.map((c, i) => (layout.downstream[c] ?? 0) * index.vcs + d.vcs[i]!)),
    },
  };
}

function splitText(s: LatencySplit): string {
  const of = s.complete ? `latency ${s.total} cycles` : `${s.total} cycles so far`;
  const parts = [
    ...(s.before > 0 ? [`${s.before} before the window (not recorded)`] : []),
    `queueing ${s.queueing}`,
    `blocking ${s.blocking}`,
    `transfer ${s.transfer}`,
  ];
  return `${of} = ${parts.join(' + ')}` + (s.complete ? '' : ' (not yet delivered)');
}

/** The moment in words: what is in flight, blocked heads by reason, the followed packet. */
export function describeMoment(
  time: number,
  index: PacketIndex,
  layout: PacketLayout,
  scene: Scene,
  state: NetState,
  selected: number | undefined,
): string {
  const c = scene.counts;
  const blocked = c.blocked
    .map((n, r) => (n > 0 ? `${n} ${reasonText(index.reasons[r] ?? '')}` : ''))
    .filter(Boolean);
  const heads = c.blocked.reduce((a, b) => a + b, 0);
  const parts = [
    `Cycle ${time}: ${plural(c.inFlight, 'packet', 'packets')} on their way, ` +
      `${c.queued} waiting at their sources`,
    index.switching === 'circuit'
      ? `${plural(state.holders.size, 'channel', 'channels')} held by circuits`
      : `${plural(c.buffered, 'flit', 'flits')} in buffers; ` +
        `${plural(heads, 'blocked head', 'blocked heads')}` +
        (blocked.length ? ` (${blocked.join(', ')})` : ''),
  ];
  let text = parts.join(', ') + '.';
  if (layout.planes > 1) text += ` Plane z = ${layout.plane} of ${layout.planes} drawn.`;
  if (selected !== undefined) text += ` ${followedText(selected, index, layout, state, time)}`;
  return text;
}

/** The followed packet in words: where it is and its latency so far. */
function followedText(
  selected: number,
  index: PacketIndex,
  layout: PacketLayout,
  state: NetState,
  time: number,
): string {
  const split = index.latency(selected, time);
  const p = index.packets.get(selected);
  return (
    `Followed packet ${selected}` +
    (p ? ` (node ${p.src} to ${p.dst})` : '') +
    `: ${whereNow(selected, index, layout, state, time)}` +
    (split ? `; ${splitText(split)}.` : '.')
  );
}

function LatencyBar({ split }: { split: LatencySplit }) {
  const total = Math.max(1, split.total);
  const parts = [
    { key: 'before the window', value: split.before, color: palette.grey },
    { key: 'queueing', value: split.queueing, color: palette.sky },
    { key: 'blocking', value: split.blocking, color: palette.vermillion },
    { key: 'transfer', value: split.transfer, color: palette.green },
  ];
  return (
    <div className="packet-split" aria-hidden="true">
      {parts.map((p) => (
        <span
          key={p.key}
          style={{ width: `${(100 * p.value) / total}%`, background: p.color }}
          title={`${p.key} ${p.value} cycles`}
        />
      ))}
    </div>
  );
}

function Legend({ index, layout }: { index: PacketIndex; layout: PacketLayout }) {
  const swatch = (color: string, extra?: string) => (
    <span className={`packet-swatch ${extra ?? ''}`} style={{ background: color }} />
  );
  const wormhole = index.switching === 'wormhole';
  return (
    <ul className="packet-legend" aria-label="Legend">
      {wormhole ? (
        <>
          <li>
            {swatch(packetColor(0))}
            {swatch(packetColor(1))}
            {swatch(packetColor(2))} a flit in a buffer, coloured by its packet; a line joins a
            packet&apos;s flits
          </li>
          <li>{swatch(packetColor(3), 'head')} its head (outlined); a ring: a flit delivered</li>
          <li>
            {swatch('transparent', 'blocked')} a blocked front flit:{' '}
            {index.reasons.map((r) => `${REASON_SHORT[r] ?? '?'} ${reasonText(r)}`).join(', ')}
          </li>
        </>
      ) : (
        <li>
          <span className="packet-line" style={{ borderColor: packetColor(0) }} /> a held circuit
          (dashed: being set up); a ring: a request this cycle, a red cross: blocked, grey dashes:
          released
        </li>
      )}
      {layout.crosspoint ? (
        <li>
          row i: input i, its buffer on the left; column o: the output to node o, below; a flit
          crossing is drawn in its cell
        </li>
      ) : null}
      <li>+n: packets waiting at that source (where the label fits; the summary counts all)</li>
      <li>
        followed: the others faint, its source ringed dashed and its destination solid; click a flit
        or a circuit to follow its packet
      </li>
    </ul>
  );
}

/**
 * Device pixels per layout px of the canvas as shown (backingRatio), measured once it is laid out
 * and again as the window changes (presentation mode's zoom follows the window's width).
 */
function useBackingRatio(canvas: RefObject<HTMLCanvasElement | null>, layoutWidth: number) {
  const [ratio, setRatio] = useState(1);
  useLayoutEffect(() => {
    const measure = () => {
      const c = canvas.current;
      if (!c || layoutWidth <= 0) return;
      const next = (window.devicePixelRatio || 1) * zoomOf(c, layoutWidth);
      setRatio((r) => (Math.abs(r - next) < 1e-3 ? r : next));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [canvas, layoutWidth]);
  return ratio;
}

/**
 * The drawing's zoom, from the buttons, a pinch (two fingers on the drawing) or ctrl + wheel (a
 * trackpad's pinch), with the point under the gesture kept in place; one finger or the scroll
 * bars pan the zoomed drawing. `scale` is a pinch's live factor, shown until it ends.
 */
function useZoom(scroller: RefObject<HTMLDivElement | null>, width: number, ready: boolean) {
  const [zoom, setZoomNow] = useState(1);
  const [scale, setScale] = useState(1);
  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const shown = clampZoom(zoom, width, ratio);
  // The point to keep in place across a zoom: its share of the drawing and where it is on screen.
  const anchor = useRef<{ fx: number; fy: number; x: number; y: number } | null>(null);
  const setZoom = (next: number, at?: { x: number; y: number }) => {
    const el = scroller.current;
    if (el) {
      const x = at?.x ?? el.clientWidth / 2;
      const y = at?.y ?? el.clientHeight / 2;
      anchor.current = {
        fx: (el.scrollLeft + x) / Math.max(1, el.scrollWidth),
        fy: (el.scrollTop + y) / Math.max(1, el.scrollHeight),
        x,
        y,
      };
    }
    setZoomNow(clampZoom(next, width, ratio));
  };
  // The gestures' listeners, attached once, reach the latest zoom through this.
  const latest = useRef({ zoom: shown, setZoom });
  useLayoutEffect(() => {
    latest.current = { zoom: shown, setZoom };
  });
  // After the drawing is laid out at a new zoom, the anchored point goes back under the gesture.
  useLayoutEffect(() => {
    const el = scroller.current;
    const a = anchor.current;
    if (!el || !a) return;
    anchor.current = null;
    el.scrollTo({ left: a.fx * el.scrollWidth - a.x, top: a.fy * el.scrollHeight - a.y });
  });
  useEffect(() => {
    const el = scroller.current;
    if (!el || !ready) return;
    let pinch: { distance: number; x: number; y: number } | null = null;
    let factor = 1;
    const spread = (t: TouchList) =>
      Math.hypot(t[0]!.clientX - t[1]!.clientX, t[0]!.clientY - t[1]!.clientY);
    const onStart = (e: TouchEvent) => {
      if (e.touches.length !== 2) return;
      const rect = el.getBoundingClientRect();
      pinch = {
        distance: Math.max(1, spread(e.touches)),
        x: (e.touches[0]!.clientX + e.touches[1]!.clientX) / 2 - rect.left,
        y: (e.touches[0]!.clientY + e.touches[1]!.clientY) / 2 - rect.top,
      };
      factor = 1;
    };
    const onMove = (e: TouchEvent) => {
      if (!pinch || e.touches.length !== 2) return;
      // The two fingers zoom the drawing, not the page or its scroll.
      e.preventDefault();
      factor = spread(e.touches) / pinch.distance;
      setScale(factor);
    };
    const onEnd = () => {
      if (!pinch) return;
      const at = { x: pinch.x, y: pinch.y };
      pinch = null;
      setScale(1);
      latest.current.setZoom(latest.current.zoom * factor, at);
    };
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      const at = { x: e.clientX - rect.left, y: e.clientY - rect.top };
      latest.current.setZoom(latest.current.zoom * Math.exp(-e.deltaY * 0.01), at);
    };
    el.addEventListener('touchstart', onStart, { passive: true });
    el.addEventListener('touchmove', onMove, { passive: false });
    el.addEventListener('touchend', onEnd);
    el.addEventListener('touchcancel', onEnd);
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      el.removeEventListener('touchstart', onStart);
      el.removeEventListener('touchmove', onMove);
      el.removeEventListener('touchend', onEnd);
      el.removeEventListener('touchcancel', onEnd);
      el.removeEventListener('wheel', onWheel);
    };
  }, [scroller, ready]);
  return { zoom: shown, scale, setZoom, most: clampZoom(Infinity, width, ratio) };
}

/** A run with no network has no index to build: its one step is all of it. */
function* noIndex(): Sliced<null> {
  yield 1;
  return null;
}

/** The packet view (see the file's head): its index built in slices, then the drawing. */
export function PacketView(props: ViewProps) {
  const { outcome } = props;
  const network = useMemo(() => tracedNetwork(outcome), [outcome]);
  const make = useCallback(
    (): Sliced<PacketIndex | null> => (network ? indexTrace(outcome, network) : noIndex()),
    [outcome, network],
  );
  return (
    <WhenBuilt make={make} what="Indexing the trace's packets" onReady={props.onReady}>
      {(index) =>
        network && index ? (
          <PacketDrawing {...props} network={network} index={index} />
        ) : (
          <p className="packet-empty">This run has no network to show.</p>
        )
      }
    </WhenBuilt>
  );
}

/** The drawing of an indexed trace (the view once its index is built; tests render it). */
export function PacketDrawing({
  outcome,
  time,
  selected,
  width,
  height,
  playing,
  onSelect,
  network,
  index,
}: ViewProps & { network: NetworkMap; index: PacketIndex }) {
  const [plane, setPlane] = useState(0);
  const [credits, setCredits] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const { zoom, scale, setZoom, most } = useZoom(scroller, width, network !== null);
  // Given a height, the drawing takes what the view's other parts leave of it.
  const [others, setOthers] = useState(0);
  const fitted = height === undefined ? MAX_HEIGHT : Math.max(MIN_HEIGHT, height - others);
  const layout = useMemo(
    () =>
      network && index
        ? packetLayout(network, {
            width: width * zoom,
            maxHeight: fitted * zoom,
            plane,
            buffer: index.buffer,
          })
        : null,
    [network, index, width, plane, zoom, fitted],
  );
  const frame = index ? index.frame(time) : null;
  const scene = useMemo(
    () => (layout && index && frame ? buildScene(layout, index, frame, credits) : null),
    [layout, index, frame, credits],
  );
  const box = useRef<HTMLDivElement>(null);
  const summaryId = useId();
  const under = useRef<HTMLCanvasElement>(null);
  const over = useRef<HTMLCanvasElement>(null);
  const theme = useTheme(box);
  const size = scene?.size ?? 0;
  const ratio = useBackingRatio(over, layout?.width ?? 0);

  // What the view's parts other than the drawing take (own px), measured as they change.
  const drawn = layout !== null;
  useLayoutEffect(() => {
    const [b, s] = [box.current, scroller.current];
    if (height === undefined || !b || !s || !drawn) return;
    const measure = () => {
      const measured = b.offsetHeight - s.offsetHeight;
      setOthers((o) => (Math.abs(measured - o) > 1 ? measured : o));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(b);
    return () => observer.disconnect();
  }, [height, drawn]);

  // The picture in words for a screen reader, written when it is to be said (Narration).
  const words = useCallback(() => {
    if (!index || !layout) return '';
    const moment = index.frame(time);
    const text = describeCycle(index, layout, moment);
    return selected === undefined
      ? text
      : `${text} ${followedText(selected, index, layout, moment.state, time)}`;
  }, [index, layout, time, selected]);

  useLayoutEffect(() => {
    const canvas = under.current;
    if (!canvas || !layout || !theme) return;
    const ctx = sized(canvas, layout, ratio);
    if (!ctx) return;
    const draw: Ctx = Object.assign(ctx, { fillPath: (p: string) => ctx.fill(new Path2D(p)) });
    paintNetwork(draw, layout, theme, size);
  }, [layout, theme, size, ratio]);

  useLayoutEffect(() => {
    const canvas = over.current;
    if (!canvas || !layout || !scene || !index || !theme) return;
    const ctx = sized(canvas, layout, ratio);
    if (!ctx) return;
    const started = performance.now();
    const knot = deadlockAt(index, layout, time)?.knot;
    paintScene(ctx, layout, index, scene, { theme, selected, ...(knot ? { knot } : {}) });
    // How long the painting took, for the bench to read.
    canvas.dataset.paintMs = (performance.now() - started).toFixed(2);
  }, [layout, scene, index, selected, theme, time, ratio]);

  if (!network || !index || !layout || !scene || !frame) {
    return <p className="packet-empty">This run has no network to show.</p>;
  }

  const onClick = (event: MouseEvent<HTMLCanvasElement>) => {
    // The click in the layout's px, under any CSS zoom around the view.
    const rect = event.currentTarget.getBoundingClientRect();
    const shown = zoomOf(event.currentTarget, layout.width);
    const [x, y] = [(event.clientX - rect.left) / shown, (event.clientY - rect.top) / shown];
    const flit = flitNear(scene, x, y, Math.max(8, scene.size));
    if (flit) return onSelect(flit.packet);
    // A circuit: the held channel nearest the click.
    let best: number | undefined;
    let distance = 10;
    for (const h of scene.held) {
      for (const s of layout.channelSegs[h.channel] ?? []) {
        const d = Math.hypot((s.x1 + s.x2) / 2 - x, (s.y1 + s.y2) / 2 - y);
        if (d < distance) [best, distance] = [h.packet, d];
      }
    }
    onSelect(best);
  };

  // The packets a keyboard can follow: those on their way now, and the followed one.
  const followable = [...frame.state.inFlight].sort((a, b) => a - b).slice(0, 300);
  if (selected !== undefined && !followable.includes(selected)) followable.unshift(selected);
  const split = selected !== undefined ? index.latency(selected, time) : null;
  const info = selected !== undefined ? index.packets.get(selected) : undefined;
  const summary = describeMoment(time, index, layout, scene, frame.state, selected);
  const deadlock = deadlockAt(index, layout, time);
  const ended = runEndNote(outcome, index);

  return (
    <div className="packet-view" ref={box}>
      <div className="packet-controls">
        <label>
          Follow{' '}
          <select
            value={selected ?? ''}
            onChange={(e) => onSelect(e.target.value === '' ? undefined : Number(e.target.value))}
          >
            <option value="">no packet</option>
            {followable.map((p) => (
              <option key={p} value={p}>
                packet {p}
              </option>
            ))}
          </select>
        </label>
        {index.flow !== 'none' ? (
          <label>
            <input
              type="checkbox"
              checked={credits}
              onChange={(e) => setCredits(e.target.checked)}
            />{' '}
            {index.flow === 'credits' ? 'Show credits' : 'Show stop signals'}
          </label>
        ) : null}
        <span className="packet-zoom" role="group" aria-label="Zoom">
          <button
            type="button"
            onClick={() => setZoom(ZOOMS.find((z) => z > zoom + 0.01) ?? most)}
            disabled={zoom >= most}
          >
            Zoom in
          </button>
          <button
            type="button"
            onClick={() => setZoom([...ZOOMS].reverse().find((z) => z < zoom - 0.01) ?? 1)}
            disabled={zoom <= 1}
          >
            Zoom out
          </button>
          <output aria-live="polite">{Math.round(zoom * 100)} %</output>
        </span>
        {layout.planes > 1 ? (
          <label>
            Plane z{' '}
            <select value={layout.plane} onChange={(e) => setPlane(Number(e.target.value))}>
              {Array.from({ length: layout.planes }, (_, z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {deadlock ? (
        <p className="packet-deadlock" role="status">
          {deadlock.text}
        </p>
      ) : ended ? (
        <p className="packet-note" role="status">
          {ended}
        </p>
      ) : null}
      <div
        ref={scroller}
        className="packet-scroll"
        data-zoom={zoom}
        // Zoomed, the drawing pans within a screenful.
        style={zoom > 1 ? { maxHeight: `min(${fitted}px, 80vh)` } : undefined}
      >
        <div
          className="packet-canvas"
          style={{
            width: layout.width,
            height: layout.height,
            ...(scale !== 1 ? { transform: `scale(${scale})` } : {}),
          }}
        >
          <canvas ref={under} style={{ width: layout.width, height: layout.height }} />
          <canvas
            ref={over}
            className="packet-over"
            style={{ width: layout.width, height: layout.height }}
            onClick={onClick}
            role="img"
            aria-label="The network's packets at this cycle"
            aria-describedby={`${summaryId}-words`}
          />
        </div>
      </div>
      {selected !== undefined ? (
        <div className="packet-followed">
          <strong style={{ color: packetColor(selected) }}>Packet {selected}</strong>
          {info ? ` from node ${info.src} to node ${info.dst}, ${info.flits} flits` : ''}:{' '}
          {whereNow(selected, index, layout, frame.state, time)}.
          {split ? (
            <>
              <LatencyBar split={split} />
              <span className="packet-split-text">{splitText(split)}.</span>
            </>
          ) : null}
        </div>
      ) : null}
      {credits && index.flow !== 'none' ? (
        <p className="packet-note">
          {index.flow === 'credits'
            ? `Blue bars at each channel's start: the credits left of its ${index.buffer}-flit ` +
              'buffer, one bar per virtual channel.'
            : 'Red bars at a channel’s start: its receiver told it to stop.'}
        </p>
      ) : null}
      <Legend index={index} layout={layout} />
      <p id={summaryId} className="packet-summary">
        {summary}
      </p>
      <Narration id={`${summaryId}-words`} words={words} playing={playing} />
    </div>
  );
}
