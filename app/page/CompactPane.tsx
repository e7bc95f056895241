// One pane of the compact lesson view: the fields the tour's step shows (no others, no experiment
// picker), its readouts, an open trace view and its charts, each held back while the step's
// question is open exactly as the explorer holds them (the same components, the same contexts).
import { useEffect } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import type { Pane } from '../link/url_state';
import type { Preset } from '../presets/schema';
import type { ChartRun } from '../results/chart_builder';
import { PaneSide, useWithheld } from '../tours/use_withheld';
import { ChartGrid } from './ChartGrid';
import { PaneControls } from './PaneControls';
import { PaneViewPanel } from './PaneViewPanel';
import { Readouts } from './Readouts';
import { RunBanners } from './RunBanners';
import type { PaneUpdate } from './use_pane_run';
import { usePaneRun } from './use_pane_run';

interface Props {
  engine: Engine;
  models: ModelInfo[];
  presets: Preset[];
  preset: Preset;
  model: ModelInfo;
  pane: Pane;
  onPane: PaneUpdate;
  /** The fields shown: the step's `show` (none when it names none). */
  shown: string[];
  side: 'first' | 'right';
  /** Side by side, what the pane is called ("Left", "Right"); alone, nothing. */
  label?: string;
  /** Its latest run, for the tour's panel to read the answer from. */
  onOutcome(outcome: ChartRun | null): void;
}

function PaneBody(props: Props) {
  const { engine, preset, model, pane, onPane, onOutcome } = props;
  const run = usePaneRun(props);
  const held = useWithheld(run.outcome);
  const notShown = model.params.map((p) => p.name).filter((n) => !props.shown.includes(n));
  const hidden = new Set([...run.hidden, ...notShown]);
  useEffect(() => onOutcome(run.outcome), [onOutcome, run.outcome]);
  const { drawn, outcome, stale } = run;
  return (
    <section className="compact-pane" aria-label={props.label ?? preset.title}>
      {props.label ? <h2 className="compact-side">{props.label}</h2> : null}
      {props.shown.length > 0 ? (
        <PaneControls
          preset={preset}
          run={run}
          hidden={hidden}
          calibrationsHeld={held.outcome}
          onPane={onPane}
        />
      ) : null}
      <RunBanners engine={engine} paneRun={run} hidden={hidden} />
      {outcome ? <Readouts outcome={outcome} stale={stale} /> : null}
      {held.outcome ? null : (
        <PaneViewPanel engine={engine} model={model} pane={pane} onPane={onPane} run={run} />
      )}
      {drawn.view ? (
        <ChartGrid
          view={drawn.view}
          model={model.name}
          specs={run.specs}
          choices={pane.charts}
          pins={drawn.pins}
          paperValues={run.paperValues}
          stale={stale}
          onPane={onPane}
          {...(props.side === 'first' ? { id: 'charts' } : {})}
        />
      ) : null}
    </section>
  );
}

/** A pane of the compact view, reading the open question as its side's. */
export function CompactPane(props: Props) {
  return (
    <PaneSide.Provider value={props.side}>
      <PaneBody {...props} />
    </PaneSide.Provider>
  );
}
