// The channel-dependency graph as data, from the engine's channel_dependencies table: the
// channels on the network's own layout (network_data) and the dependences between them.
import type { NetworkMap } from '../engine/types';
import { findColumn } from '../engine/types';
import { networkHeatmapData } from './network_data';

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
}

export interface DependencyGraphData {
  /** Radix per dimension drawn (a 3-D network's plane z = 0). */
  dims: number[];
  channels: DependencyChannel[];
  edges: Dependency[];
  /** Cycles the engine found (one per strongly connected component). */
  cycles: number;
}

/**
 * The graph from the engine's description with its dependencies table; no channels where the run
 * has none (a mesh, or a run not yet done). The channels come from network_data, with the `id`
 * column as their value, so they are laid out as every channel map lays them out.
 */
export function dependencyGraphData(network: NetworkMap | undefined): DependencyGraphData {
  if (!network?.dependencies || !findColumn(network.dependencies, 'from')) {
    return { dims: [], channels: [], edges: [], cycles: 0 };
  }
  const cube = networkHeatmapData(network, 'id', 0);
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
  const [from, fromClass, to, toClass, cycle] = [
    'from',
    'from_class',
    'to',
    'to_class',
    'cycle',
  ].map(col);
  const edges = Array.from(from!, (f, i) => ({
    from: f,
    fromClass: fromClass![i] ?? 0,
    to: to![i] ?? 0,
    toClass: toClass![i] ?? 0,
    cycle: cycle![i] ?? -1,
  }));
  const cycles = new Set(edges.filter((e) => e.cycle >= 0).map((e) => e.cycle)).size;
  return { dims: cube.dims.slice(0, 2), channels, edges, cycles };
}
