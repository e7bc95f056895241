// Any graph of routers (a network of C104s) at picker size, read from its channels: its spines,
// leaf routers and terminals in rows, or two terminals linked directly. The channel maps place a
// graph's switches in columns (columns.ts).
import type { NetworkMap } from '../../engine/types';
import { findColumn, tableRows } from '../../engine/types';
import type { Point, SchematicGeometry } from './schematic_parts';
import { chartsT, shapeName } from './words';
import { MAX_SWITCHES, PAD, SIZE, spread, switchedGeometry } from './schematic_parts';

/** A graph's rows: leaf routers, terminals a leaf, spines (no leaf: a direct link). */
export type Tiers = [leaves: number, perLeaf: number, spines: number];

/** A table's column by name, as plain numbers (empty if it has none). */
function ints(table: NetworkMap['routers'], name: string): number[] {
  return Array.from(findColumn(table, name)?.values ?? []);
}

/**
 * A graph's rows from its channels: a terminal's own router (a transputer's link engine) is not
 * a switch; the switches its routers link to are the leaves, the rest the spines.
 */
export function tiersOf(network: NetworkMap): Tiers {
  const own = new Set(ints(network.terminals, 'router'));
  const from = ints(network.channels, 'router');
  const to = ints(network.channels, 'to_router');
  const leaves = new Set(to.filter((r, i) => r >= 0 && own.has(from[i]!) && !own.has(r)));
  const spines = tableRows(network.routers) - own.size - leaves.size;
  const perLeaf = leaves.size > 0 ? Math.round(own.size / leaves.size) : 2;
  return [leaves.size, perLeaf, spines];
}

/** A graph's rows of spines, leaf routers and terminals, or a direct link of two terminals. */
export function graphSchematic(tiers: Tiers, shape: string): SchematicGeometry {
  const [a = 1, b = 1, c = 0] = tiers.map((d) => Math.max(0, Math.round(d)));
  const lines: [Point, Point][] = [];
  const dots: Point[] = [];
  if (a === 0) {
    const ends = spread(2, SIZE / 2, false);
    return switchedGeometry(chartsT('schematic.directLink', { shape: shapeName(shape) }), {
      corners: [],
      lines: [[ends[0]!, ends[1]!]],
      dots: ends,
    });
  }
  const [leaves, perLeaf, spines] = [a, Math.max(1, b), c];
  const spineRow = spread(Math.min(spines, MAX_SWITCHES), PAD, false);
  const leafRow = spread(Math.min(leaves, MAX_SWITCHES), SIZE / 2, false);
  const terminals = Math.min(leaves * perLeaf, 2 * MAX_SWITCHES);
  const terminalRow = spread(terminals, SIZE - PAD, false);
  for (const leaf of leafRow) for (const spine of spineRow) lines.push([leaf, spine]);
  terminalRow.forEach((t, i) => {
    lines.push([t, leafRow[Math.floor((i * leafRow.length) / terminals)]!]);
  });
  dots.push(...spineRow, ...leafRow, ...terminalRow);
  const label = chartsT('schematic.graph', {
    shape: shapeName(shape),
    routers: String(leaves + spines),
    nodes: String(leaves * perLeaf),
  });
  return switchedGeometry(label, {
    corners: [],
    lines,
    dots,
  });
}
