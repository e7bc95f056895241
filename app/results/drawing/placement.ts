// Where a network drawn as a graph puts its parts in a box, by the kind of drawing it declares:
// switches in columns (stages, any graph, a crossbar's one switch: columns.ts), levels of a tree
// (tree.ts), groups around a circle (groups.ts), a grid of arcs (arc_grid.ts). The channel graph
// map and the packet view both place a network here; each sizes the box and colours the parts.
import type { ChannelGraph } from '../chart_data';
import { arcGridHeight, arcGridPlacement } from './arc_grid';
import { columnsPlacement } from './columns';
import { groupsPlacement } from './groups';
import type { Placement } from './placement_parts';
import { treePlacement } from './tree';

export type { Arc, Place, Placement } from './placement_parts';

/** The graph's parts in a `width` x `height` px box from its top left, by its layout's kind. */
export function placeGraph(graph: ChannelGraph, width: number, height: number): Placement {
  const layout = graph.layout;
  switch (layout?.kind) {
    case 'groups':
      return groupsPlacement(graph, layout, width, height);
    case 'arc grid':
      return arcGridPlacement(graph, layout, width, height);
    case 'tree':
      return treePlacement(graph, layout, width, height);
    default:
      return columnsPlacement(graph, width, height);
  }
}

/**
 * The height the graph takes at a width when nothing else sets it: a square for groups, the
 * grid's own shape for a grid of arcs; no height of its own (Infinity) for columns and trees,
 * which fill what they are given.
 */
export function naturalHeight(graph: ChannelGraph, width: number): number {
  const layout = graph.layout;
  switch (layout?.kind) {
    case 'groups':
      return width;
    case 'arc grid':
      return arcGridHeight(layout, width);
    default:
      return Infinity;
  }
}
