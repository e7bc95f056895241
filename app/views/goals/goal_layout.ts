// Where the goal view draws: its PEs on the lattice where the engine puts them (x, y of the
// machine's mesh), and the tree beside the lattice, or under it on a narrow view.
import type { NetworkMap } from '../../engine/types';

function column(table: { columns: { name: string; values: ArrayLike<number> }[] }, name: string) {
  return table.columns.find((c) => c.name === name)?.values;
}

export interface GoalLayout {
  /** The tree under the lattice rather than beside it. */
  stacked: boolean;
  latticeWidth: number;
  latticeHeight: number;
  /** A PE's box, px. */
  box: number;
  /** A PE's centre. */
  at(pe: number): { x: number; y: number };
  treeWidth: number;
  treeHeight: number;
}

/** The layout of `pes` PEs of `network` (absent: a square of them) in a view `width` px wide. */
export function goalLayout(
  network: NetworkMap | undefined,
  pes: number,
  width: number,
): GoalLayout {
  const xs = network ? column(network.routers, 'x') : undefined;
  const ys = network ? column(network.routers, 'y') : undefined;
  const cols = Math.max(1, ...Array.from(xs ?? [Math.ceil(Math.sqrt(pes)) - 1], (v) => v + 1));
  const rows = Math.max(1, ...Array.from(ys ?? [Math.ceil(pes / cols) - 1], (v) => v + 1));
  const stacked = width < 720;
  const latticeWidth = stacked ? width : Math.min(440, Math.round(width * 0.42));
  const cell = Math.min(96, Math.floor((latticeWidth - 16) / cols));
  const box = Math.max(18, Math.round(cell * 0.62));
  const latticeHeight = rows * cell + 16;
  const at = (pe: number) => ({
    x: 8 + ((xs?.[pe] ?? pe % cols) + 0.5) * cell,
    y: 8 + ((ys?.[pe] ?? Math.floor(pe / cols)) + 0.5) * cell,
  });
  const treeWidth = stacked ? width : width - latticeWidth - 16;
  const treeHeight = Math.max(latticeHeight, 220);
  return { stacked, latticeWidth, latticeHeight, box, at, treeWidth, treeHeight };
}
