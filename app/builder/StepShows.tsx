// What a step shows of the experiment: which charts, which fields, which readouts, and the
// model-vs-paper table or not (the step's `outputs` and `show`; all unless set). A step that shows
// only what it is about keeps a phone's reader near its words: no twenty sliders between the step
// and its chart.
import type { ReactNode } from 'react';

import type { ModelInfo } from '../engine/types';
import { useT } from '../i18n/i18n';
import { resolveValues } from '../presets/param_values';
import type { Preset } from '../presets/schema';
import { presetParams, shownCharts, unusedParams } from '../presets/schema';
import type { TourStep } from '../tours/schema';

/** A fold of checkboxes: which of `all` (by key) are chosen; every one, or none chosen, is all. */
function Choose<T extends string | number>(props: {
  what: 'charts' | 'fields' | 'readouts';
  all: [T, string][];
  chosen: T[] | undefined;
  onChoose(chosen: T[] | undefined): void;
}): ReactNode {
  const { all, what } = props;
  const t = useT('teaching');
  const shown = all.filter(([key]) => props.chosen?.includes(key) ?? true).map(([key]) => key);
  if (all.length === 0) return null;
  return (
    <details className="shown-charts">
      <summary>
        {t('stepShows.summary', {
          what,
          all: shown.length === all.length ? 'yes' : 'no',
          shown: shown.length,
          total: all.length,
        })}
      </summary>
      {all.map(([key, words]) => (
        <label key={key}>
          <input
            type="checkbox"
            checked={shown.includes(key)}
            onChange={(e) => {
              const next = e.target.checked
                ? all.map(([k]) => k).filter((k) => k === key || shown.includes(k))
                : shown.filter((k) => k !== key);
              // Every one chosen is all: the step says nothing (a later field shows too).
              props.onChoose(next.length === all.length || next.length === 0 ? undefined : next);
            }}
          />{' '}
          {words}
        </label>
      ))}
    </details>
  );
}

export function StepShows(props: {
  step: TourStep;
  preset: Preset;
  model: ModelInfo;
  onChange(step: TourStep): void;
}) {
  const { step, preset, model, onChange } = props;
  const t = useT('teaching');
  const values = resolveValues(model.params, presetParams(preset), step.params ?? {});
  const drawn = shownCharts(preset, model.params, values);
  const unused = unusedParams(preset, model, values);
  const fields = model.params.filter((p) => !unused.has(p.name));
  /** The step with one kind of its outputs set (undefined: all of it). */
  const withOutput = <K extends 'charts' | 'readouts' | 'table'>(
    kind: K,
    value: NonNullable<TourStep['outputs']>[K] | undefined,
  ) => {
    const { outputs, ...rest } = step;
    const others = { ...outputs };
    delete others[kind];
    const kept = value === undefined ? others : { ...others, [kind]: value };
    onChange(Object.keys(kept).length > 0 ? { ...rest, outputs: kept } : rest);
  };
  const charts = step.outputs?.charts?.map((c) => (typeof c === 'string' ? c : c.chart));
  return (
    <>
      <Choose
        what="charts"
        all={drawn.map((c): [string, string] => [c.id, c.title])}
        chosen={charts}
        onChoose={(ids) => withOutput('charts', ids)}
      />
      <Choose
        what="fields"
        all={fields.map((p): [string, string] => [p.name, p.label])}
        chosen={step.show}
        onChoose={(names) => {
          const { show: _show, ...rest } = step;
          onChange(names ? { ...rest, show: names } : rest);
        }}
      />
      <Choose
        what="readouts"
        all={preset.readouts.map((r, i): [number, string] => [i, r.label])}
        chosen={step.outputs?.readouts}
        onChoose={(places) => withOutput('readouts', places)}
      />
      {preset.reference.length > 0 ? (
        <label>
          <input
            type="checkbox"
            checked={step.outputs?.table !== false}
            onChange={(e) => withOutput('table', e.target.checked ? undefined : false)}
          />{' '}
          {t('stepShows.table')}
        </label>
      ) : null}
    </>
  );
}
