// A network as the channel maps draw it, from the engine's description (NetworkMap): on its grid
// where its routers have coordinates, else as its graph of channels. The charts and the packet
// view share it, so both lay a network out the same way.
import type { NetworkMap, Table } from '../engine/types';
import { findColumn, tableRows } from '../engine/types';
import type {
  ChannelGraph,
  ChannelHeatmapData,
  CubeChannel,
  DragonflyGroups,
  ArcGrid,
  NodeMark,
} from './chart_data';

/** A column's numbers by row (empty for a missing column). */
function columnValues(table: Table, name: string): ArrayLike<number> {
  return findColumn(table, name)?.values ?? [];
}

/** A measured value as drawn: null where there is none or it is not finite. */
function known(value: number | undefined): number | null {
  return value !== undefined && Number.isFinite(value) ? value : null;
}

const AXES = ['x', 'y', 'z'] as const;
/** The engine's shapes of a k-ary n-cube. */
const CUBES = ['mesh', 'torus'];

/**
 * A network whose routers have grid coordinates, from the engine's description: its radices, and
 * each channel between routers with the coordinates of its ends (x, y and z: a cube of more
 * dimensions is drawn as an ArcGrid, and its dependency graph on the plane of x and y), its
 * direction as the engine names it, whether it wraps around, and the run's `value` column.
 */
export function cubeHeatmap(network: NetworkMap, value: string, plane: number): ChannelHeatmapData {
  const coordinates = AXES.map((a) => columnValues(network.routers, a));
  const dims = AXES.flatMap((a) => network.sizes.filter((s) => s.name === a).map((s) => s.value));
  const at = (router: number): [number, number, number] => {
    const [x = 0, y = 0, z = 0] = coordinates.map((c) => c[router] ?? 0);
    return [x, y, z];
  };
  const { channels } = network;
  const from = columnValues(channels, 'router');
  const to = columnValues(channels, 'to_router');
  const wrap = columnValues(channels, 'wrap');
  const values = columnValues(channels, value);
  const direction = findColumn(channels, 'direction');
  const out: CubeChannel[] = [];
  // Past z, the drawing keeps the routers whose further coordinates are all 0.
  const further = network.sizes
    .slice(AXES.length)
    .map((s) => columnValues(network.routers, s.name));
  const drawn = (router: number) => further.every((c) => (c[router] ?? 0) === 0);
  for (let i = 0; i < from.length; i++) {
    const target = to[i] ?? -1;
    if (target < 0 || !drawn(from[i] ?? 0) || !drawn(target)) continue;
    const d = direction?.values[i] ?? -1;
    out.push({
      from: at(from[i] ?? 0),
      to: at(target),
      direction: direction?.labels[d] ?? '',
      wrap: wrap[i] === 1,
      value: known(values[i]),
    });
  }
  // The hot spot of hotspot traffic, where the engine marks its terminal.
  const hot = columnValues(network.terminals, 'hotspot');
  const terminalRouter = columnValues(network.terminals, 'router');
  const marks: NodeMark[] = Array.from(hot).flatMap((flag, t) =>
    flag === 1 ? [{ at: at(terminalRouter[t] ?? 0), label: 'hot spot' }] : [],
  );
  const routers = tableRows(network.routers);
  const concentration = routers > 0 ? Math.round(terminalRouter.length / routers) : 1;
  return {
    dims,
    torus: network.shape === 'torus',
    channels: out,
    plane,
    ...(value ? { quantity: value } : {}),
    ...(marks.length > 0 ? { marks } : {}),
    ...(concentration > 1 ? { concentration } : {}),
  };
}

/** A dragonfly's groups, from its routers' group and router columns and its channels' class. */
function dragonflyGroups(network: NetworkMap): DragonflyGroups {
  const group = Array.from(columnValues(network.routers, 'group'));
  const kind = findColumn(network.channels, 'channel');
  const global = kind?.labels.indexOf('global') ?? -1;
  return {
    groups: Math.max(0, ...group) + 1,
    group,
    index: Array.from(columnValues(network.routers, 'router')),
    global: Array.from(kind?.values ?? [], (v) => global >= 0 && v === global),
  };
}

/** The engine's name of a flattened butterfly's shape (its routers' axes are not a cube's). */
export const FLATFLY_SHAPE = 'flattened butterfly';

/**
 * A flattened butterfly's grid (from its routers' axes and its channels' dimension column), or a
 * cube's past three dimensions (from its sizes and its channels' direction column, two a
 * dimension).
 */
function arcGrid(network: NetworkMap): ArcGrid {
  const flatfly = network.shape === FLATFLY_SHAPE;
  const axes = flatfly
    ? ['x', 'y', 'z', 'w'].filter((a) => findColumn(network.routers, a))
    : network.sizes.map((s) => s.name);
  const columns = axes.map((a) => columnValues(network.routers, a));
  const position = Array.from({ length: tableRows(network.routers) }, (_, r) =>
    columns.map((c) => c[r] ?? 0),
  );
  const toRouter = columnValues(network.channels, 'to_router');
  const along = flatfly
    ? columnValues(network.channels, 'dimension')
    : Array.from(columnValues(network.channels, 'direction'), (d) => Math.floor(d / 2));
  const dimension = Array.from(along, (d, i) => ((toRouter[i] ?? -1) >= 0 ? d : -1));
  const k = Math.max(1, ...columns.flatMap((c) => Array.from(c, (v) => v + 1)));
  const radix = flatfly ? axes.map(() => k) : network.sizes.map((s) => s.value);
  return { shape: network.shape, radix, position, dimension };
}

/** A cube past three dimensions, drawn as its folded grid of arcs, not in planes of x and y. */
export function foldedCube(network: NetworkMap): boolean {
  return CUBES.includes(network.shape) && network.sizes.length > AXES.length;
}

/**
 * Any other network as its graph of channels from the engine's description (a channel to a
 * terminal ends at routers + terminal), and on a lone crossbar its crosspoints, input by input.
 */
function channelGraph(network: NetworkMap, value: string): ChannelGraph {
  const routers = tableRows(network.routers);
  const terminals = tableRows(network.terminals);
  const from = columnValues(network.channels, 'router');
  const toRouter = columnValues(network.channels, 'to_router');
  const toTerminal = columnValues(network.channels, 'to_terminal');
  const values = columnValues(network.channels, value);
  const channels = Array.from(from, (f, i) => {
    const router = toRouter[i] ?? -1;
    return {
      from: f,
      to: router >= 0 ? router : routers + (toTerminal[i] ?? 0),
      value: known(values[i]),
    };
  });
  const graph: ChannelGraph = { routers, terminals, channels };
  if (network.shape === 'dragonfly') graph.dragonfly = dragonflyGroups(network);
  if (network.shape === 'fat tree') {
    const level = Array.from(columnValues(network.routers, 'level'));
    const index = Array.from(columnValues(network.routers, 'switch'));
    graph.fatTree = { levels: Math.max(0, ...level) + 1, level, index };
  }
  if (network.shape === FLATFLY_SHAPE || foldedCube(network)) graph.grid = arcGrid(network);
  const use = columnValues(network.crosspoints, value);
  if (use.length > 0) {
    const input = columnValues(network.crosspoints, 'input');
    const output = columnValues(network.crosspoints, 'output');
    const crosspoints: (number | null)[] = Array(terminals * terminals).fill(null);
    for (let i = 0; i < use.length; i++) {
      crosspoints[(input[i] ?? 0) * terminals + (output[i] ?? 0)] = known(use[i]);
    }
    graph.crosspoints = crosspoints;
  }
  return graph;
}

/**
 * The network drawn from the engine's description: on its grid where its routers have x
 * coordinates (plane: the z drawn), else (a flattened butterfly and a cube past 3-D too) as its
 * graph; `value` names the channels' column to
 * colour by (none: no data).
 */
export function networkHeatmapData(
  network: NetworkMap,
  value: string,
  plane: number,
): ChannelHeatmapData {
  return findColumn(network.routers, 'x') && network.shape !== FLATFLY_SHAPE && !foldedCube(network)
    ? cubeHeatmap(network, value, plane)
    : { dims: [], torus: false, channels: [], plane, graph: channelGraph(network, value) };
}
