// The turns of a 2-D network as the engine found them in its channel-dependency graph: each turn
// from a direction into the other dimension drawn as a bent arrow, the turns the routing never
// takes struck out in vermillion. The turn model (Glass & Ni 1992) forbids just enough of them
// that no cycle of turns closes. Directions are drawn as the graph above draws them (+y down);
// the diagram is a group inside the graph's own SVG, so a figure exported holds it too.
import type { DependencyTurn, TurnDirection } from '../results/dependency_graph_data';
import { palette } from './palette';
import { chartsT } from '../results/words';

/** Cells a row. */
const COLUMNS = 4;
const CELL = 58;
const LABEL = 16;

/** The unit step of a direction in the plane, by its dimension and sign; undefined past y. */
function step(direction: TurnDirection): [number, number] | undefined {
  if (direction.dimension === 0) return [direction.sign, 0];
  if (direction.dimension === 1) return [0, direction.sign];
  return undefined;
}

/** A turn's name with a true minus and an arrow ("+y → −x"). */
export function turnName(t: DependencyTurn): string {
  const sign = (d: TurnDirection) => d.name.replace('-', '\u2212');
  return chartsT('dependency.turn', { from: sign(t.from), to: sign(t.to) });
}

/** Whether the turns are a 2-D network's eight, each between x and y: what the diagram draws. */
export function drawsTurns(turns: DependencyTurn[]): boolean {
  return turns.length === 8 && turns.every((t) => step(t.from) && step(t.to));
}

/** The diagram's size, px: 0 by 0 for turns it cannot draw. */
export function turnDiagramSize(turns: DependencyTurn[]): { width: number; height: number } {
  if (!drawsTurns(turns)) return { width: 0, height: 0 };
  return { width: COLUMNS * CELL, height: Math.ceil(turns.length / COLUMNS) * (CELL + LABEL) };
}

/**
 * The diagram (see the file's head) with its top left at x, y; nothing for turns it cannot draw.
 * The chart's caption names the turns struck out, for a screen reader.
 */
export function TurnDiagram({
  name,
  turns,
  x,
  y,
}: {
  name: string;
  turns: DependencyTurn[];
  x: number;
  y: number;
}) {
  if (!drawsTurns(turns)) return null;
  const arm = CELL * 0.3;
  return (
    <g className="turn-diagram" transform={`translate(${x},${y})`}>
      <defs>
        {[
          ['taken', 'currentColor'],
          ['forbidden', palette.vermillion],
        ].map(([id, color]) => (
          <marker
            key={id}
            id={`${name}-turn-${id}`}
            viewBox="0 0 10 10"
            refX="8"
            refY="5"
            markerWidth="5"
            markerHeight="5"
            orient="auto"
          >
            <path d="M0,0L10,5L0,10z" fill={color} />
          </marker>
        ))}
      </defs>
      {turns.map((t, i) => {
        const [ix, iy] = step(t.from)!;
        const [ox, oy] = step(t.to)!;
        const cx = (i % COLUMNS) * CELL + CELL / 2;
        const cy = Math.floor(i / COLUMNS) * (CELL + LABEL) + CELL / 2;
        const taken = t.dependences > 0;
        const color = taken ? 'currentColor' : palette.vermillion;
        // The cross sits in the corner the turn's arms leave empty, so the turn stays readable.
        const s = CELL * 0.12;
        const [xx, xy] = [cx + (ix - ox) * arm * 0.6, cy + (iy - oy) * arm * 0.6];
        return (
          <g key={`${t.from.name}${t.to.name}`} className={taken ? 'turn-taken' : 'turn-forbidden'}>
            <path
              d={`M${cx - ix * arm},${cy - iy * arm}L${cx},${cy}L${cx + ox * arm},${cy + oy * arm}`}
              fill="none"
              stroke={color}
              strokeWidth={taken ? 1.5 : 2}
              strokeDasharray={taken ? undefined : '3 2'}
              markerEnd={`url(#${name}-turn-${taken ? 'taken' : 'forbidden'})`}
            />
            {!taken && (
              <path
                d={`M${xx - s},${xy - s}L${xx + s},${xy + s}M${xx + s},${xy - s}L${xx - s},${xy + s}`}
                stroke={palette.vermillion}
                strokeWidth={2}
              />
            )}
            <text
              x={cx}
              y={cy + CELL / 2 + LABEL * 0.5}
              textAnchor="middle"
              fontSize={11}
              fill="currentColor"
            >
              {turnName(t)}
            </text>
          </g>
        );
      })}
    </g>
  );
}
