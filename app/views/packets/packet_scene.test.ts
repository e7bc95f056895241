// The packet view's scene against real traces from the engine (fixtures/network_traces.ts):
// where each flit is drawn, what a click finds, and the labels of packets waiting at their
// sources, on a 4x4 mesh and torus near saturation, 2- and 4-ary flies, an 8-port crossbar and a
// circuit-switched mesh.
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../../engine/in_process_engine';
import { loadNodeModule } from '../../engine/node_module';
import type { TraceOutcome } from '../../engine/trace';
import { byCycle, cycles, num, traceNetworks } from './fixtures/network_traces';
import { openIndex } from './open_index';
import type { PacketIndex } from './packet_index';
import type { PacketLayout } from './packet_layout';
import {
  buildScene,
  flitNear,
  knotWidth,
  labelCoversChannel,
  labelsOverlap,
  slotAt,
} from './packet_scene';

let traced: Record<string, TraceOutcome> = {};
beforeAll(async () => {
  const engine = createInProcessEngine(await loadNodeModule());
  traced = await traceNetworks(engine, ['mesh', 'torus', 'fly', 'crossbar', 'circuit', 'fly4']);
  engine.dispose();
}, 120_000);

describe.each(['mesh', 'torus', 'fly', 'crossbar'])('the scene of a %s', (name) => {
  let index: PacketIndex;
  let layout: PacketLayout;
  let outcome: TraceOutcome;
  beforeAll(() => {
    outcome = traced[name]!;
    ({ index, layout } = openIndex(outcome, { width: 900, maxHeight: 700, plane: 0 }));
  });

  it('draws each flit on its input buffer, front first, credits within the buffer', () => {
    let drawn = 0;
    for (const t of cycles(index).filter((c) => c % 10 === 0)) {
      const frame = index.frame(t);
      const scene = buildScene(layout, index, frame, true);
      const fronts = new Map<number, number>();
      for (const f of scene.flits) {
        if (f.ivc < 0) continue;
        const seg = layout.buffers[Math.floor(f.ivc / index.vcs)]!;
        const slot = fronts.get(f.ivc) ?? 0;
        fronts.set(f.ivc, slot + 1);
        const [x, y] = slotAt(seg, slot, index.buffer, f.ivc % index.vcs, index.vcs, scene.lane);
        expect([f.x, f.y]).toEqual([x, y]);
        drawn++;
      }
      for (const c of scene.credits) {
        for (const v of c.values) expect(v >= 0 && v <= 1).toBe(true);
      }
    }
    expect(drawn).toBeGreaterThan(50);
  });

  it('draws a flit leaving the network at its destination, on a crossbar at its crosspoint', () => {
    const events = byCycle(outcome);
    let left = 0;
    for (const t of cycles(index)) {
      const frame = index.frame(t);
      const scene = buildScene(layout, index, frame, false);
      const ejected = (events.get(t) ?? []).filter((e) => e.kind === 'flit_ejected');
      for (const e of ejected) {
        const mark = scene.flits.find(
          (f) => f.ivc < 0 && f.packet === e.packet && f.flit === e.flit,
        )!;
        const move = frame.moves.find((m) => m.packet === e.packet && m.flit === e.flit)!;
        const row = layout.inputTerminal[Math.floor(move.from / index.vcs)]!;
        const dest = layout.terminalAt[num(e, 'node')]!;
        const seg = layout.channelSegs[num(e, 'channel')]?.[0];
        const expected = layout.crosspoint
          ? layout.crosspoint.at(row, num(e, 'node'))
          : seg
            ? [seg.x2, seg.y2]
            : [dest.px, dest.py];
        expect([mark.x, mark.y]).toEqual(expected);
        left++;
      }
    }
    expect(left).toBeGreaterThan(20);
  });

  it('finds the flit under a click: the nearest one', () => {
    const scene = buildScene(layout, index, index.frame(index.from + 40), false);
    for (const f of scene.flits.slice(0, 20)) {
      const [x, y] = [f.x + 0.2, f.y - 0.2];
      const found = flitNear(scene, x, y, scene.size)!;
      expect(Math.hypot(found.x - x, found.y - y)).toBeLessThan(0.283);
    }
    expect(flitNear(scene, -100, -100, 8)).toBeNull();
  });
});

// Crowded: some sources are closer than a label's height (a fly's, 900 px wide).
describe.each([
  ['mesh', false],
  ['crossbar', false],
  ['circuit', false],
  ['fly', true],
  ['fly4', true],
])('the packets waiting at the sources of a %s', (name, crowded) => {
  it('are counted per source, each label drawn where it covers no other and no channel', () => {
    const { index, layout } = openIndex(traced[name]!, { width: 900, maxHeight: 700, plane: 0 });
    let labels = 0;
    let left = 0;
    for (const t of cycles(index)) {
      const frame = index.frame(t);
      const waiting = new Map<number, number>();
      for (const p of frame.state.queued) {
        const src = index.packets.get(p)!.src;
        waiting.set(src, (waiting.get(src) ?? 0) + 1);
      }
      const { queued, size } = buildScene(layout, index, frame, false);
      for (const [i, q] of queued.entries()) {
        for (const other of queued.slice(i + 1)) expect(labelsOverlap(q, other)).toBe(false);
        expect(labelCoversChannel(layout, q, knotWidth(size) / 2)).toBe(false);
      }
      // Each label is its own source's count; the longest queues are the ones kept.
      const counts = [...waiting.values()].sort((a, b) => b - a);
      expect(queued.map((q) => q.count)).toEqual(
        [...queued.map((q) => q.count)].sort((a, b) => b - a),
      );
      expect(queued[0]?.count).toBe(counts[0]);
      for (const q of queued) expect([...waiting.values()]).toContain(q.count);
      labels += queued.length;
      left += waiting.size - queued.length;
    }
    expect(labels).toBeGreaterThan(10);
    expect(left > 0).toBe(crowded);
  });
});
