// Columns of switches stage by stage (a k-ary n-fly) at picker size: the switches as dots wired
// stage to stage by the perfect shuffle; identical networks side by side, each named. The channel
// maps place stages as any graph's columns (columns.ts).
import type { Drawing } from './drawing';
import type { Point, SchematicGeometry } from './schematic_parts';
import { joinAnd } from '../../i18n/join';
import { chartsT } from './words';
import { MAX_SWITCHES, PAD, SIZE, spread, switchedGeometry } from './schematic_parts';

/**
 * A k-ary n-fly's columns of switches between x0 and x1, `shown` of them per column over [y0,
 * y1], wired stage to stage by the perfect shuffle.
 */
function flyColumns(
  k: number,
  n: number,
  shown: number,
  [x0, x1]: [number, number],
  [y0, y1]: [number, number],
): { dots: Point[]; lines: [Point, Point][] } {
  const columns = Array.from({ length: n }, (_, s) =>
    spread(shown, n === 1 ? (x0 + x1) / 2 : x0 + ((x1 - x0) * s) / (n - 1), true, y0, y1),
  );
  const dots: Point[] = [];
  const lines: [Point, Point][] = [];
  columns.forEach((column, s) => {
    dots.push(...column);
    const next = columns[s + 1];
    if (!next) return;
    column.forEach((p, i) => {
      for (let j = 0; j < Math.min(k, shown); j++) lines.push([p, next[(i * k + j) % shown]!]);
    });
  });
  return { dots, lines };
}

/** Switches per column of each network when several are drawn side by side. */
const NETWORK_SWITCHES = 4;
/** Room under the networks for their names, px. */
const CAPTION_ROOM = 14;

/** The switches' radix k and the stages n, at least 2 and 1. */
function radixAndStages(drawing: Drawing): [number, number] {
  const [a = 2, b = 1] = [drawing.radix, drawing.extent[0] ?? 1].map((d) =>
    Math.max(0, Math.round(d)),
  );
  return [Math.max(2, a), Math.max(1, b)];
}

/**
 * Identical networks of stages side by side (PIE64's PAN and DAN), each named under it, the
 * nodes as a column of dots on both sides: each node's master sends into every network from the
 * left, its slave receives from the right.
 */
function stagesSideBySide(
  drawing: Drawing,
  shape: string,
  networks: string[],
  nodes?: number,
): SchematicGeometry {
  const [k, n] = radixAndStages(drawing);
  const shown = Math.min(k ** (n - 1), NETWORK_SWITCHES);
  const count = Math.max(1, Math.round(nodes ?? k ** n));
  const bottom = SIZE - CAPTION_ROOM;
  const side = spread(Math.min(count, 2 * MAX_SWITCHES), PAD, true, PAD, bottom - 4);
  const dots: Point[] = [...side, ...side.map((p) => ({ x: SIZE - PAD, y: p.y }))];
  const lines: [Point, Point][] = [];
  const captions: SchematicGeometry['captions'] = [];
  const inner = [PAD + 10, SIZE - PAD - 10];
  const width = (inner[1]! - inner[0]!) / networks.length;
  networks.forEach((name, i) => {
    const x0 = inner[0]! + i * width + 4;
    const x1 = x0 + width - 8;
    const fly = flyColumns(k, n, shown, [x0, x1], [PAD + 6, bottom - 10]);
    dots.push(...fly.dots);
    lines.push(...fly.lines);
    captions.push({ x: (x0 + x1) / 2, y: SIZE - 4, text: name });
  });
  return {
    // The shape's name is part of "k-ary n-fly", a name every language writes so.
    label: chartsT('schematic.stagesSideBySide', {
      networks: joinAnd(networks),
      copies: String(networks.length),
      k: String(k),
      n: String(n),
      shape,
      nodes: String(count),
    }),
    planes: [{ corners: [], lines, dots }],
    depth: [],
    wrap: false,
    radius: 1.6,
    stroke: 0.6,
    captions,
  };
}

/**
 * Stages at picker size: columns of switches (dots) wired stage to stage by the perfect shuffle;
 * several networks (named) side by side.
 */
export function stagesSchematic(
  drawing: Drawing,
  shape: string,
  networks?: string[],
  nodes?: number,
): SchematicGeometry {
  if (networks && networks.length > 0) return stagesSideBySide(drawing, shape, networks, nodes);
  const [k, n] = radixAndStages(drawing);
  const shown = Math.min(k ** (n - 1), MAX_SWITCHES);
  const fly = flyColumns(k, n, shown, [PAD, SIZE - PAD], [PAD, SIZE - PAD]);
  const label = chartsT('schematic.stages', {
    k: String(k),
    n: String(n),
    shape,
    nodes: String(k ** n),
  });
  return switchedGeometry(label, {
    corners: [],
    lines: fly.lines,
    dots: fly.dots,
  });
}
