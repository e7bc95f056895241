import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import { fillParams } from '../presets/param_values';
import { ViewPanel } from '../views/ViewPanel';
import type { PaneRun, PaneUpdate } from './use_pane_run';
import type { Pane } from '../link/url_state';

/** The trace view a pane's link opens (on the page or presented), or nothing. */
export function PaneViewPanel({
  engine,
  model,
  pane,
  onPane,
  run,
  fit,
}: {
  engine: Engine;
  model: ModelInfo;
  pane: Pane;
  onPane: PaneUpdate;
  run: PaneRun;
  /** Sized to end at the window's foot (presentation mode). */
  fit?: boolean;
}) {
  const { watched, watchedPoints, values, seed } = run;
  if (!pane.view || !watched) return null;
  return (
    <ViewPanel
      engine={engine}
      model={model.name}
      params={values}
      seed={seed}
      link={pane.view}
      points={watchedPoints}
      chartTitle={fillParams(watched.title, model.params, values)}
      onLink={(update) => onPane((p) => (p.view ? { ...p, view: update(p.view) } : p))}
      onClose={() => onPane(({ view: _view, ...p }) => p)}
      fit={fit}
    />
  );
}
