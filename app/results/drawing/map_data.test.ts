import { describe, expect, it } from 'vitest';

import type { Column, NetworkMap } from '../../engine/types';
import { describeChannelHeatmap } from '../../charts/heatmap_words';
import { GRAPH } from './drawing';
import { networkHeatmapData } from './map_data';

const ints = (name: string, values: number[]): Column => ({
  name,
  unit: '',
  type: 'int32',
  labels: [],
  values: Int32Array.from(values),
});
const reals = (name: string, values: number[]): Column => ({
  name,
  unit: 'fraction',
  type: 'float64',
  labels: [],
  values: Float64Array.from(values),
});

/** A 2 x 2 mesh as the engine describes it: routers at (x, y), terminal t at router t. */
function mesh(terminalColumns: Column[]): NetworkMap {
  return {
    name: 'channel_util',
    label: 'channels',
    shape: 'mesh',
    sizes: [
      { name: 'x', value: 2 },
      { name: 'y', value: 2 },
    ],
    drawing: { ...GRAPH, kind: 'grid', axes: ['x', 'y'], extent: [2, 2] },
    nodes: 4,
    routers: { columns: [ints('x', [0, 1, 0, 1]), ints('y', [0, 0, 1, 1])] },
    terminals: { columns: [ints('router', [0, 1, 2, 3]), ...terminalColumns] },
    channels: {
      columns: [
        ints('router', [0, 1]),
        ints('to_router', [1, 0]),
        reals('utilization', [0.25, 0.5]),
        reals('occupancy', [0.75, 1]),
      ],
    },
    crosspoints: { columns: [] },
  };
}

describe('networkHeatmapData()', () => {
  it('colours by the column the chart names, and says which it is', () => {
    const held = networkHeatmapData(mesh([]), 'occupancy', 0);
    expect(held.quantity).toBe('occupancy');
    expect(held.channels.map((c) => c.value)).toEqual([0.75, 1]);
    expect(networkHeatmapData(mesh([]), 'utilization', 0).channels[1]!.value).toBe(0.5);
  });

  it("marks the hot spot at its terminal's router, and nothing without one", () => {
    const hot = networkHeatmapData(mesh([ints('hotspot', [0, 0, 0, 1])]), 'occupancy', 0);
    expect(hot.marks).toEqual([{ at: [1, 1, 0], label: 'hot spot' }]);
    expect(networkHeatmapData(mesh([]), 'occupancy', 0).marks).toBeUndefined();
  });

  it("counts a concentrated mesh's terminals a router and names them in words", () => {
    const net = mesh([]);
    net.terminals = { columns: [ints('router', [0, 0, 1, 1, 2, 2, 3, 3])] };
    const data = networkHeatmapData(net, 'utilization', 0);
    expect(data.concentration).toBe(2);
    expect(describeChannelHeatmap(data)).toMatch(
      /^Channel utilization, 2 × 2 mesh, 2 terminals a router:/,
    );
    expect(networkHeatmapData(mesh([]), 'utilization', 0).concentration).toBeUndefined();
  });
});
