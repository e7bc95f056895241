import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { Drawing } from '../engine/types';
import { GRAPH } from '../results/drawing/drawing';
import type { SchematicProps } from './Schematic';
import { Schematic, schematicGeometry } from './Schematic';

/**
 * A schematic's props for a network of `shape` and sizes `dims` (a cube's radices, a fly's radix
 * and stages, a crossbar's ports, a router network's leaves, terminals a leaf and spines, a
 * dragonfly's terminals a router, routers a group, global channels a router and groups, a fat
 * tree's arity, levels and switches a level, a flattened butterfly's routers a row, dimensions,
 * terminals a router and routers): the drawing its topology declares in the engine.
 */
function declared(
  shape: string,
  dims: number[],
  more: Omit<Partial<SchematicProps>, 'drawing'> & { concentration?: number } = {},
): SchematicProps {
  const { concentration = 1, ...rest } = more;
  const [a = 1, b = 1, c = 1, d = 1] = dims;
  const plain = GRAPH;
  const cube = { extent: dims, wraps: shape === 'torus', terminalsPerRouter: concentration };
  const drawing: Drawing =
    shape === 'mesh' || shape === 'torus'
      ? { ...plain, ...cube, kind: dims.length > 3 ? 'arc grid' : 'grid' }
      : shape === 'ring'
        ? { ...plain, kind: 'ring', extent: dims, wraps: true }
        : shape === 'fly'
          ? { ...plain, kind: 'stages', extent: [b, a ** (b - 1)], radix: a }
          : shape === 'crossbar'
            ? { ...plain, kind: 'crossbar', radix: a }
            : shape === 'fat tree'
              ? { ...plain, kind: 'tree', extent: [b, c], radix: a }
              : shape === 'dragonfly'
                ? { ...plain, kind: 'groups', extent: [d, b], terminalsPerRouter: a }
                : shape === 'flattened butterfly'
                  ? {
                      ...plain,
                      kind: 'arc grid',
                      extent: Array<number>(b).fill(a),
                      terminalsPerRouter: c,
                      wholeRows: true,
                    }
                  : plain;
  const tiers = drawing.kind === 'graph' ? { tiers: [a, b, c] as [number, number, number] } : {};
  return { drawing, shape, ...tiers, ...rest };
}

describe('schematicGeometry()', () => {
  it('draws an 8x8x8 mesh as 8 stacked planes, the front one with its 64 nodes', () => {
    const g = schematicGeometry(declared('mesh', [8, 8, 8]));
    expect(g.planes).toHaveLength(8);
    expect(g.depth).toHaveLength(4);
    const front = g.planes.at(-1)!;
    expect(front.dots).toHaveLength(64);
    expect(front.lines).toHaveLength(16);
    // Oblique: each plane behind is up and to the right of the one in front.
    const [back, next] = g.planes;
    expect(back!.corners[0]!.x).toBeGreaterThan(next!.corners[0]!.x);
    expect(back!.corners[0]!.y).toBeLessThan(next!.corners[0]!.y);
    expect(g.label).toBe('mesh 8×8×8 of 512 nodes');
  });

  it('tells 64, 512 and 1024 nodes apart', () => {
    const flat = schematicGeometry(declared('mesh', [8, 8]));
    const cube = schematicGeometry(declared('mesh', [8, 8, 8]));
    const tall = schematicGeometry(declared('mesh', [8, 8, 16]));
    expect([flat, cube, tall].map((g) => g.planes.length)).toEqual([1, 8, 16]);
    expect(flat.depth).toEqual([]);
    expect(tall.label).toBe('mesh 8×8×16 of 1024 nodes');
    // A 32x32 plane keeps its 32 rows and 32 columns, thinner, without dots.
    const wide = schematicGeometry(declared('torus', [32, 32]));
    expect(wide.planes[0]!.lines).toHaveLength(64);
    expect(wide.planes[0]!.dots).toEqual([]);
    expect(wide.stroke).toBeLessThan(flat.stroke);
    expect(wide.wrap).toBe(true);
  });

  it('draws a concentrated mesh as its grid of routers and counts their terminals', () => {
    const g = schematicGeometry(declared('mesh', [8, 8], { nodes: 64, concentration: 4 }));
    expect(g.planes[0]!.dots).toHaveLength(64);
    expect(g.label).toBe('mesh 8×8 of 64 routers, 256 nodes');
  });

  it('draws a fly as columns of switches wired stage to stage', () => {
    const g = schematicGeometry(declared('fly', [4, 3]));
    const { dots, lines } = g.planes[0]!;
    // 3 stages of 16 switches, 8 of each drawn, 4 wires out of every switch but the last stage's.
    expect(dots).toHaveLength(24);
    expect(lines).toHaveLength(2 * 8 * 4);
    expect(dots[0]!.x).toBeCloseTo(8, 9);
    expect(dots[8]!.x).toBeCloseTo(48, 9);
    expect(dots[16]!.x).toBeCloseTo(88, 9);
    expect(g.label).toBe('4-ary 3-fly of 64 nodes');
  });

  it("draws PIE64's PAN and DAN as two 3-stage flies side by side, named, the IUs on both sides", () => {
    const g = schematicGeometry(declared('fly', [4, 3], { nodes: 54, networks: ['PAN', 'DAN'] }));
    const { dots, lines } = g.planes[0]!;
    // 16 IUs drawn on each side, then per network 3 stages of 4 switches, 4 wires out of each
    // switch but the last stage's.
    expect(dots).toHaveLength(2 * 16 + 2 * 3 * 4);
    expect(lines).toHaveLength(2 * 2 * 4 * 4);
    expect(g.captions!.map((c) => c.text)).toEqual(['PAN', 'DAN']);
    const [pan, dan] = g.captions!;
    expect(pan!.x).toBeLessThan(48);
    expect(dan!.x).toBeGreaterThan(48);
    // The PAN's switches all left of the DAN's.
    const switches = dots.slice(32);
    const panRight = Math.max(...switches.slice(0, 12).map((p) => p.x));
    const danLeft = Math.min(...switches.slice(12).map((p) => p.x));
    expect(panRight).toBeLessThan(danLeft);
    expect(g.label).toBe('PAN and DAN: 2 × 4-ary 3-fly of 54 nodes');
    const svg = renderToStaticMarkup(
      <Schematic {...declared('fly', [4, 3], { nodes: 54, networks: ['PAN', 'DAN'] })} />,
    );
    expect(svg).toContain('>PAN</text>');
    expect(svg).toContain('>DAN</text>');
  });

  it('draws a crossbar as its grid of input and output lines', () => {
    const g = schematicGeometry(declared('crossbar', [4]));
    const { lines, corners } = g.planes[0]!;
    expect(lines).toHaveLength(8);
    expect(corners).toHaveLength(4);
    // Inputs run across, outputs down, evenly spaced.
    expect(lines[1]![0].y - lines[0]![0].y).toBeCloseTo(80 / 3, 9);
    expect(lines[4]![0].x).toBeCloseTo(8, 9);
    expect(lines[4]![1].y).toBeCloseTo(88, 9);
    expect(g.label).toBe('4×4 crossbar of 4 nodes');
  });

  it('draws a router network as spines, leaves and terminals, or a direct link', () => {
    const clos = schematicGeometry(declared('router network', [4, 4, 2]));
    const { dots, lines } = clos.planes[0]!;
    expect(dots).toHaveLength(2 + 4 + 16);
    // Every leaf to every spine, every terminal to its leaf.
    expect(lines).toHaveLength(8 + 16);
    expect(clos.label).toBe('router network of 6 routers and 16 nodes');
    const loop = schematicGeometry(declared('router network', [1, 2, 0]));
    expect(loop.planes[0]!.dots).toHaveLength(3);
    const direct = schematicGeometry(declared('router network', [0, 2, 0]));
    expect(direct.planes[0]!.dots).toHaveLength(2);
    expect(direct.planes[0]!.lines).toHaveLength(1);
  });

  it('draws a p x 1 mesh as one row of nodes across the middle', () => {
    const row = schematicGeometry(declared('mesh', [16, 1]));
    const { dots, lines } = row.planes[0]!;
    expect(dots).toHaveLength(16);
    expect(new Set(dots.map((d) => d.y))).toEqual(new Set([48]));
    expect(dots[0]!.x).toBeCloseTo(8, 9);
    expect(dots[15]!.x).toBeCloseTo(88, 9);
    expect(lines).toHaveLength(1);
    // Dots apart: the diameter under the spacing.
    expect(2 * row.radius).toBeLessThan(dots[1]!.x - dots[0]!.x);
    expect(row.label).toBe('mesh 16×1 of 16 nodes');
  });

  it('fills a grid row by row for a node count, and draws a ring as a ring', () => {
    const six = schematicGeometry(declared('mesh', [3, 3], { nodes: 7 }));
    expect(six.planes[0]!.dots).toHaveLength(7);
    expect(six.label).toBe('mesh 3×3 of 7 nodes');
    const ring = schematicGeometry(declared('ring', [6]));
    expect(ring.planes[0]!.dots).toHaveLength(6);
    expect(ring.planes[0]!.lines).toHaveLength(6);
  });

  it('draws a fat tree as rows of switches over its terminals, each wired to k below', () => {
    const g = schematicGeometry(declared('fat tree', [2, 3, 4]));
    const { dots, lines } = g.planes[0]!;
    // 3 levels of 4 switches and 8 terminals; 2 levels of 4 x 2 links and 8 to the terminals.
    expect(dots).toHaveLength(12 + 8);
    expect(lines).toHaveLength(2 * 8 + 8);
    expect(g.label).toBe('fat tree of 3 levels of 4 switches, 8 nodes');
    for (const [a, b] of lines) expect(b.y).toBeGreaterThan(a.y);
    for (const q of [...dots, ...lines.flat()]) {
      expect(Math.min(q.x, q.y)).toBeGreaterThanOrEqual(0);
      expect(Math.max(q.x, q.y)).toBeLessThanOrEqual(96);
    }
    // 4-ary 5-tree: 8 of its 256 switches a level drawn, 16 of its 1,024 terminals.
    const large = schematicGeometry(declared('fat tree', [4, 5, 256]));
    expect(large.planes[0]!.dots).toHaveLength(5 * 8 + 16);
    expect(large.label).toBe('fat tree of 5 levels of 256 switches, 1024 nodes');
  });

  it('draws a dragonfly as its groups on a circle, each pair joined by a chord', () => {
    const g = schematicGeometry(declared('dragonfly', [2, 4, 2, 9]));
    const { dots, lines } = g.planes[0]!;
    // 9 groups of 4 routers, each group's 6 local links, and 9 * 8 / 2 chords.
    expect(dots).toHaveLength(36);
    expect(lines).toHaveLength(9 * 6 + 36);
    expect(g.label).toBe('dragonfly of 9 groups, 72 nodes');
    for (const q of [...dots, ...lines.flat()]) {
      expect(Math.min(q.x, q.y)).toBeGreaterThanOrEqual(0);
      expect(Math.max(q.x, q.y)).toBeLessThanOrEqual(96);
    }
    // 33 groups of 8: 12 groups of 4 drawn, the label keeping the real counts.
    const large = schematicGeometry(declared('dragonfly', [4, 8, 4, 33]));
    expect(large.planes[0]!.dots).toHaveLength(48);
    expect(large.planes[0]!.lines).toHaveLength(12 * 6 + 66);
    expect(large.label).toBe('dragonfly of 33 groups, 1056 nodes');
  });
});

describe('schematicGeometry(flattened butterfly)', () => {
  it('draws a plane of routers, each row and column all joined by arcs, within the card', () => {
    const g = schematicGeometry(declared('flattened butterfly', [4, 2, 4, 16]));
    const { dots, lines } = g.planes[0]!;
    // 16 routers; 4 rows and 4 columns of 6 pairs, each arc 5 pieces.
    expect(dots).toHaveLength(16);
    expect(lines).toHaveLength(8 * 6 * 5);
    expect(g.label).toBe('flattened butterfly 4×4, 64 nodes');
    for (const q of [...dots, ...lines.flat()]) {
      expect(Math.min(q.x, q.y)).toBeGreaterThanOrEqual(0);
      expect(Math.max(q.x, q.y)).toBeLessThanOrEqual(96);
    }
    // One dimension: a row; a large one drawn 5 a side, the label keeping the real counts.
    expect(
      schematicGeometry(declared('flattened butterfly', [8, 1, 1, 8])).planes[0]!.dots,
    ).toHaveLength(5);
    const large = schematicGeometry(declared('flattened butterfly', [8, 3, 4, 512]));
    expect(large.planes[0]!.dots).toHaveLength(25);
    expect(large.label).toBe('flattened butterfly 8×8×8, 2048 nodes');
  });
});

describe('schematicGeometry(more than three dimensions)', () => {
  it('folds a binary 4-cube onto a 4 x 4 plane, later dimensions as arcs', () => {
    const g = schematicGeometry(declared('mesh', [2, 2, 2, 2]));
    const { dots, lines } = g.planes[0]!;
    expect(dots).toHaveLength(16);
    // 32 links: 16 along x and y as straight lines, 16 along z and d4 as arcs of 5 pieces.
    expect(lines).toHaveLength(16 + 16 * 5);
    expect(g.label).toBe('4-cube of 16 nodes');
    // x steps one cell and z steps over the x block and a gap: 3 cells.
    const xs = [...new Set(dots.map((d) => Math.round(d.x)))].sort((a, b) => a - b);
    expect(xs).toHaveLength(4);
    expect((xs[2]! - xs[0]!) / (xs[1]! - xs[0]!)).toBeCloseTo(3);
    for (const q of [...dots, ...lines.flat()]) {
      expect(Math.min(q.x, q.y)).toBeGreaterThanOrEqual(0);
      expect(Math.max(q.x, q.y)).toBeLessThanOrEqual(96);
    }
  });

  it('draws as many dimensions of a large cube as fit, the label keeping them all', () => {
    const g = schematicGeometry(declared('mesh', Array<number>(10).fill(2)));
    expect(g.label).toBe('10-cube of 1024 nodes, 6 dimensions drawn');
    expect(g.planes[0]!.dots).toHaveLength(64);
    const torus = schematicGeometry(declared('torus', [4, 4, 4, 4]));
    expect(torus.label).toBe('torus 4×4×4×4 of 256 nodes, 2 dimensions drawn');
  });
});

describe('<Schematic>', () => {
  it('labels the drawing with the shape and the node count', () => {
    const html = renderToStaticMarkup(<Schematic {...declared('mesh', [8, 8, 16])} />);
    expect(html).toContain('aria-label="mesh 8×8×16 of 1024 nodes"');
    expect(html.match(/<polygon /g)).toHaveLength(16);
  });
});
