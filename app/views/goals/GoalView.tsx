// The goal view of a Multi-PSI run: its PEs on their lattice, each with its ready stack, whether it
// is reducing and the goals suspended on it; goals thrown and messages on their way as arrows (a
// dot on each shows how far it has come; a return_value that wakes a suspended goal is marked);
// beside it the goal tree growing: the last goals spawned up to the time, by spawn time and
// generation, each coloured by what has become of it. SVG: a few dozen PEs, a few hundred goals
// and arrows at a time are few elements, and each stays clickable. The tree is one stop of the
// keyboard (a roving focus): the arrows move between goals, Enter or space follows one.
import { scaleLinear } from 'd3-scale';
import type { KeyboardEvent } from 'react';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';

import { palette } from '../../charts/palette';
import { playedEnd } from '../../engine/trace';
import { Narration } from '../Narration';
import { WhenBuilt } from '../use_prepared';
import type { ViewProps } from '../../presets/view_kinds';
import type { GoalMessage, GoalModel, SpawnedGoal } from './goal_model';
import { goalHistory, goalSliced, momentAt } from './goal_model';
import { describeGoals } from './goal_words';

/** Goals of the tree drawn at most: the last spawned up to the time. */
const TREE_GOALS = 300;
const KIND_COLORS: Record<string, string> = {
  throw_goal: palette.blue,
  read_value: palette.orange,
  return_value: palette.green,
  unify: palette.purple,
  terminate: palette.grey,
};
const STATUS = {
  ready: { label: 'ready (on a stack)', color: palette.sky },
  thrown: { label: 'thrown, on its way', color: palette.blue },
  suspended: { label: 'suspended', color: palette.vermillion },
  reduced: { label: 'reduced', color: palette.grey },
} as const;

/**
 * The goal the tree's keys move to from `current` (of `shown`, the tree's goals in spawn order):
 * ← and → the one spawned before or after, ↑ its parent, ↓ its first child, Home and End the
 * first and last; undefined for another key or where there is none.
 */
export function treeKeyTarget(
  shown: SpawnedGoal[],
  current: number,
  key: string,
): number | undefined {
  const i = shown.findIndex((g) => g.goal === current);
  if (i < 0) return undefined;
  switch (key) {
    case 'ArrowLeft':
      return shown[i - 1]?.goal;
    case 'ArrowRight':
      return shown[i + 1]?.goal;
    case 'ArrowUp':
      return shown.find((g) => g.goal === shown[i]!.parent)?.goal;
    case 'ArrowDown':
      return shown.find((g) => g.parent === current)?.goal;
    case 'Home':
      return shown[0]?.goal;
    case 'End':
      return shown.at(-1)?.goal;
    default:
      return undefined;
  }
}

function column(table: { columns: { name: string; values: ArrayLike<number> }[] }, name: string) {
  return table.columns.find((c) => c.name === name)?.values;
}

/** The PEs of the traced run, as its trace declares them, else its network's nodes. */
function pesOf(outcome: ViewProps['outcome']): number {
  return Math.max(1, outcome.trace.nodes || (outcome.networks[0]?.nodes ?? 1));
}

/** The goal view: its model built in slices, then the drawing. */
export function GoalView(props: ViewProps) {
  const { outcome } = props;
  const make = useCallback(
    () => goalSliced(outcome.trace, playedEnd(outcome.trace), pesOf(outcome)),
    [outcome],
  );
  return (
    <WhenBuilt make={make} what="Reading the goals" onReady={props.onReady}>
      {(model) => <GoalDrawing {...props} model={model} />}
    </WhenBuilt>
  );
}

/** The drawing of a built goal model (the view once it is built; tests render it). */
export function GoalDrawing({
  outcome,
  time,
  selected,
  width,
  playing,
  onSelect,
  onTime,
  model,
}: ViewProps & { model: GoalModel }) {
  const network = outcome.networks[0];
  const pes = pesOf(outcome);
  const reducedAt = useMemo(() => {
    const at = new Map<number, number>();
    model.reductions.goal.forEach((g, i) => at.set(g, model.reductions.time[i]!));
    return at;
  }, [model]);
  const maxDepth = useMemo(() => Math.max(1, ...model.depth.flatMap((d) => d.depth)), [model]);
  const moment = momentAt(model, time);
  const reductionMs = Number(outcome.params.reduction_ms) || (model.end - model.from) / 1000;

  // The lattice: PEs where the engine puts them (x, y of the machine's mesh).
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

  // The tree: the last goals spawned up to the time, x by spawn time over the window, y by
  // generation.
  const treeWidth = stacked ? width : width - latticeWidth - 16;
  const treeHeight = Math.max(latticeHeight, 220);
  const first = Math.max(0, moment.spawnedUpTo - TREE_GOALS + 1);
  const shown = model.spawned.slice(first, moment.spawnedUpTo + 1);
  const generations = Math.max(1, ...shown.map((g) => g.depth));
  const minGeneration = Math.min(...shown.map((g) => g.depth), generations);
  const tx = scaleLinear()
    .domain([shown[0]?.time ?? model.from, Math.max(time, (shown[0]?.time ?? model.from) + 1e-9)])
    .range([12, treeWidth - 12]);
  const ty = scaleLinear()
    .domain([minGeneration, Math.max(generations, minGeneration + 1)])
    .range([16, treeHeight - 16]);
  const byGoal = new Map(shown.map((g) => [g.goal, g]));
  const suspendedNow = new Set(moment.suspended.map((s) => s.goal));
  const inFlightGoals = new Set(
    moment.inFlight.filter((m) => m.kind === 'throw_goal').map((m) => m.goal),
  );
  const status = (goal: number) => {
    const reduced = reducedAt.get(goal);
    if (reduced !== undefined && reduced <= time) return STATUS.reduced;
    if (suspendedNow.has(goal)) return STATUS.suspended;
    if (inFlightGoals.has(goal)) return STATUS.thrown;
    return STATUS.ready;
  };

  const arrow = (m: GoalMessage, i: number) => {
    const a = at(m.from);
    const b = at(m.to);
    const progress = Math.min(1, Math.max(0, (time - m.start) / (m.end - m.start || 1)));
    const thrown = m.kind === 'throw_goal';
    const color = KIND_COLORS[m.kind] ?? palette.grey;
    // Bent a little, so messages both ways between two PEs do not overlap.
    const mx = (a.x + b.x) / 2 + (b.y - a.y) * 0.15;
    const my = (a.y + b.y) / 2 - (b.x - a.x) * 0.15;
    const px = (1 - progress) ** 2 * a.x + 2 * (1 - progress) * progress * mx + progress ** 2 * b.x;
    const py = (1 - progress) ** 2 * a.y + 2 * (1 - progress) * progress * my + progress ** 2 * b.y;
    return (
      <g key={i} className="goal-message">
        <path
          d={`M${a.x},${a.y} Q${mx},${my} ${b.x},${b.y}`}
          fill="none"
          stroke={color}
          strokeWidth={thrown ? 3 : 1.5}
          strokeDasharray={m.wakes ? '5 3' : undefined}
        />
        <circle cx={px} cy={py} r={thrown ? 5 : 3.5} fill={color}>
          <title>
            {`${m.kind} from PE ${m.from} to PE ${m.to}` +
              (m.goal ? ` (goal ${m.goal})` : '') +
              (m.wakes ? ': wakes the goal suspended there' : '')}
          </title>
        </circle>
      </g>
    );
  };

  const history = selected !== undefined ? goalHistory(model, selected, outcome.trace.unit) : [];
  const words = useCallback(
    () => describeGoals(momentAt(model, time), time, outcome.trace.unit, reductionMs),
    [model, time, outcome.trace.unit, reductionMs],
  );

  // The tree's one tab stop: the goal the keys last moved to, else the followed one, else the
  // latest spawned.
  const [cursor, setCursor] = useState<number | undefined>(undefined);
  const stop =
    [cursor, selected].find((g) => g !== undefined && byGoal.has(g)) ?? shown.at(-1)?.goal;
  const tree = useRef<SVGSVGElement>(null);
  const moved = useRef(false);
  useLayoutEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    tree.current?.querySelector<SVGElement>(`[data-goal="${stop}"]`)?.focus();
  });
  const onTreeKey = (event: KeyboardEvent<SVGElement>, goal: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      onSelect(goal);
    } else {
      const next = treeKeyTarget(shown, goal, event.key);
      if (next === undefined) return;
      moved.current = true;
      setCursor(next);
    }
    // The panel's own keys (space plays, arrows step) stay out of the tree.
    event.preventDefault();
  };

  return (
    <div className="goal-view">
      <div className={stacked ? 'goal-panes stacked' : 'goal-panes'}>
        <svg
          width={latticeWidth}
          height={latticeHeight}
          role="img"
          aria-label="The PEs and their messages"
        >
          {Array.from({ length: pes }, (_, pe) => {
            const c = at(pe);
            const reducing = moment.lastReduction[pe]! > time - reductionMs;
            const depth = moment.ready[pe] ?? 0;
            const waiting = moment.suspended.filter((s) => s.pe === pe).length;
            return (
              <g
                key={pe}
                className="goal-pe"
                transform={`translate(${c.x - box / 2},${c.y - box / 2})`}
              >
                <rect
                  width={box}
                  height={box}
                  rx={3}
                  fill={reducing ? palette.yellow : 'var(--bg)'}
                  stroke="var(--fg)"
                  strokeWidth={reducing ? 2 : 1}
                />
                <rect
                  x={box - 7}
                  y={box - 2 - (box - 4) * (depth / maxDepth)}
                  width={5}
                  height={(box - 4) * (depth / maxDepth)}
                  fill={STATUS.ready.color}
                />
                {/* On yellow (reducing) the number is dark in either theme. */}
                <text x={3} y={11} fontSize={10} fill={reducing ? '#1d232b' : 'var(--fg)'}>
                  {pe}
                </text>
                {box >= 30 ? (
                  <text x={3} y={box - 4} fontSize={9} fill="var(--muted)">
                    {depth}
                  </text>
                ) : null}
                {waiting > 0 ? (
                  <circle cx={box - 4} cy={4} r={4} fill={STATUS.suspended.color}>
                    <title>{`${waiting} goal${waiting > 1 ? 's' : ''} suspended on PE ${pe}`}</title>
                  </circle>
                ) : null}
                <title>
                  {`PE ${pe}: ${depth} ready` +
                    (reducing ? ', reducing' : '') +
                    (waiting > 0 ? `, ${waiting} suspended` : '')}
                </title>
              </g>
            );
          })}
          {moment.inFlight.map(arrow)}
        </svg>
        <svg
          ref={tree}
          width={treeWidth}
          height={treeHeight}
          role="group"
          aria-label="The goal tree, growing: the arrows move between goals (↑ parent, ↓ child), Enter follows one"
        >
          {shown.map((g) => {
            const parent = byGoal.get(g.parent);
            return parent ? (
              <line
                key={`l${g.goal}`}
                x1={tx(parent.time)}
                y1={ty(parent.depth)}
                x2={tx(g.time)}
                y2={ty(g.depth)}
                stroke={g.thrownTo >= 0 ? palette.blue : 'var(--border)'}
                strokeWidth={g.thrownTo >= 0 ? 1.5 : 1}
              />
            ) : null;
          })}
          {shown.map((g) => {
            const s = status(g.goal);
            return (
              <circle
                key={g.goal}
                className="goal-dot"
                data-goal={g.goal}
                cx={tx(g.time)}
                cy={ty(g.depth)}
                r={g.goal === selected ? 6 : 3.5}
                fill={s.color}
                stroke={g.goal === selected ? 'var(--fg)' : 'none'}
                strokeWidth={2}
                tabIndex={g.goal === stop ? 0 : -1}
                role="button"
                aria-label={`goal ${g.goal}: ${s.label}`}
                onClick={() => onSelect(g.goal)}
                onKeyDown={(e) => onTreeKey(e, g.goal)}
              />
            );
          })}
          <text x={12} y={treeHeight - 2} fontSize={10} fill="var(--muted)">
            {`generation ↓, time →; last ${shown.length} of ${moment.spawnedUpTo + 1} goals`}
          </text>
        </svg>
      </div>
      <ul className="trace-timeline-legend">
        {Object.values(STATUS).map((s) => (
          <li key={s.label}>
            <span className="swatch" style={{ background: s.color }} aria-hidden="true" />
            {s.label}
          </li>
        ))}
        {Object.entries(KIND_COLORS).map(([kind, color]) => (
          <li key={kind}>
            <span className="swatch arrow" style={{ borderColor: color }} aria-hidden="true" />
            {kind}
          </li>
        ))}
        <li>dashed: wakes a suspended goal; a yellow PE is reducing; its bar, the ready stack</li>
      </ul>
      {/* A list, so the counts wrap on a narrow page. */}
      <ul className="goal-counts" aria-label="So far">
        <li>
          <strong>So far</strong>
        </li>
        <li>{moment.reduced.toLocaleString('en')} reduced</li>
        <li>{moment.thrown} thrown</li>
        <li>{moment.suspendedSoFar} suspended</li>
        {Object.entries(moment.messagesByKind).map(([kind, n]) => (
          <li key={kind}>
            {n} {kind}
          </li>
        ))}
      </ul>
      <Narration words={words} playing={playing} />
      {selected !== undefined ? (
        <div className="goal-history" role="status">
          <strong>Goal {selected}</strong>
          {history.length > 0 ? (
            <ol>
              {history.map((line) => (
                <li key={line.text}>{line.text}</li>
              ))}
            </ol>
          ) : (
            <span>: nothing of it in this window.</span>
          )}
          {history.length > 0 ? (
            <button type="button" onClick={() => onTime?.(history[0]!.time)}>
              Go to its start
            </button>
          ) : null}
        </div>
      ) : (
        <p className="trace-note">Click a goal in the tree to follow its history.</p>
      )}
    </div>
  );
}
