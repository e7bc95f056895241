// A network as the channel maps draw it, from the engine's description (NetworkMap) and the
// drawing it declares: a grid or ring on its lattice, any other kind as its graph of channels
// with the places its kind gives its routers. The charts and the packet view share it, so both
// lay a network out the same way.
import type { NetworkMap, Table } from '../../engine/types';
import { findColumn, tableRows } from '../../engine/types';
import type {
  ArcGridLayout,
  ChannelGraph,
  ChannelHeatmapData,
  CubeChannel,
  GraphLayout,
  GroupsLayout,
  NodeMark,
  TreeLayout,
} from '../chart_data';
import { chartsT } from '../words';
import type { Drawing } from './drawing';
import { drawingOf } from './drawing';

/** A column's numbers by row (empty for a missing column). */
function columnValues(table: Table, name: string): ArrayLike<number> {
  return findColumn(table, name)?.values ?? [];
}

/** A measured value as drawn: null where there is none or it is not finite. */
function known(value: number | undefined): number | null {
  return value !== undefined && Number.isFinite(value) ? value : null;
}

/** The axes a lattice draws: x, y and z. */
const DRAWN_AXES = 3;

/**
 * A network whose routers lie on a lattice (a grid, a ring, a cube past three dimensions): its
 * radices, and each channel between routers with the coordinates of its ends along the first
 * three axes (a cube of more dimensions is drawn on a grid of arcs, and its dependency graph on
 * the plane of x and y), its direction as the engine names it, whether it wraps around, and the
 * run's `value` column.
 */
export function latticeHeatmap(
  network: NetworkMap,
  value: string,
  plane: number,
): ChannelHeatmapData {
  const drawing = drawingOf(network);
  const coordinates = drawing.axes
    .slice(0, DRAWN_AXES)
    .map((a) => columnValues(network.routers, a));
  const dims = drawing.extent.slice(0, DRAWN_AXES);
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
  const further = drawing.axes.slice(DRAWN_AXES).map((a) => columnValues(network.routers, a));
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
    flag === 1 ? [{ at: at(terminalRouter[t] ?? 0), label: chartsT('heatmap.hotSpot') }] : [],
  );
  const routers = tableRows(network.routers);
  const concentration = routers > 0 ? Math.round(terminalRouter.length / routers) : 1;
  return {
    dims,
    torus: drawing.wraps,
    channels: out,
    plane,
    ...(value ? { quantity: value } : {}),
    ...(marks.length > 0 ? { marks } : {}),
    ...(concentration > 1 ? { concentration } : {}),
  };
}

/** A router's place along each of the drawing's axes, router by router. */
function places(network: NetworkMap, drawing: Drawing): number[][] {
  const columns = drawing.axes.map((a) => columnValues(network.routers, a));
  return Array.from({ length: tableRows(network.routers) }, (_, r) =>
    columns.map((c) => c[r] ?? 0),
  );
}

/** Groups: each router's group and place in it (its two axes), a channel between groups global. */
function groupsLayout(network: NetworkMap, drawing: Drawing): GroupsLayout {
  const at = places(network, drawing);
  const group = at.map((p) => p[0] ?? 0);
  const from = columnValues(network.channels, 'router');
  const to = columnValues(network.channels, 'to_router');
  return {
    kind: 'groups',
    groups: drawing.extent[0] ?? Math.max(0, ...group) + 1,
    group,
    index: at.map((p) => p[1] ?? 0),
    global: Array.from(from, (f, i) => {
      const t = to[i] ?? -1;
      return t >= 0 && group[t] !== group[f];
    }),
  };
}

/** A tree: each switch's level and place in it (its two axes). */
function treeLayout(network: NetworkMap, drawing: Drawing): TreeLayout {
  const at = places(network, drawing);
  const level = at.map((p) => p[0] ?? 0);
  return {
    kind: 'tree',
    levels: drawing.extent[0] ?? Math.max(0, ...level) + 1,
    level,
    index: at.map((p) => p[1] ?? 0),
  };
}

/**
 * A grid of arcs: each router's coordinates, and the dimension each channel between routers runs
 * in, the one coordinate its ends differ in.
 */
function arcGridLayout(network: NetworkMap, drawing: Drawing): ArcGridLayout {
  const position = places(network, drawing);
  const from = columnValues(network.channels, 'router');
  const to = columnValues(network.channels, 'to_router');
  const dimension = Array.from(from, (f, i) => {
    const a = position[f];
    const b = position[to[i] ?? -1];
    if (!a || !b) return -1;
    const differ = a.flatMap((v, d) => (v === b[d] ? [] : [d]));
    return differ.length === 1 ? differ[0]! : -1;
  });
  return {
    kind: 'arc grid',
    wholeRows: drawing.wholeRows,
    radix: drawing.extent,
    position,
    dimension,
  };
}

/** The places a graph's routers take, by its drawing's kind; none for switches in columns. */
function graphLayout(network: NetworkMap, drawing: Drawing): GraphLayout | undefined {
  switch (drawing.kind) {
    case 'groups':
      return groupsLayout(network, drawing);
    case 'tree':
      return treeLayout(network, drawing);
    case 'arc grid':
      return arcGridLayout(network, drawing);
    default:
      return undefined;
  }
}

/**
 * Any network not on a lattice as its graph of channels from the engine's description (a channel
 * to a terminal ends at routers + terminal), and on a crossbar its crosspoints, input by input.
 */
function channelGraph(network: NetworkMap, drawing: Drawing, value: string): ChannelGraph {
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
  const graph: ChannelGraph = { routers, terminals, channels, shape: network.shape };
  const layout = graphLayout(network, drawing);
  if (layout) graph.layout = layout;
  const use = drawing.kind === 'crossbar' ? columnValues(network.crosspoints, value) : [];
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
 * The network drawn from the engine's description, by the kind of drawing it declares: a grid
 * or ring on its lattice (plane: the z drawn), any other (a grid of arcs too) as its graph;
 * `value` names the channels' column to colour by (none: no data).
 */
export function networkHeatmapData(
  network: NetworkMap,
  value: string,
  plane: number,
): ChannelHeatmapData {
  const drawing = drawingOf(network);
  return drawing.kind === 'grid' || drawing.kind === 'ring'
    ? latticeHeatmap(network, value, plane)
    : { dims: [], torus: false, channels: [], plane, graph: channelGraph(network, drawing, value) };
}
