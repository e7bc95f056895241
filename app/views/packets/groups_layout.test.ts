// The packet view's layout of groups (a dragonfly's drawing), from the engine's description:
// every channel and input drawn where the groups are drawn apart, within the view; a large one
// thinned and noted.
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../../engine/in_process_engine';
import { loadNodeModule } from '../../engine/node_module';
import type { NetworkMap } from '../../engine/types';
import { describeDragonflies } from '../../charts/fixtures/dragonfly_networks';
import type { DragonflyName } from '../../charts/fixtures/dragonfly_networks';
import { packetLayout } from './packet_layout';

let networks: Record<DragonflyName, NetworkMap>;
beforeAll(async () => {
  const engine = createInProcessEngine(await loadNodeModule());
  networks = await describeDragonflies(engine);
  engine.dispose();
}, 60_000);

const options = { plane: 0, buffer: 4 };

describe('packetLayout(dragonfly)', () => {
  it.each([
    ['df72', 390, 720],
    ['df72', 1200, 720],
    ['df1056', 1200, 1200],
  ] as const)(
    'draws every channel and input of %s at %i px, inside the view',
    (name, width, maxHeight) => {
      const net = networks[name];
      const layout = packetLayout(net, { ...options, width, maxHeight });
      expect(layout.kind).toBe('graph');
      expect(layout.note).toBeUndefined();
      expect(layout.height).toBeLessThanOrEqual(maxHeight);
      const channels = net.channels.columns[0]!.values.length;
      expect(layout.channelSegs.filter((s) => s.length === 1)).toHaveLength(channels);
      // Every input (a channel's or a terminal's) has its buffer.
      const inputs = Array.from(layout.inputRouter).filter((r) => r >= 0).length;
      expect(layout.buffers.filter(Boolean)).toHaveLength(inputs);
      const inside = (x: number, y: number) =>
        x >= 0 && x <= layout.width && y >= 0 && y <= layout.height;
      for (const s of layout.channelSegs.flat()) {
        expect(inside(s.x1, s.y1) && inside(s.x2, s.y2)).toBe(true);
      }
      for (const n of layout.nodes) expect(inside(n.px, n.py)).toBe(true);
      expect(layout.terminalAt.every((t) => t !== null)).toBe(true);
      expect(layout.routerName(5)).toBe(name === 'df72' ? 'group 1 router 1' : 'group 0 router 5');
    },
  );

  it('draws the 1,056-terminal one 720 px tall without its terminals, and says so', () => {
    const net = networks.df1056;
    const layout = packetLayout(net, { ...options, width: 1200, maxHeight: 720 });
    expect(layout.note).toBe('terminals not drawn');
    expect(layout.nodes.filter((n) => n.kind === 'router')).toHaveLength(264);
    // Every channel but the 1,056 to terminals; a flit delivered drawn at its terminal's router.
    expect(layout.channelSegs.filter((s) => s.length > 0)).toHaveLength(3960 - 1056);
    expect(layout.terminalAt[5]).toEqual({ px: layout.nodes[1]!.px, py: layout.nodes[1]!.py });
  });

  it('draws the 1,056-terminal one at 390 px as groups joined by their global channels', () => {
    const net = networks.df1056;
    const layout = packetLayout(net, { ...options, width: 390, maxHeight: 720 });
    expect(layout.note).toMatch(/drawn as one box.*terminals not drawn/);
    // 33 boxes; only the global channels drawn, both ways of one link per pair of groups.
    expect(layout.nodes.filter((n) => n.kind === 'router')).toHaveLength(33);
    expect(layout.nodes.filter((n) => n.kind === 'terminal')).toHaveLength(0);
    expect(layout.channelSegs.filter((s) => s.length > 0)).toHaveLength(33 * 32);
    // A flit delivered is drawn at its terminal's group.
    expect(layout.terminalAt.every((t) => t !== null)).toBe(true);
  });
});
