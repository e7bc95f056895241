// A chart card's toolbar: the chart's choices (paper values, models, log axes, plane, table),
// presenting it, and its exports and embed.
import type { ReactNode } from 'react';

import { useT } from '../i18n/i18n';
import type { ChartChoice } from '../link/url_state';
import type { ChartSpec } from '../presets/schema';
import type { AxisSpec } from '../results/chart_data';
import { FigureOptions } from './FigureOptions';
import type { ChartExports } from './use_chart_exports';

function Toggle({ label, on, set }: { label: string; on: boolean; set(on: boolean): void }) {
  return (
    <label>
      <input type="checkbox" checked={on} onChange={(e) => set(e.target.checked)} />
      {label}
    </label>
  );
}

export function ChartTools({
  spec,
  choice,
  onChoice,
  hasReference,
  axes,
  planes,
  present,
  exports,
  onEmbed,
}: {
  spec: ChartSpec;
  choice: ChartChoice;
  onChoice(choice: ChartChoice): void;
  hasReference: boolean;
  /** The axes as drawn, where the chart's kind has log axes. */
  axes: { x: AxisSpec; y: AxisSpec } | null;
  /** The planes of a heat map, where it has them. */
  planes: number | null;
  /** The button that presents the chart, if it may be. */
  present: ReactNode;
  exports: ChartExports;
  onEmbed(): void;
}) {
  const t = useT('explorer');
  const set = (key: keyof ChartChoice, value: boolean) => onChoice({ ...choice, [key]: value });
  return (
    <div
      className="chart-tools"
      role="toolbar"
      aria-label={t('chartCard.tools', { title: spec.title })}
    >
      {hasReference ? (
        <Toggle
          label={t('chartTools.paper')}
          on={choice.overlay ?? true}
          set={(v) => set('overlay', v)}
        />
      ) : null}
      {'models' in spec && spec.models ? (
        <Toggle
          label={t('chartTools.models')}
          on={choice.models ?? true}
          set={(v) => set('models', v)}
        />
      ) : null}
      {axes ? (
        <>
          <Toggle
            label={t('chartTools.logX')}
            on={axes.x.scale === 'log'}
            set={(v) => set('xLog', v)}
          />
          <Toggle
            label={t('chartTools.logY')}
            on={axes.y.scale === 'log'}
            set={(v) => set('yLog', v)}
          />
        </>
      ) : null}
      {planes !== null ? (
        <label>
          {t('chartTools.plane')}{' '}
          <select
            value={choice.plane ?? 0}
            onChange={(e) => onChoice({ ...choice, plane: Number(e.target.value) })}
          >
            {Array.from({ length: planes }, (_, z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <Toggle
        label={t('chartTools.table')}
        on={choice.table ?? false}
        set={(v) => set('table', v)}
      />
      {present}
      <span className="spacer" />
      <FigureOptions
        theme={exports.theme}
        onTheme={exports.setTheme}
        withLink={exports.withLink}
        onWithLink={exports.setWithLink}
        linkTitle={t('chartTools.linkTitle')}
      />
      <button type="button" onClick={exports.svg}>
        {t('formats.svg')}
      </button>
      <button type="button" onClick={exports.png}>
        {t('formats.png')}
      </button>
      <button type="button" title={t('chartTools.pdfTitle')} onClick={exports.pdf}>
        {t('formats.pdf')}
      </button>
      <button type="button" onClick={exports.csv}>
        {t('formats.csv')}
      </button>
      <button type="button" onClick={exports.json}>
        {t('formats.json')}
      </button>
      <button type="button" onClick={onEmbed}>
        {t('chartTools.embed')}
      </button>
    </div>
  );
}
