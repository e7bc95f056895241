// The turn diagram: each of a 2-D network's eight turns a bent arrow, the forbidden ones struck
// out; nothing for turns it cannot draw in the plane.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { DependencyTurn, TurnDirection } from '../results/dependency_graph_data';
import { TurnDiagram, drawsTurns, turnDiagramSize, turnName } from './TurnDiagram';

/** The plane's directions as the engine declares them: name, dimension and sign. */
const directions: TurnDirection[] = [
  { name: '+x', dimension: 0, sign: 1 },
  { name: '-x', dimension: 0, sign: -1 },
  { name: '+y', dimension: 1, sign: 1 },
  { name: '-y', dimension: 1, sign: -1 },
];
const [, mx, py] = directions as [TurnDirection, TurnDirection, TurnDirection];
/** The eight turns in the engine's order, `forbidden` ones ("+y>-x") taken by no dependence. */
const turns = (forbidden: string[]): DependencyTurn[] =>
  directions.flatMap((from) =>
    directions
      .filter((to) => to.dimension !== from.dimension)
      .map((to) => ({
        from,
        to,
        dependences: forbidden.includes(`${from.name}>${to.name}`) ? 0 : 3,
      })),
  );

describe('TurnDiagram', () => {
  it('turnName() writes a turn with a true minus and an arrow', () => {
    expect(turnName({ from: py, to: mx, dependences: 0 })).toBe('+y \u2192 \u2212x');
  });

  it('drawsTurns() takes the eight turns of the plane only', () => {
    expect(drawsTurns(turns([]))).toBe(true);
    expect(drawsTurns(turns([]).slice(1))).toBe(false);
    const z = turns([]).map((t, i) =>
      i === 0 ? { ...t, to: { name: '+z', dimension: 2, sign: 1 } } : t,
    );
    expect(drawsTurns(z)).toBe(false);
    expect(renderToStaticMarkup(<TurnDiagram name="t" turns={z} x={0} y={0} />)).toBe('');
    expect(turnDiagramSize(z)).toEqual({ width: 0, height: 0 });
  });

  it('strikes out the forbidden turns, each arm along its direction', () => {
    const html = renderToStaticMarkup(
      <svg>
        <TurnDiagram name="t" turns={turns(['+y>-x', '-y>-x'])} x={10} y={20} />
      </svg>,
    );
    expect(html).toContain('transform="translate(10,20)"');
    expect((html.match(/class="turn-forbidden"/g) ?? []).length).toBe(2);
    expect((html.match(/class="turn-taken"/g) ?? []).length).toBe(6);
    expect(html).toContain('+y \u2192 \u2212x');
    // A turn's arms: in along +y (drawn downwards), out along -x.
    const forbidden =
      /class="turn-forbidden"><path d="M([\d.]+),([\d.]+)L([\d.]+),([\d.]+)L([\d.]+),([\d.]+)"/.exec(
        html,
      )!;
    const [x0, y0, x1, y1, x2, y2] = forbidden.slice(1).map(Number);
    expect(x0).toBeCloseTo(x1!, 6);
    expect(y1! - y0!).toBeGreaterThan(0);
    expect(y2).toBeCloseTo(y1!, 6);
    expect(x2! - x1!).toBeLessThan(0);
  });

  it('draws each arm by the dimension and sign the engine declares, whatever the name', () => {
    // Directions named otherwise (a machine's own words) are drawn by their numbers.
    const renamed = turns(['+y>-x']).map((t) => ({
      ...t,
      from: { ...t.from, name: `from ${t.from.name}` },
      to: { ...t.to, name: `to ${t.to.name}` },
    }));
    expect(drawsTurns(renamed)).toBe(true);
    const arms = (list: DependencyTurn[]) =>
      [
        ...renderToStaticMarkup(<TurnDiagram name="t" turns={list} x={0} y={0} />).matchAll(
          /<path d="(M[^"]+)" fill="none"/g,
        ),
      ].map((m) => m[1]);
    expect(arms(renamed)).toEqual(arms(turns(['+y>-x'])));
    expect(arms(renamed)).toHaveLength(8);
  });

  it('turnDiagramSize() fits the eight turns in two rows of four', () => {
    const { width, height } = turnDiagramSize(turns([]));
    expect(width).toBeGreaterThan(0);
    expect(width).toBeLessThanOrEqual(320);
    expect(height).toBeCloseTo((2 * width) / 4 + 2 * 16, 6);
  });
});
