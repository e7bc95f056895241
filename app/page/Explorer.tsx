import type { ReactNode } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import { Rich } from '../i18n/Rich';
import type { Preset } from '../presets/schema';
import { ModelBasis } from '../ui/ModelBasis';
import type { AxisOverrides } from '../chart_kinds/shared_axes';
import { ChartGrid } from './ChartGrid';
import { Readouts } from './Readouts';
import { useShown, useWithheld } from '../tours/use_withheld';
import { PaneViewPanel } from './PaneViewPanel';
import { PHONE, useMediaQuery } from '../ui/use_media_query';
import type { PaneRun, PaneUpdate } from './use_pane_run';
import type { Pane } from '../link/url_state';
import { PaneControls } from './PaneControls';
import { PaneSidebar } from './PaneSidebar';
import { PaneValidation } from './PaneValidation';
import { PinsBar } from './PinsBar';
import { RunBanners } from './RunBanners';
import './explorer.css';

interface Props {
  engine: Engine;
  presets: Preset[];
  preset: Preset;
  model: ModelInfo;
  pane: Pane;
  onPane: PaneUpdate;
  /** The pane's run (`usePaneRun`), owned by whoever lays the page out. */
  run: PaneRun;
  /** Where the pane sits: alone on the page, or one of two side by side (a narrower layout
   * that folds its parameters away and keeps no pins). */
  placement?: 'alone' | 'left' | 'right';
  /** A tour step's choice: the only parameters shown; absent: all. */
  shownParams?: string[];
  /** Axis ends shared with the pane beside this one, by chart id. */
  axes?: AxisOverrides;
  /** The charts are drawn outside the pane (side by side on a phone, chart by chart). */
  chartsElsewhere?: boolean;
  /** Above the charts: a tour's step, a side's differences. */
  children?: ReactNode;
  /** Puts this pane beside a copy of itself (absent: no button). */
  onCompare?(): void;
  /** Shows one chart full screen (absent: no button). */
  onPresent?(chart: string): void;
}

/** One preset explored: its parameters, its charts drawn live from the engine, and its pins. */
export function Explorer({
  engine,
  presets,
  preset,
  model,
  pane,
  onPane,
  run: paneRun,
  placement = 'alone',
  shownParams,
  axes,
  chartsElsewhere,
  children,
  onCompare,
  onPresent,
}: Props) {
  const { specs, paperValues, values, pinned, outcome, view, drawn, stale } = paneRun;
  const unused = paneRun.hidden;
  // A tour's open question holds back what would state its answer; its step may show less.
  const held = useWithheld(outcome);
  const shown = useShown();
  const hidden = shownParams
    ? new Set([...unused, ...specs.map((s) => s.name).filter((n) => !shownParams.includes(n))])
    : unused;
  const side = placement !== 'alone';
  // Element ids the skip link and tours look for belong to the first pane only.
  const first = placement !== 'right';
  const titleId = first ? 'results-title' : 'results-title-right';
  // On a phone the sidebar comes after every chart: a tour's step keeps its fields beside it.
  const phone = useMediaQuery(PHONE);
  const fieldsWithStep = Boolean(children) && shownParams !== undefined && phone && !side;

  const controls = (
    <PaneControls
      preset={preset}
      run={paneRun}
      hidden={hidden}
      calibrationsHeld={held.outcome}
      onPane={onPane}
    />
  );

  return (
    <main className={side ? `view side ${placement}` : 'view'} data-pane={placement}>
      <PaneSidebar
        placement={placement}
        preset={preset}
        presets={presets}
        specs={specs}
        values={values}
        changed={Object.keys(pane.params).length}
        held={held}
        controls={fieldsWithStep ? null : controls}
        onPane={onPane}
      />
      <section
        className="content"
        id={first ? 'results' : undefined}
        tabIndex={-1}
        aria-labelledby={titleId}
      >
        <div className="content-head">
          <h2 id={titleId}>{preset.title}</h2>
          {side ? null : (
            <PinsBar
              pins={pane.pins}
              names={pinned.names}
              canPin={Boolean(view)}
              onPin={paneRun.pin}
              onCompare={onCompare}
              onPane={onPane}
            />
          )}
        </div>
        {children}
        {fieldsWithStep ? <div className="step-fields">{controls}</div> : null}
        <RunBanners engine={engine} paneRun={paneRun} hidden={hidden} />
        {outcome ? <Readouts outcome={outcome} stale={stale} /> : null}
        {held.outcome ? null : (
          <PaneViewPanel engine={engine} model={model} pane={pane} onPane={onPane} run={paneRun} />
        )}
        {drawn.view && !chartsElsewhere ? (
          <ChartGrid
            view={drawn.view}
            model={model.name}
            specs={specs}
            choices={pane.charts}
            pins={drawn.pins}
            paperValues={paperValues}
            stale={stale}
            onPane={onPane}
            axes={axes}
            id={first ? 'charts' : undefined}
            onPresent={onPresent}
          />
        ) : null}
        <PaneValidation
          preset={preset}
          presets={presets}
          paneRun={paneRun}
          withheld={held.outcome}
          shown={shown.table}
        />
        {/* A calibration names the paper's measurement it was fitted on: an outcome too. */}
        {held.outcome || !shown.basis ? null : (
          <ModelBasis preset={preset} specs={specs} paperValues={paperValues} mask={held.text} />
        )}
        <footer className="citation">
          <p>{model.description}</p>
          <p>
            <Rich
              k="explorer:footer.source"
              parts={{
                citation: <span translate="no">{preset.citation.text}</span>,
                sections: <span translate="no">{preset.citation.sections}</span>,
              }}
            />
          </p>
        </footer>
      </section>
    </main>
  );
}
