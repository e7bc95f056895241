// The goal view of a Multi-PSI run: its PEs on their lattice, each with its ready stack, whether it
// is reducing and the goals suspended on it; goals thrown and messages on their way as arrows (a
// dot on each shows how far it has come; a value's return that wakes a suspended goal is marked);
// beside it the goal tree growing: the last goals spawned up to the time, by spawn time and
// generation, each coloured by what has become of it. SVG: a few dozen PEs, a few hundred goals
// and arrows at a time are few elements, and each stays clickable. The tree is one stop of the
// keyboard (a roving focus): the arrows move between goals, Enter or space follows one.
import './goals.css';

import { useCallback, useMemo } from 'react';

import { playedEnd } from '../../engine/trace';
import { useT } from '../../i18n/i18n';
import { Narration } from '../Narration';
import { WhenBuilt } from '../use_prepared';
import type { ViewProps } from '../../presets/view_kinds';
import { GoalHistory } from './GoalHistory';
import { GoalLattice } from './GoalLattice';
import { GoalLegend } from './GoalLegend';
import { GoalTree } from './GoalTree';
import type { GoalModel } from './goal_model';
import { goalSliced, momentAt } from './goal_model';
import { goalLayout } from './goal_layout';
import { goalStatus, reducedTimes } from './goal_status';
import { describeGoals } from './goal_words';

/** Goals of the tree drawn at most: the last spawned up to the time. */
const TREE_GOALS = 300;

/** The PEs of the traced run, as its trace declares them, else its network's nodes. */
function pesOf(outcome: ViewProps['outcome']): number {
  return Math.max(1, outcome.trace.nodes || (outcome.networks[0]?.nodes ?? 1));
}

/** The goal view: its model built in slices, then the drawing. */
export function GoalView(props: ViewProps) {
  const { outcome } = props;
  const t = useT('views');
  const make = useCallback(
    () => goalSliced(outcome.trace, playedEnd(outcome.trace), pesOf(outcome)),
    [outcome],
  );
  return (
    <WhenBuilt make={make} what={t('goals.reading')} onReady={props.onReady}>
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
  const pes = pesOf(outcome);
  const reducedAt = useMemo(() => reducedTimes(model), [model]);
  const maxDepth = useMemo(() => Math.max(1, ...model.depth.flatMap((d) => d.depth)), [model]);
  const moment = momentAt(model, time);
  const reductionMs = Number(outcome.params.reduction_ms) || (model.end - model.from) / 1000;
  const layout = goalLayout(outcome.networks[0], pes, width);
  const first = Math.max(0, moment.spawnedUpTo - TREE_GOALS + 1);
  const shown = model.spawned.slice(first, moment.spawnedUpTo + 1);
  const words = useCallback(
    () => describeGoals(momentAt(model, time), time, outcome.trace.unit, reductionMs),
    [model, time, outcome.trace.unit, reductionMs],
  );

  return (
    <div className="goal-view">
      <div className={layout.stacked ? 'goal-panes stacked' : 'goal-panes'}>
        <GoalLattice
          layout={layout}
          pes={pes}
          moment={moment}
          time={time}
          reductionMs={reductionMs}
          maxDepth={maxDepth}
        />
        <GoalTree
          shown={shown}
          spawned={moment.spawnedUpTo + 1}
          time={time}
          from={model.from}
          width={layout.treeWidth}
          height={layout.treeHeight}
          selected={selected}
          onSelect={onSelect}
          status={goalStatus(reducedAt, moment, time)}
        />
      </div>
      <GoalLegend moment={moment} kinds={model.messageKinds} />
      <Narration words={words} playing={playing} />
      <GoalHistory model={model} selected={selected} unit={outcome.trace.unit} onTime={onTime} />
    </div>
  );
}
