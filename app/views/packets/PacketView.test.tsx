// The packet view rendered from a real trace (a 4x4 mesh near saturation and a circuit mesh):
// its HTML (controls, legend, the moment in words, the followed packet's split) with no console
// errors, and its canvas painting checked call by call on a recording stub.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { createInProcessEngine } from '../../engine/in_process_engine';
import { loadNodeModule } from '../../engine/node_module';
import type { TraceOutcome } from '../../engine/trace';
import { playedEnd } from '../../engine/trace';
import { openIndex } from './open_index';
import type { Ctx, Theme } from './packet_paint';
import { packetColor, paintNetwork, paintScene } from './packet_paint';
import { buildScene, knotWidth } from './packet_scene';
import { palette } from '../../charts/palette';
import { deadlockAt } from './moment_words';
import { PacketDrawing, PacketView } from './PacketView';

const FROM = 1500;
let mesh: TraceOutcome;
let circuit: TraceOutcome;
/** A light load measured to its confidence long before the window opens. */
let late: TraceOutcome;
/** The same run seen over its end. */
let ending: TraceOutcome;
/** An 8-node ring with one virtual channel and no dateline, which deadlocks at this load. */
let ring: TraceOutcome;
/** A 4x4 mesh with a fifth of the packets to its centre node (2, 2). */
let hot: TraceOutcome;
beforeAll(async () => {
  const engine = createInProcessEngine(await loadNodeModule());
  const trace = (params: Record<string, number | number[]>) =>
    engine.trace({
      model: 'network_traffic',
      params,
      seed: 1,
      point: 8,
      window: { from: FROM, length: 60 },
    });
  mesh = await trace({ dims: [4, 4] });
  hot = await trace({ dims: [4, 4], pattern: 4, hotspot_fraction: 0.2 });
  circuit = await trace({ dims: [4, 4], switching: 1 });
  late = await engine.trace({
    model: 'network_traffic',
    params: { dims: [4, 4] },
    seed: 1,
    point: 0,
    window: { from: 500_000, length: 100 },
  });
  ending = await engine.trace({
    model: 'network_traffic',
    params: { dims: [4, 4] },
    seed: 1,
    point: 0,
    window: { from: 2500, length: 300 },
  });
  ring = await engine.trace({
    model: 'network_traffic',
    params: { topology: 1, dims: [8], vcs: 1, dateline: 1, injection_rate: 0.5 },
    seed: 1,
    point: 0,
    window: { from: 0, length: 2000 },
  });
  engine.dispose();
}, 60_000);

afterEach(() => vi.restoreAllMocks());

const theme: Theme = { fg: '#000', muted: '#555', border: '#ccc', accent: '#07b', bg: '#fff' };

/** A context that records every call and the style each fill or stroke used. */
function recorder() {
  const calls: { name: string; args: unknown[]; style?: string; alpha?: number }[] = [];
  const ctx: Record<string, unknown> = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    globalAlpha: 1,
    font: '',
    textAlign: 'left',
    textBaseline: 'alphabetic',
  };
  for (const name of [
    'beginPath',
    'moveTo',
    'lineTo',
    'rect',
    'arc',
    'fill',
    'stroke',
    'fillRect',
    'strokeRect',
    'fillText',
    'clearRect',
    'save',
    'restore',
    'translate',
    'setLineDash',
    'fillPath',
  ]) {
    ctx[name] = (...args: unknown[]) =>
      calls.push({
        name,
        args,
        style: String(name === 'fill' ? ctx.fillStyle : ctx.strokeStyle),
        alpha: ctx.globalAlpha as number,
      });
  }
  return { ctx: ctx as unknown as Ctx, calls };
}

function render(outcome: TraceOutcome, time: number, selected?: number) {
  const { network, index } = openIndex(outcome, { width: 800, maxHeight: 720, plane: 0 });
  const errors = vi.spyOn(console, 'error');
  const html = renderToStaticMarkup(
    <PacketDrawing
      network={network}
      index={index}
      outcome={outcome}
      time={time}
      selected={selected}
      width={800}
      playing={false}
      onSelect={() => {}}
    />,
  );
  expect(errors).not.toHaveBeenCalled();
  return html;
}

describe('PacketView', () => {
  it('first says it is indexing the trace (built in slices, not while the page waits)', () => {
    const html = renderToStaticMarkup(
      <PacketView outcome={mesh} time={FROM} width={800} playing={false} onSelect={() => {}} />,
    );
    expect(html).toContain(
      'role="status">Indexing the trace&#x27;s packets… <span aria-hidden="true">0 %',
    );
    expect(html).not.toContain('<canvas');
  });

  it('renders the moment in words, the controls and the legend, with no console errors', () => {
    const html = render(mesh, FROM + 20);
    expect(html).toContain('<canvas');
    expect(html).toMatch(/Cycle 1520: \d+ packets? on their way, \d+ waiting at their sources/);
    expect(html).toMatch(/\d+ flits? in buffers; \d+ blocked heads?/);
    expect(html).toContain('Show credits');
    expect(html).toContain('no credit');
    expect(html).toContain('aria-live="polite"');
  });

  it('says where the followed packet is and splits its latency', () => {
    const { index } = openIndex(mesh, { width: 800, maxHeight: 720, plane: 0 });
    const done = [...index.packets.values()].find(
      (p) => p.created !== undefined && p.delivered !== undefined,
    )!;
    const s = index.latency(done.id, index.end)!;
    const html = render(mesh, index.end, done.id);
    expect(html).toContain(`Packet ${done.id}</strong> from node ${done.src} to node ${done.dst}`);
    expect(html).toContain(`delivered to node ${done.dst}`);
    expect(html).toContain(
      `latency ${s.total} cycles = queueing ${s.queueing} + blocking ${s.blocking} + ` +
        `transfer ${s.transfer}`,
    );
  });

  it('counts a packet already on its way at the window start from its creation', () => {
    const { index } = openIndex(mesh, { width: 800, maxHeight: 720, plane: 0 });
    const along = [...index.packets.values()].find(
      (p) => p.leftBefore && p.born !== undefined && p.born < FROM - 5,
    )!;
    const s = index.latency(along.id, FROM)!;
    // Not "1 cycles so far": every cycle since it was created.
    expect(s.total).toBe(FROM + 1 - along.born!);
    expect(s.before).toBe(FROM - along.born!);
    const html = render(mesh, FROM, along.id);
    expect(html).toContain(
      `${s.total} cycles so far = ${s.before} before the window (not recorded) + queueing 0 + ` +
        `blocking ${s.blocking} + transfer ${s.transfer} (not yet delivered)`,
    );
  });

  it('says when the run ended before the window, where an empty network would look idle', () => {
    const ran = late.result.scalars.find((r) => r.name === 'simulated_cycles')!.value;
    expect(ran).toBeLessThan(500_000);
    const html = render(late, 500_000);
    expect(html).toContain(
      `The run stopped after cycle ${ran - 1}, before this window opens at cycle 500000: ` +
        `nothing was recorded. Record from cycle ${ran - 1} or earlier.`,
    );
    expect(render(mesh, FROM + 20)).not.toContain('The run stopped');
    // Over its end: the cycle named is the last the trace plays.
    const last = playedEnd(ending.trace);
    expect(last).toBe(ran - 1);
    expect(render(ending, 2500)).toContain(
      `The run stopped after cycle ${last}, inside this window: it plays to there.`,
    );
    // Said from what the trace declares of the run's end, not from an output found by its name.
    expect(late.trace.runEnd).toBe(ran - 1);
    const unnamed = (o: TraceOutcome): TraceOutcome => ({
      ...o,
      result: { ...o.result, scalars: [] },
    });
    expect(render(unnamed(late), 500_000)).toContain(
      `The run stopped after cycle ${ran - 1}, before this window opens at cycle 500000`,
    );
    expect(render(unnamed(ending), 2500)).toContain(`The run stopped after cycle ${last}, inside`);
  });

  it('names the held circuits of a circuit-switched network', () => {
    const html = render(circuit, FROM + 10);
    expect(html).toMatch(/\d+ channels held by circuits/);
    expect(html).toContain('a held circuit');
    expect(html).not.toContain('Show credits');
  });
});

describe('painting a frame', () => {
  it('fills a square at each flit of the scene, in its packet colour', () => {
    const { index, layout } = openIndex(mesh, { width: 800, maxHeight: 720, plane: 0 });
    const scene = buildScene(layout, index, index.frame(FROM + 30), true);
    expect(scene.flits.length).toBeGreaterThan(20);
    const { ctx, calls } = recorder();
    paintScene(ctx, layout, index, scene, { theme });
    // Rects up to each fill belong to that fill's path.
    const filled = new Map<string, string>();
    let path: string[] = [];
    for (const c of calls) {
      if (c.name === 'beginPath') path = [];
      if (c.name === 'rect') path.push((c.args as number[]).map((v) => v.toFixed(3)).join(','));
      if (c.name === 'fill') for (const r of path) filled.set(r, c.style!);
    }
    for (const f of scene.flits) {
      const at = [f.x - f.w / 2, f.y - f.h / 2, f.w, f.h].map((v) => v.toFixed(3));
      expect(filled.get(at.join(','))).toBe(packetColor(f.packet));
    }
  });

  it('draws the followed packet strong and the others faint', () => {
    const { index, layout } = openIndex(mesh, { width: 800, maxHeight: 720, plane: 0 });
    const scene = buildScene(layout, index, index.frame(FROM + 30), false);
    const followed = scene.flits[0]!.packet;
    const { ctx, calls } = recorder();
    paintScene(ctx, layout, index, scene, { theme, selected: followed });
    const fills = calls.filter((c) => c.name === 'fill');
    expect(fills.some((c) => c.alpha === 1 && c.style === packetColor(followed))).toBe(true);
    expect(fills.some((c) => c.alpha! < 1)).toBe(true);
  });

  it('paints the network: every channel shape and every switch', () => {
    const { layout } = openIndex(mesh, { width: 800, maxHeight: 720, plane: 0 });
    const { ctx, calls } = recorder();
    paintNetwork(ctx, layout, theme, 6);
    const shapes = layout.channelPath.filter(Boolean).length;
    expect(calls.filter((c) => c.name === 'fillPath')).toHaveLength(shapes);
    expect(shapes).toBe(48);
    expect(calls.filter((c) => c.name === 'rect')).toHaveLength(16);
    expect(calls.filter((c) => c.name === 'fillText')).toHaveLength(0);
  });

  it('names the hot spot above its node, drawn strong', () => {
    const { layout } = openIndex(hot, { width: 800, maxHeight: 720, plane: 0 });
    expect(layout.marked).toHaveLength(1);
    const [mark] = layout.marked;
    // Node (2, 2): the third column, the third row from the bottom.
    const node = layout.nodes[2 * 4 + 2]!;
    expect([mark!.px, mark!.py]).toEqual([node.px, node.py]);
    const { ctx, calls } = recorder();
    paintNetwork(ctx, layout, theme, 6);
    const label = calls.filter((c) => c.name === 'fillText');
    expect(label.map((c) => c.args[0])).toEqual(['hot spot']);
    expect(calls.filter((c) => c.name === 'strokeRect')).toHaveLength(1);
  });
});

describe('a deadlock', () => {
  it('stops the player on it and says so, the knot and its waiting heads drawn', () => {
    const { index, layout } = openIndex(ring, { width: 800, maxHeight: 720, plane: 0 });
    const knot = index.deadlock!;
    // Every channel of one direction round the ring.
    expect(knot.channels).toHaveLength(8);
    expect(new Set(knot.channels).size).toBe(8);
    // The run stopped there: playing ends on it.
    expect(playedEnd(ring.trace)).toBe(knot.time);
    expect(index.end).toBe(knot.time);
    const said = `Deadlock at cycle ${knot.time}: these 8 channels each wait for the next`;
    expect(render(ring, knot.time)).toContain(said);
    expect(render(ring, knot.time - 1)).not.toContain('Deadlock at cycle');
    expect(
      deadlockAt(openIndex(mesh, { width: 800, maxHeight: 720, plane: 0 }).index, layout, 1e9),
    ).toBeNull();

    const shown = deadlockAt(index, layout, knot.time)!;
    const scene = buildScene(layout, index, index.frame(knot.time), false);
    const { ctx, calls } = recorder();
    paintScene(ctx, layout, index, scene, { theme, knot: shown.knot });
    // Each knot channel's segments are stroked in vermillion, thicker than any flit.
    const red = new Set<string>();
    let path: string[] = [];
    for (const c of calls) {
      if (c.name === 'beginPath') path = [];
      if (c.name === 'moveTo') path.push((c.args as number[]).map((v) => v.toFixed(2)).join(','));
      if (c.name === 'stroke' && c.style === palette.vermillion) for (const m of path) red.add(m);
    }
    for (const c of knot.channels) {
      for (const seg of layout.channelSegs[c]!) {
        expect(red.has(`${seg.x1.toFixed(2)},${seg.y1.toFixed(2)}`)).toBe(true);
      }
    }
    // A ring round each waiting head: the front flit of each of the knot's 8 buffers.
    const heads = scene.flits.filter((f) => f.reason >= 0 && shown.knot.ivcs.has(f.ivc));
    expect(heads).toHaveLength(8);
    const before = recorder();
    paintScene(before.ctx, layout, index, scene, { theme });
    expect(calls.filter((c) => c.name === 'arc').length).toBe(
      before.calls.filter((c) => c.name === 'arc').length + 8,
    );
  });

  it.each([390, 800])('labels the waiting packets off the knot at %i px', (width) => {
    const { index, layout } = openIndex(ring, { width, maxHeight: 720, plane: 0 });
    const knot = index.deadlock!;
    const frame = index.frame(knot.time);
    const scene = buildScene(layout, index, frame, false);
    // Sources queue behind the knot, and each count is drawn.
    const sources = new Set([...frame.state.queued].map((p) => index.packets.get(p)!.src));
    expect(sources.size).toBeGreaterThan(4);
    expect(scene.queued).toHaveLength(sources.size);
    const half = knotWidth(scene.size) / 2;
    for (const q of scene.queued) {
      const box = {
        x: q.x - q.w - half,
        y: q.y - q.h / 2 - half,
        w: q.w + 2 * half,
        h: q.h + 2 * half,
      };
      for (const c of knot.channels) {
        for (const s of layout.channelSegs[c]!) {
          // The stroke's box along the segment, as the knot is painted.
          const [x0, x1] = [Math.min(s.x1, s.x2), Math.max(s.x1, s.x2)];
          const [y0, y1] = [Math.min(s.y1, s.y2), Math.max(s.y1, s.y2)];
          const apart = box.x + box.w <= x0 || x1 <= box.x || box.y + box.h <= y0 || y1 <= box.y;
          expect(apart, `+${q.count} at ${q.x.toFixed(1)}, ${q.y.toFixed(1)}`).toBe(true);
        }
      }
    }
  });
});
