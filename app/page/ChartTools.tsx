// A chart card's toolbar: the chart's choices (paper values, models, log axes, plane, table),
// presenting it, and its exports and embed.
import type { ReactNode } from 'react';

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
  const set = (key: keyof ChartChoice, value: boolean) => onChoice({ ...choice, [key]: value });
  return (
    <div className="chart-tools" role="toolbar" aria-label={`${spec.title}: tools`}>
      {hasReference ? (
        <Toggle label="Paper values" on={choice.overlay ?? true} set={(v) => set('overlay', v)} />
      ) : null}
      {'models' in spec && spec.models ? (
        <Toggle label="Models" on={choice.models ?? true} set={(v) => set('models', v)} />
      ) : null}
      {axes ? (
        <>
          <Toggle label="Log x" on={axes.x.scale === 'log'} set={(v) => set('xLog', v)} />
          <Toggle label="Log y" on={axes.y.scale === 'log'} set={(v) => set('yLog', v)} />
        </>
      ) : null}
      {planes !== null ? (
        <label>
          Plane z{' '}
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
      <Toggle label="Data table" on={choice.table ?? false} set={(v) => set('table', v)} />
      {present}
      <span className="spacer" />
      <FigureOptions
        theme={exports.theme}
        onTheme={exports.setTheme}
        withLink={exports.withLink}
        onWithLink={exports.setWithLink}
        linkTitle="Exports (the SVG, PNG and PDF caption, the JSON) carry the link back to this state"
      />
      <button type="button" onClick={exports.svg}>
        SVG
      </button>
      <button type="button" onClick={exports.png}>
        PNG
      </button>
      <button
        type="button"
        title="A vector PDF for LaTeX: text as text, the font embedded"
        onClick={exports.pdf}
      >
        PDF
      </button>
      <button type="button" onClick={exports.csv}>
        CSV
      </button>
      <button type="button" onClick={exports.json}>
        JSON
      </button>
      <button type="button" onClick={onEmbed}>
        Embed
      </button>
    </div>
  );
}
