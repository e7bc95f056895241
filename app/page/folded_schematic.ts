// A k-ary n-cube of more than three dimensions at picker size: its dimensions folded onto a
// plane, the odd ones (x, z, d5, ...) across and the even ones (y, d4, d6, ...) down, each past
// the first two a copy of the block before it beside or below it with a gap. The links of x and
// y are the lattice; a later dimension's links are arcs between the copies, so they do not run
// over the lattice. Large cubes draw their first dimensions only; the label keeps all.
import type { Point, SchematicGeometry } from './schematic_types';
import { PAD, SIZE, arcLines } from './schematic_types';

/** The most routers drawn along either side of the picture. */
const MOST_SIDE = 12;
/** An arc's rise per unit of its span. */
const BULGE = 0.18;

/** Where each coordinate of the folded dimensions lands along one side of the plane, in cells. */
function fold(sides: number[]) {
  const offsets: number[] = [];
  let extent = 0;
  for (const [i, k] of sides.entries()) {
    // The first side's cells are 1 apart; each later one steps over the block so far and a gap.
    const step = i === 0 ? 1 : extent + 2;
    offsets.push(step);
    extent = i === 0 ? k - 1 : extent + (k - 1) * step;
  }
  return { offsets, extent };
}

/** The dimensions drawn: the first ones whose folded plane fits MOST_SIDE cells a side. */
function drawn(sides: number[]): number {
  for (let n = sides.length; n > 2; n--) {
    const across = fold(sides.slice(0, n).filter((_, d) => d % 2 === 0)).extent;
    const down = fold(sides.slice(0, n).filter((_, d) => d % 2 === 1)).extent;
    if (Math.max(across, down) < MOST_SIDE) return n;
  }
  return 2;
}

export function foldedCubeSchematic(
  sides: number[],
  torus: boolean,
  concentration = 1,
): SchematicGeometry {
  const n = drawn(sides);
  const shown = sides.slice(0, n).map((k, d) => Math.min(k, d < 2 ? MOST_SIDE : k));
  const across = fold(shown.filter((_, d) => d % 2 === 0));
  const down = fold(shown.filter((_, d) => d % 2 === 1));
  // Arcs along a row rise above it, along a column to its right, by BULGE of their span.
  const [up, right] = [BULGE * across.extent, BULGE * down.extent];
  const cell = (SIZE - 2 * PAD) / Math.max(1, across.extent + right, down.extent + up);
  const left = (SIZE - (across.extent + right) * cell) / 2;
  const top = (SIZE - (down.extent - up) * cell) / 2;
  const at = (c: number[]): Point => {
    let [x, y] = [0, 0];
    c.forEach((v, d) => {
      const offset = (d % 2 === 0 ? across : down).offsets[Math.floor(d / 2)] ?? 1;
      if (d % 2 === 0) x += v * offset;
      else y += v * offset;
    });
    return { x: left + x * cell, y: top + y * cell };
  };
  const lines: [Point, Point][] = [];
  const arc = (a: Point, b: Point) =>
    lines.push(...arcLines(a, b, BULGE * Math.hypot(b.x - a.x, b.y - a.y)));
  const count = shown.reduce((a, b) => a * b, 1);
  const dots: Point[] = [];
  for (let node = 0; node < count; node++) {
    const c: number[] = [];
    let rest = node;
    for (const k of shown) {
      c.push(rest % k);
      rest = Math.floor(rest / k);
    }
    dots.push(at(c));
    // Each link once, from its lower end (a torus's wrap-around link from the top end).
    shown.forEach((k, d) => {
      const last = c[d] === k - 1;
      if (last && !(torus && k > 2)) return;
      const next = c.map((v, i) => (i === d ? (v + 1) % k : v));
      if (d < 2 && !last) lines.push([at(c), at(next)]);
      else arc(at(c), at(next));
    });
  }
  const total = sides.reduce((a, b) => a * b, 1);
  const binary = sides.every((k) => k === 2);
  const name =
    binary && !torus ? `${sides.length}-cube` : `${torus ? 'torus' : 'mesh'} ${sides.join('×')}`;
  const drawnNote = n < sides.length ? `, ${n} dimensions drawn` : '';
  const size =
    concentration > 1 ? `${total} routers, ${total * concentration} nodes` : `${total} nodes`;
  return {
    label: `${name} of ${size}${drawnNote}`,
    planes: [{ corners: [], lines, dots }],
    depth: [],
    wrap: false,
    radius: Math.max(0.8, Math.min(2.5, cell / 4)),
    stroke: Math.max(0.35, Math.min(0.8, cell / 10)),
  };
}
