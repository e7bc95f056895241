// A pane's sidebar: which experiment, its description, and its fields (folded away side by side;
// on a phone during a tour's step, beside the step instead).
import type { ReactNode } from 'react';

import type { ParamSpec, Params } from '../engine/types';
import { useReading, useT } from '../i18n/i18n';
import { emptyState } from '../link/url_state';
import { machineLine } from '../presets/machines';
import { fillParams } from '../presets/param_values';
import type { Preset } from '../presets/schema';
import { presetBaseline } from '../presets/schema';
import { withheldWords } from '../results/chart_data';
import type { Withheld } from '../tours/withhold';
import type { PaneUpdate } from './use_pane_run';

export function PaneSidebar({
  placement,
  preset,
  presets,
  specs,
  values,
  changed,
  held,
  controls,
  onPane,
}: {
  placement: 'alone' | 'left' | 'right';
  preset: Preset;
  presets: Preset[];
  specs: ParamSpec[];
  values: Params;
  /** How many parameters differ from the preset. */
  changed: number;
  held: Withheld;
  /** The pane's fields; null where they stand elsewhere. */
  controls: ReactNode;
  onPane: PaneUpdate;
}) {
  const t = useT('explorer');
  const { lang } = useReading();
  const side = placement !== 'alone';
  return (
    <aside className="sidebar">
      {side ? <p className="side-label">{t('sidebar.side', { side: placement })}</p> : null}
      <label className="preset-picker">
        <span>{t('sidebar.experiment')}</span>
        <select
          value={preset.id}
          onChange={(e) => onPane((p) => ({ ...emptyState(e.target.value), pins: p.pins }))}
        >
          {presets.map((p) => (
            <option key={p.id} value={p.id}>
              {t('sidebar.presetOption', {
                machine: machineLine(p.machine, lang)?.name ?? p.machine,
                experiment: p.experiment,
              })}
            </option>
          ))}
        </select>
      </label>
      <p className="preset-description">
        {held.description
          ? t('sidebar.descriptionHeld', { withheld: withheldWords() })
          : held.text(fillParams(preset.description, specs, values))}
      </p>
      {side ? (
        <details className="side-params">
          <summary>
            {changed > 0
              ? t('sidebar.paramsChanged', {
                  changed: String(changed),
                  baseline: presetBaseline(preset),
                })
              : t('paramPanel.title')}
          </summary>
          {controls}
        </details>
      ) : (
        controls
      )}
    </aside>
  );
}
