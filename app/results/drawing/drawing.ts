// A network's drawing as its topology declares it (engine/src/network/topologies/drawing.h): the
// one thing every drawing of a network (its picker schematic, its channel maps, its packet view)
// is chosen by. Nothing here or above reads the name of a network's shape to draw it.
import type { Drawing, DrawingKind, NetworkMap } from '../../engine/types';

export type { Drawing, DrawingKind };

/** The drawing of a network described without one: any graph. */
export const GRAPH: Drawing = {
  kind: 'graph',
  axes: [],
  extent: [],
  radix: 0,
  terminalsPerRouter: 1,
  wraps: false,
  wholeRows: false,
};

/** A network's declared drawing (a graph's where it declares none). */
export function drawingOf(network: NetworkMap): Drawing {
  return network.drawing ?? GRAPH;
}

/**
 * Routers on a lattice of neighbours by their coordinates: a grid, a ring, or a grid of arcs
 * between neighbours (a cube past three dimensions), whose channels can be drawn on the plane of
 * the first two axes.
 */
export function onLattice(drawing: Drawing): boolean {
  return (
    drawing.kind === 'grid' ||
    drawing.kind === 'ring' ||
    (drawing.kind === 'arc grid' && !drawing.wholeRows)
  );
}
