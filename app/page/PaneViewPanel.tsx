import type { Engine } from '../engine/engine';
import { useT } from '../i18n/i18n';
import type { ModelInfo } from '../engine/types';
import { download } from '../exports/export';
import { perfettoBlob, perfettoFileName } from '../exports/perfetto_file';
import { fillParams, namedParams } from '../presets/param_values';
import type { TraceSave } from '../views/ViewPanel';
import { runNodes } from '../views/timeline/timeline_model';
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
  const t = useT('explorer');
  const { watched, watchedPoints, values, seed } = run;
  if (!pane.view || !watched) return null;
  const point = pane.view.point;
  const save: TraceSave = {
    label: t('perfetto.label'),
    hint: t('perfetto.hint'),
    run: async (outcome) => {
      const traced = {
        ...(pane.presetId !== null ? { preset: pane.presetId } : {}),
        model: model.name,
        seed,
        ...(point !== undefined ? { point } : {}),
        params: namedParams(model.params, outcome.params),
        trace: outcome.trace,
        networks: outcome.networks,
        nodes: runNodes(outcome),
      };
      download(await perfettoBlob(traced), perfettoFileName(traced), 'application/json');
    },
  };
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
      save={save}
    />
  );
}
