// The goal tree growing: the last goals spawned up to the time, x by spawn time over the window,
// y by generation, each coloured by what has become of it. One stop of the keyboard (a roving
// focus): the arrows move between goals, Enter or space follows one.
import { scaleLinear } from 'd3-scale';
import type { KeyboardEvent } from 'react';
import { useLayoutEffect, useRef, useState } from 'react';

import { palette } from '../../charts/palette';
import { useT } from '../../i18n/i18n';
import type { SpawnedGoal } from './goal_model';
import type { GoalStatus } from './goal_status';
import { treeKeyTarget } from './tree_keys';

interface Props {
  /** The goals drawn, in spawn order. */
  shown: SpawnedGoal[];
  /** Goals spawned up to the time, drawn or not. */
  spawned: number;
  time: number;
  /** The window's start. */
  from: number;
  width: number;
  height: number;
  selected: number | undefined;
  onSelect(goal: number | undefined): void;
  status(goal: number): GoalStatus;
}

export function GoalTree({
  shown,
  spawned,
  time,
  from,
  width: treeWidth,
  height: treeHeight,
  selected,
  onSelect,
  status,
}: Props) {
  const t = useT('views');
  const generations = Math.max(1, ...shown.map((g) => g.depth));
  const minGeneration = Math.min(...shown.map((g) => g.depth), generations);
  const tx = scaleLinear()
    .domain([shown[0]?.time ?? from, Math.max(time, (shown[0]?.time ?? from) + 1e-9)])
    .range([12, treeWidth - 12]);
  const ty = scaleLinear()
    .domain([minGeneration, Math.max(generations, minGeneration + 1)])
    .range([16, treeHeight - 16]);
  const byGoal = new Map(shown.map((g) => [g.goal, g]));

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
    <svg ref={tree} width={treeWidth} height={treeHeight} role="group" aria-label={t('goals.tree')}>
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
            aria-label={t('goals.dot', { goal: g.goal, status: s.label })}
            onClick={() => onSelect(g.goal)}
            onKeyDown={(e) => onTreeKey(e, g.goal)}
          />
        );
      })}
      <text x={12} y={treeHeight - 2} fontSize={10} fill="var(--muted)">
        {t('goals.axes', { shown: shown.length, spawned })}
      </text>
    </svg>
  );
}
