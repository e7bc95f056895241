// A network's schematic on its picker card, by the kind of drawing it declares: a lattice or a
// ring (grid.ts), a grid of arcs (arc_grid.ts), stages (stages.ts), groups (groups.ts), a tree
// (tree.ts), a crossbar (crossbar.ts) or any graph (graph.ts).
import type { NetworkMap } from '../../engine/types';
import { tableRows } from '../../engine/types';
import { arcGridSchematic } from './arc_grid';
import { crossbarSchematic } from './crossbar';
import type { Drawing } from './drawing';
import { GRAPH, drawingOf, onLattice } from './drawing';
import type { Tiers } from './graph';
import { graphSchematic, tiersOf } from './graph';
import { gridSchematic, ringSchematic } from './grid';
import { groupsSchematic } from './groups';
import type { SchematicGeometry } from './schematic_parts';
import { stagesSchematic } from './stages';
import { treeSchematic } from './tree';
import { runWord } from '../../i18n/engine_words';

export type { Point, SchematicGeometry } from './schematic_parts';
export { SIZE } from './schematic_parts';

/** What a picker card's schematic draws, from the networks its machine is built as. */
export interface SchematicProps {
  /** How the (first) network is drawn, as it declares it. */
  drawing: Drawing;
  /** The network's shape as the engine names it: the label's word for it. */
  shape: string;
  /**
   * Nodes drawn (a lattice's routers, in x-first order); all of the drawing's unless fewer (a
   * node count filling a grid).
   */
  nodes?: number;
  /** Identical networks of stages drawn side by side, by their names. */
  networks?: string[];
  /** A graph's rows: leaf routers, terminals a leaf and spines (no leaf: a direct link). */
  tiers?: Tiers;
}

/** The geometry of a schematic at picker size, by the drawing's kind. */
export function schematicGeometry({
  drawing,
  shape,
  nodes,
  networks,
  tiers,
}: SchematicProps): SchematicGeometry {
  switch (drawing.kind) {
    case 'grid':
      return gridSchematic(drawing, shape, nodes);
    case 'ring':
      return ringSchematic(drawing, nodes);
    case 'arc grid':
      return arcGridSchematic(drawing, shape);
    case 'stages':
      return stagesSchematic(drawing, shape, networks, nodes);
    case 'groups':
      return groupsSchematic(drawing, shape);
    case 'tree':
      return treeSchematic(drawing, shape);
    case 'crossbar':
      return crossbarSchematic(drawing, shape);
    case 'graph':
      return graphSchematic(tiers ?? [0, 2, 0], shape);
  }
}

/** A machine of one processor and no network: one node. */
const LONE: Drawing = { ...GRAPH, kind: 'ring', extent: [1] };

/**
 * What a machine's card draws, from the networks the engine builds it as: the first network by
 * its drawing, several networks of stages side by side (named), a graph with its rows read from
 * its channels; a lattice of concentrated routers as its routers (nodes counts them). A machine
 * with no network (one processor) is one node.
 */
export function schematicOf(networks: NetworkMap[]): SchematicProps & { nodes: number } {
  const first = networks[0];
  if (!first) return { drawing: LONE, shape: '', nodes: 1 };
  const drawing = drawingOf(first);
  const { shape, nodes } = first;
  if (onLattice(drawing)) {
    // A concentrated lattice's terminals share its routers: the drawing is of routers.
    const routers = tableRows(first.routers);
    const c = routers > 0 ? Math.max(1, Math.round(tableRows(first.terminals) / routers)) : 1;
    return { drawing, shape, nodes: c > 1 ? Math.ceil(nodes / c) : nodes };
  }
  switch (drawing.kind) {
    case 'stages':
      return networks.length > 1
        ? { drawing, shape, nodes, networks: networks.map((n) => runWord(n.label)) }
        : { drawing, shape, nodes };
    case 'graph':
      return { drawing, shape, nodes, tiers: tiersOf(first) };
    default:
      return { drawing, shape, nodes };
  }
}
