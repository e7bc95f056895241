// The packet view's layout of a grid of arcs (a flattened butterfly's), from the engine's
// description: every channel drawn (an arc in pieces), every input's buffer, all within the view
// at phone and desktop widths; a large one's terminals left out and noted.
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../../engine/in_process_engine';
import { loadNodeModule } from '../../engine/node_module';
import type { NetworkMap } from '../../engine/types';
import { describeFlatflies } from '../../charts/fixtures/flatfly_networks';
import type { FlatflyName } from '../../charts/fixtures/flatfly_networks';
import { packetLayout } from './packet_layout';

let networks: Record<FlatflyName, NetworkMap>;
beforeAll(async () => {
  const engine = createInProcessEngine(await loadNodeModule());
  networks = await describeFlatflies(engine);
  engine.dispose();
}, 60_000);

const options = { plane: 0, buffer: 4 };

describe('packetLayout(flattened butterfly)', () => {
  it.each([
    ['ff64', 390, 720],
    ['ff64', 1920, 900],
    ['row8', 390, 720],
    ['cube27', 1920, 900],
  ] as const)(
    'draws every channel and input of %s at %i px, inside the view',
    (name, width, maxHeight) => {
      const net = networks[name];
      const layout = packetLayout(net, { ...options, width, maxHeight });
      expect(layout.kind).toBe('graph');
      expect(layout.note).toBeUndefined();
      expect(layout.height).toBeLessThanOrEqual(maxHeight);
      const channels = net.channels.columns[0]!.values.length;
      expect(layout.channelSegs.filter((s) => s.length > 0)).toHaveLength(channels);
      const inputs = Array.from(layout.inputRouter).filter((r) => r >= 0).length;
      expect(layout.buffers.filter(Boolean)).toHaveLength(inputs);
      const inside = (x: number, y: number) =>
        x >= 0 && x <= layout.width && y >= 0 && y <= layout.height;
      for (const s of layout.channelSegs.flat()) {
        expect(inside(s.x1, s.y1) && inside(s.x2, s.y2)).toBe(true);
      }
      for (const n of layout.nodes) expect(inside(n.px, n.py)).toBe(true);
      expect(layout.terminalAt.every((t) => t !== null)).toBe(true);
    },
  );

  it('names a router by its coordinates', () => {
    const layout = packetLayout(networks.ff64, { ...options, width: 800, maxHeight: 800 });
    expect(layout.routerName(6)).toBe('(2, 1)');
  });

  it('draws the 2,048-terminal one at 390 px without its terminals, and says so', () => {
    const layout = packetLayout(networks.ff2048, { ...options, width: 390, maxHeight: 720 });
    expect(layout.note).toBe('terminals not drawn');
    expect(layout.nodes.filter((n) => n.kind === 'router')).toHaveLength(1024);
    // Every channel between routers: 1,024 routers of 2 x 31.
    expect(layout.channelSegs.filter((s) => s.length > 0)).toHaveLength(1024 * 62);
  });
});
