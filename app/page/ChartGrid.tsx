import { memo } from 'react';

import type { ParamSpec, Params } from '../engine/types';
import { useT } from '../i18n/i18n';
import { plottedReferences, shownCharts } from '../presets/schema';
import { ChartCard } from './ChartCard';
import type { ChartRun, PinnedRun } from '../results/chart_builder';
import { buildChart, sweepPoints, sweepStart } from '../chart_kinds/registry';
import { chartOptions } from '../results/chart_builder';
import { figureCaption, provenance } from '../results/figure_info';
import { fillParams, namedParams } from '../presets/param_values';
import type { ChartChoice, Pane } from '../link/url_state';
import type { AxisOverrides } from '../chart_kinds/shared_axes';
import { shareAxes } from '../chart_kinds/shared_axes';
import { useShown, useWithheld } from '../tours/use_withheld';
import './chart_grid.css';

export interface ChartGridProps {
  view: ChartRun;
  model: string;
  /** The model's parameter specs: the choices a chart's `when` names; captions and the JSON
   * name values and choices by them. */
  specs: ParamSpec[];
  choices: Record<string, ChartChoice>;
  pins: PinnedRun[];
  /** The paper's parameter values, which export captions compare the run's with. */
  paperValues: Params;
  /** Why the run no longer matches the fields, or null. */
  stale: string | null;
  onPane(update: (pane: Pane) => Pane): void;
  /** Axis ends shared with a pane beside this one, by chart id. */
  axes?: AxisOverrides;
  /** The element id the skip link goes to (the page's first pane only). */
  id?: string;
  /** Only this chart (presentation mode); absent: every chart. */
  only?: string;
  onPresent?(chart: string): void;
  /** The region's name; absent: "Charts". */
  label?: string;
}

/**
 * Every chart of a run. Memoized so that a parameter edit, which changes none of these props
 * until its run answers, does not rebuild and redraw the charts in the edit's own task.
 */
export const ChartGrid = memo(function ChartGrid({
  view,
  model,
  specs,
  choices,
  pins,
  paperValues,
  stale,
  onPane,
  axes,
  id,
  only,
  onPresent,
  label,
}: ChartGridProps) {
  const t = useT('explorer');
  // A tour's open question holds back what would state its answer; its step may show fewer charts.
  const held = useWithheld(view);
  const shown = useShown();
  return (
    <div
      className="charts"
      id={id}
      tabIndex={-1}
      role="region"
      aria-label={label ?? t('chartGrid.label')}
    >
      {shownCharts(view.preset, specs, view.params)
        .filter((spec) => shown.chart(spec.id) && (only === undefined || spec.id === only))
        .map((full) => {
          // A tour's step may draw only some of a chart's curves.
          const written = shown.spec(full);
          // The title and the mechanism's text say the sizes this run has (a preset may extend
          // another's; a tour step may set them).
          const spec = {
            ...written,
            title: held.text(fillParams(written.title, specs, view.params)),
            about: {
              what: held.text(written.about.what),
              mechanism: held.text(fillParams(written.about.mechanism, specs, view.params)),
              citation: held.text(written.about.citation),
            },
          };
          const choice = choices[spec.id] ?? {};
          const built = buildChart(spec, view.preset, view, chartOptions(choice, pins));
          const shared = axes?.[spec.id];
          const chart = shared ? shareAxes(built, shared) : built;
          return (
            <ChartCard
              key={spec.id}
              spec={spec}
              chart={chart}
              choice={choice}
              onChoice={(c) => onPane((p) => ({ ...p, charts: { ...p.charts, [spec.id]: c } }))}
              hasReference={plottedReferences(view.preset, spec.id).length > 0}
              stale={stale}
              withheld={held.outcome || held.charts.has(spec.id)}
              watchPoints={sweepPoints(spec, view.preset, view)}
              watchStart={sweepStart(spec, view.preset, view)}
              onPresent={onPresent ? () => onPresent(spec.id) : undefined}
              onWatch={
                spec.watch
                  ? (point) => {
                      const { view: kind, from, length } = spec.watch!;
                      onPane((p) => ({
                        ...p,
                        view: {
                          kind,
                          chart: spec.id,
                          ...(point !== undefined ? { point } : {}),
                          from,
                          length,
                        },
                      }));
                    }
                  : undefined
              }
              exportInfo={{
                filename: `${view.preset.id}-${spec.id}`,
                // Read when exporting: by then the address holds every choice made. The link is
                // the address this page was served from.
                caption: (withLink) =>
                  figureCaption({
                    preset: view.preset,
                    spec,
                    specs,
                    params: view.params,
                    paperValues,
                    seed: view.seed,
                    link: withLink ? window.location.href : null,
                  }),
                provenance: (withLink) =>
                  provenance({
                    preset: view.preset,
                    spec,
                    specs,
                    params: view.params,
                    paperValues,
                    seed: view.seed,
                    link: withLink ? window.location.href : null,
                  }),
                json: (withLink) => ({
                  preset: view.preset.id,
                  model,
                  seed: view.seed,
                  chart: spec.id,
                  ...(withLink ? { link: window.location.href } : {}),
                  params: namedParams(specs, view.params),
                  results: view.result,
                }),
              }}
            />
          );
        })}
    </div>
  );
});
