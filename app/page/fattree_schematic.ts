// A fat tree's schematic at picker size: its levels of switches as rows over a row of terminals,
// each switch wired to the k below it that its down ports reach (fattree.h's numbering).
import type { Point, SchematicGeometry } from './schematic_types';
import { PAD, SIZE } from './schematic_types';

/** Switches drawn per level at most, and terminals; the label keeps the real counts. */
const MAX_SWITCHES = 8;
const MAX_TERMINALS = 16;

/** `count` points across the padded width at height y. */
function row(count: number, y: number): Point[] {
  return Array.from({ length: count }, (_, i) => ({
    x: PAD + ((SIZE - 2 * PAD) * (i + 0.5)) / count,
    y,
  }));
}

/**
 * A k-ary n-tree of `dims` [k, n]: level l's switches in row l from the top, the terminals
 * below; down port p of switch s on level l leads to s with base-k digit n - 2 - l set to p.
 * Of a wide tree the first switches of each level are drawn, the links among them, and some
 * terminals under each bottom switch.
 */
export function fatTreeSchematic(dims: number[]): SchematicGeometry {
  const [k = 2, n = 1] = dims.map((d) => Math.max(1, Math.round(d)));
  const perLevel = k ** (n - 1);
  const terminals = perLevel * k;
  const shown = Math.min(perLevel, MAX_SWITCHES);
  const gap = (SIZE - 2 * PAD) / n;
  const levels = Array.from({ length: n }, (_, l) => row(shown, PAD + l * gap));
  // Each bottom switch drawn over its own terminals, as many of them as there is room for.
  const perLeaf = Math.min(k, Math.floor(MAX_TERMINALS / shown));
  const leaves = row(shown * perLeaf, PAD + n * gap);
  const lines: [Point, Point][] = [];
  levels.forEach((switches, l) => {
    switches.forEach((at, s) => {
      for (let p = 0; p < k; p++) {
        if (l === n - 1) {
          if (p < perLeaf) lines.push([at, leaves[s * perLeaf + p]!]);
          continue;
        }
        const w = k ** (n - 2 - l);
        const below = levels[l + 1]![s + (p - (Math.floor(s / w) % k)) * w];
        if (below) lines.push([at, below]);
      }
    });
  });
  return {
    label: `fat tree of ${n} levels of ${perLevel} switches, ${terminals} nodes`,
    planes: [{ corners: [], lines, dots: [...levels.flat(), ...leaves] }],
    depth: [],
    wrap: false,
    radius: Math.max(0.8, Math.min(2.5, (SIZE - 2 * PAD) / Math.max(shown, leaves.length) / 3)),
    stroke: shown * k > 16 ? 0.35 : 0.6,
  };
}
