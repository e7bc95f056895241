import { memo } from 'react';

import type { Params } from '../engine/types';
import type { Preset } from '../presets/schema';
import { machineAndYear } from '../presets/schema';
import { changedParams, formatValue } from '../ui/param_values';
import { ChartCard } from './ChartCard';
import type { PinnedRun, RunView } from './chart_builder';
import { buildChart, chartOptions } from './chart_builder';
import type { ChartChoice, UrlState } from './url_state';

/** What a run was made for, kept with its result. */
export interface RunTag {
  preset: Preset;
  seed: number;
}

/** A run as the charts draw it, with the preset and seed it was made for. */
export type ChartRun = RunView & RunTag;

interface Props {
  view: ChartRun;
  model: string;
  choices: Record<string, ChartChoice>;
  pins: PinnedRun[];
  /** The paper's parameter values, which export captions compare the run's with. */
  paperValues: Params;
  /** Why the run no longer matches the fields, or null. */
  stale: string | null;
  onState(update: (state: UrlState) => UrlState): void;
}

function paramsText(params: Params): string {
  return Object.entries(params)
    .map(([k, v]) => `${k}=${formatValue(v)}`)
    .join(', ');
}

/**
 * Every chart of a run. Memoized so that a parameter edit, which changes none of these props
 * until its run answers, does not rebuild and redraw the charts in the edit's own task.
 */
export const ChartGrid = memo(function ChartGrid({
  view,
  model,
  choices,
  pins,
  paperValues,
  stale,
  onState,
}: Props) {
  return (
    <div className="charts">
      {view.preset.charts.map((spec) => {
        const choice = choices[spec.id] ?? {};
        const chart = buildChart(spec, view.preset, view, chartOptions(choice, pins));
        return (
          <ChartCard
            key={spec.id}
            spec={spec}
            chart={chart}
            choice={choice}
            onChoice={(c) => onState((s) => ({ ...s, charts: { ...s.charts, [spec.id]: c } }))}
            hasReference={view.preset.reference.some((r) => r.plot?.chart === spec.id)}
            stale={stale}
            exportInfo={{
              filename: `${view.preset.id}-${spec.id}`,
              // Read when exporting: by then the address holds every choice made.
              caption: () => {
                const changed = changedParams(view.params, paperValues);
                return [
                  `${view.preset.title} (${machineAndYear(view.preset)}).`,
                  Object.keys(changed).length > 0
                    ? `Parameters changed from the paper's: ${paramsText(changed)}; seed ${view.seed}.`
                    : `The paper's parameters; seed ${view.seed}.`,
                  `Source: ${view.preset.citation.text}, ${spec.about.citation}.`,
                  `Made with archex: ${window.location.href}`,
                ];
              },
              json: () => ({
                preset: view.preset.id,
                model,
                seed: view.seed,
                chart: spec.id,
                link: window.location.href,
                params: view.params,
                results: view.result,
              }),
            }}
          />
        );
      })}
    </div>
  );
});
