import type { ReactNode } from 'react';
import { useEffect, useMemo } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';
import { shownCharts } from '../presets/schema';
import type { ChartGridProps } from './ChartGrid';
import type { ChartRun } from '../results/chart_builder';
import type { BuiltChart } from '../chart_kinds/registry';
import { buildChart } from '../chart_kinds/registry';
import { chartOptions } from '../results/chart_builder';
import { Explorer } from './Explorer';
import { Presentation } from './Presentation';
import type { AxisOverrides } from '../chart_kinds/shared_axes';
import type { PaneUpdate } from './use_pane_run';
import { usePaneRun } from './use_pane_run';
import type { Pane, Presentation as PresentationLink } from '../link/url_state';
import { PaneSide, useShown } from '../tours/use_withheld';

/** What a pane's charts are drawn from, for drawing them outside the pane. */
export type PaneGrid = Pick<
  ChartGridProps,
  'view' | 'model' | 'specs' | 'choices' | 'pins' | 'paperValues' | 'stale' | 'onPane'
>;

export interface PaneDrawn {
  charts: Map<string, BuiltChart>;
  outcome: ChartRun | null;
  /** Null until the pane has drawn a run. */
  grid: PaneGrid | null;
}

interface Props {
  engine: Engine;
  models: ModelInfo[];
  presets: Preset[];
  preset: Preset;
  model: ModelInfo;
  pane: Pane;
  onPane: PaneUpdate;
  placement?: 'alone' | 'left' | 'right';
  shownParams?: string[];
  axes?: AxisOverrides;
  /** Receives what this pane draws: its charts (unshared, for axes shared with the other
   * pane and figures of both), its latest complete run (for the comparison's export) and what
   * its charts are drawn from (side by side on a phone pairs them with the other pane's). */
  onDrawn?(drawn: PaneDrawn): void;
  /** The pane's charts are drawn outside it (onDrawn's grid). */
  chartsElsewhere?: boolean;
  /** Nothing shown: the pane only runs, for a figure drawn from it elsewhere. */
  headless?: boolean;
  present?: PresentationLink;
  onPresent?(chart: string | null): void;
  onCompare?(): void;
  /** A tour's step for this pane's run: above the charts, or beside a presented chart. */
  tour?(outcome: ChartRun | null): ReactNode;
}

/** One pane of the page with its own run: the explorer, or one of its charts presented. */
export function PaneSlot(props: Props) {
  const { engine, models, presets, preset, model, pane, onPane, onDrawn } = props;
  const run = usePaneRun({ engine, models, presets, preset, model, pane, onPane });
  const view = run.drawn.view;
  const pins = run.drawn.pins;
  const shown = useShown();
  const built = useMemo(() => {
    const out = new Map<string, BuiltChart>();
    if (!view || !onDrawn) return out;
    for (const spec of shownCharts(view.preset, model.params, view.params)) {
      if (!shown.chart(spec.id)) continue;
      const choice = pane.charts[spec.id] ?? {};
      out.set(spec.id, buildChart(shown.spec(spec), view.preset, view, chartOptions(choice, pins)));
    }
    return out;
  }, [view, pins, pane.charts, model.params, onDrawn, shown]);
  const { outcome, paperValues, stale } = run;
  const grid = useMemo(
    (): PaneGrid | null =>
      view
        ? {
            view,
            model: model.name,
            specs: model.params,
            choices: pane.charts,
            pins,
            paperValues,
            stale,
            onPane,
          }
        : null,
    [view, model, pane.charts, pins, paperValues, stale, onPane],
  );
  useEffect(() => onDrawn?.({ charts: built, outcome, grid }), [onDrawn, built, outcome, grid]);

  if (props.headless) return null;

  const body =
    props.present && props.onPresent ? (
      <Presentation
        engine={engine}
        model={model}
        preset={preset}
        pane={pane}
        onPane={onPane}
        run={run}
        chart={props.present.chart}
        onChart={props.onPresent}
        aside={props.tour?.(run.outcome)}
      />
    ) : (
      <Explorer
        engine={engine}
        presets={presets}
        preset={preset}
        model={model}
        pane={pane}
        onPane={onPane}
        run={run}
        placement={props.placement}
        shownParams={props.shownParams}
        axes={props.axes}
        chartsElsewhere={props.chartsElsewhere}
        onCompare={props.onCompare}
        onPresent={props.onPresent}
      >
        {props.tour?.(run.outcome)}
      </Explorer>
    );
  // The right side of side by side reads a tour's question as its own pane.
  return (
    <PaneSide.Provider value={props.placement === 'right' ? 'right' : 'first'}>
      {body}
    </PaneSide.Provider>
  );
}
