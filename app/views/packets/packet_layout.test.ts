// The packet view's layout of a concentrated mesh, from the engine's description: every terminal
// its own injection lane across the lower half of its router's square, one lane as before; and
// of a cube past three dimensions, drawn as the channel map draws it, its grid of arcs.
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../../engine/in_process_engine';
import { loadNodeModule } from '../../engine/node_module';
import type { NetworkMap } from '../../engine/types';
import { packetLayout } from './packet_layout';

let meshes: Record<1 | 4, NetworkMap>;
let hypercube: NetworkMap;
beforeAll(async () => {
  const engine = createInProcessEngine(await loadNodeModule());
  const mesh = async (concentration: number) =>
    (await engine.describe('network_traffic', { topology: 0, dims: [4, 4], concentration }))[0]!;
  meshes = { 1: await mesh(1), 4: await mesh(4) };
  [hypercube] = (await engine.describe('network_traffic', { topology: 0, dims: [2, 2, 2, 2] })) as [
    NetworkMap,
  ];
  engine.dispose();
}, 60_000);

const options = { plane: 0, buffer: 4, width: 800, maxHeight: 800 };

describe('packetLayout(concentrated mesh)', () => {
  it("draws each of a router's 4 terminals' buffers on a lane of its own in the lower half", () => {
    const layout = packetLayout(meshes[4], options);
    expect(layout.kind).toBe('lattice');
    expect(layout.terminalInput).toHaveLength(64);
    const router = layout.nodes[5]!;
    const lanes = [20, 21, 22, 23].map((t) => layout.buffers[layout.terminalInput[t]!]!);
    const ys = lanes.map((s) => s.y1);
    // Apart, in order, within the square's lower half.
    for (let i = 1; i < ys.length; i++) expect(ys[i]!).toBeGreaterThan(ys[i - 1]!);
    for (const y of ys) {
      expect(y).toBeGreaterThan(router.py);
      expect(y).toBeLessThan(router.py + router.size / 2);
    }
    expect(layout.terminalAt.every((t) => t !== null)).toBe(true);
  });

  it('keeps one terminal a router on the lane a quarter of the square below its centre', () => {
    const layout = packetLayout(meshes[1], options);
    const router = layout.nodes[5]!;
    const lane = layout.buffers[layout.terminalInput[5]!]!;
    expect(lane.y1).toBeCloseTo(router.py + router.size / 4, 9);
  });
});

describe('packetLayout(a cube past three dimensions)', () => {
  it('draws a binary 4-cube as its grid of arcs, every channel and buffer placed', () => {
    const layout = packetLayout(hypercube, options);
    expect(layout.kind).toBe('graph');
    // 32 links both ways and 16 terminals' deliveries, each drawn.
    expect(layout.channelSegs.filter((segs) => segs && segs.length > 0)).toHaveLength(64 + 16);
    expect(layout.buffers.filter((b) => b)).toHaveLength(64 + 16);
    expect(layout.routerName(15)).toBe('(1, 1, 1, 1)');
    expect(layout.height).toBeLessThanOrEqual(800);
  });
});
