// The channel-dependency graph as data, from the engine's channel_dependencies table: the
// channels on the network's own lattice (drawing/map_data), the dependences between them, under an
// adaptive routing which of them are escape channels, and on a cube the turns the routing takes.
import type { NetworkMap, Table } from '../engine/types';
import { findColumn } from '../engine/types';
import { onLattice, drawingOf } from './drawing/drawing';
import { latticeHeatmap } from './drawing/map_data';

/** One channel between routers: its id in the engine and its routers' x, y. */
export interface DependencyChannel {
  id: number;
  from: [number, number];
  to: [number, number];
  /** The engine's name of its direction ("+x"). */
  direction: string;
  wrap: boolean;
}

/** One dependence: a packet holding channel `from` in class `fromClass` may next ask for `to`. */
export interface Dependency {
  from: number;
  fromClass: number;
  to: number;
  toClass: number;
  /** The engine's number of the cycle it lies on, -1 for none. */
  cycle: number;
  /** Both ends are escape channels (RouteChoice tier 1): the edge is in the escape subgraph. */
  escape: boolean;
  /** The engine's number of the escape subgraph's cycle it lies on, -1 for none. */
  escapeCycle: number;
}

/** A direction of a cube as the engine declares it: its name ("+x"), dimension and sign. */
export interface TurnDirection {
  name: string;
  /** 0 for x, 1 for y, ... */
  dimension: number;
  /** +1 or -1. */
  sign: number;
}

/** A turn from one direction into another dimension's, and the dependences that take it. */
export interface DependencyTurn {
  from: TurnDirection;
  to: TurnDirection;
  /** 0: the routing never offers this turn. */
  dependences: number;
}

export interface DependencyGraphData {
  /** Radix per dimension drawn (a 3-D network's plane z = 0). */
  dims: number[];
  channels: DependencyChannel[];
  edges: Dependency[];
  /** Cycles the engine found (one per strongly connected component). */
  cycles: number;
  /** The routing is adaptive with escape channels: `escapeCycles` is then meaningful. */
  escapes: boolean;
  /** Cycles within the escape channels' subgraph (Duato's condition asks for none). */
  escapeCycles: number;
  /** Every turn between dimensions, on a cube of 2 or more; empty otherwise. */
  turns: DependencyTurn[];
}

/**
 * The graph from the engine's description with its dependencies table; no channels where the run
 * has none (a mesh, or a run not yet done). The channels come from drawing/map_data, with the `id`
 * column as their value, so they are laid out as every channel map lays them out.
 */
export function dependencyGraphData(network: NetworkMap | undefined): DependencyGraphData {
  if (!network?.dependencies || !findColumn(network.dependencies, 'from')) {
    return {
      dims: [],
      channels: [],
      edges: [],
      cycles: 0,
      escapes: false,
      escapeCycles: 0,
      turns: [],
    };
  }
  // A lattice's channels on its plane of x and y (a cube past three dimensions too, as the graph
  // itself is drawn); no other network's.
  const cube = onLattice(drawingOf(network))
    ? latticeHeatmap(network, 'id', 0)
    : { dims: [], channels: [] };
  const channels = cube.channels
    .filter((c) => c.from[2] === 0 && c.to[2] === 0 && c.value !== null)
    .map((c) => ({
      id: c.value!,
      from: [c.from[0], c.from[1]] as [number, number],
      to: [c.to[0], c.to[1]] as [number, number],
      direction: c.direction,
      wrap: c.wrap,
    }));
  const table = network.dependencies;
  const col = (name: string) => findColumn(table, name)?.values ?? [];
  const [from, fromClass, to, toClass, cycle, escapeCycle] = [
    'from',
    'from_class',
    'to',
    'to_class',
    'cycle',
    'escape_cycle',
  ].map(col);
  const fromEscape = labelled(table, 'from_tier', 'escape');
  const toEscape = labelled(table, 'to_tier', 'escape');
  const edges = Array.from(from!, (f, i) => ({
    from: f,
    fromClass: fromClass![i] ?? 0,
    to: to![i] ?? 0,
    toClass: toClass![i] ?? 0,
    cycle: cycle![i] ?? -1,
    escape: fromEscape(i) && toEscape(i),
    escapeCycle: escapeCycle![i] ?? -1,
  }));
  const count = (key: 'cycle' | 'escapeCycle') =>
    new Set(edges.filter((e) => e[key] >= 0).map((e) => e[key])).size;
  return {
    dims: cube.dims.slice(0, 2),
    channels,
    edges,
    cycles: count('cycle'),
    escapes: edges.some((e) => e.escape),
    escapeCycles: count('escapeCycle'),
    turns: network.turns ? turnsOf(network.turns) : [],
  };
}

/** Whether row i of a labelled column holds the value named `label`; false without the column. */
function labelled(table: Table, name: string, label: string): (i: number) => boolean {
  const column = findColumn(table, name);
  const value = column?.labels.indexOf(label) ?? -1;
  return (i) => value >= 0 && column!.values[i] === value;
}

/** The turns table's rows, each direction by its name, dimension and sign as the engine says. */
function turnsOf(table: Table): DependencyTurn[] {
  const dependences = findColumn(table, 'dependences');
  const ends = (['from', 'to'] as const).map((end) => ({
    name: findColumn(table, end),
    dimension: findColumn(table, `${end}_dimension`),
    sign: findColumn(table, `${end}_sign`),
  }));
  if (!dependences || ends.some((e) => !e.name || !e.dimension || !e.sign)) return [];
  const direction = (end: (typeof ends)[number], i: number): TurnDirection => ({
    name: end.name!.labels[end.name!.values[i]!] ?? '',
    dimension: end.dimension!.values[i]!,
    sign: end.sign!.values[i]!,
  });
  return Array.from(dependences.values, (n, i) => ({
    from: direction(ends[0]!, i),
    to: direction(ends[1]!, i),
    dependences: n,
  }));
}
