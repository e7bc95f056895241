import type { ReactNode } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';
import { baselineText, presetBaseline } from '../presets/schema';
import { validationRecords } from '../presets/validation';
import { tableToCsv } from '../charts/chart_table';
import { WITHHELD } from '../results/chart_data';
import { ParamPanel } from '../ui/ParamPanel';
import { SeedField } from '../ui/SeedField';
import { TargetsElsewhere, ValidationTable } from '../ui/ValidationTable';
import { ModelBasis } from '../ui/ModelBasis';
import { changedParams, fillParams } from '../presets/param_values';
import { provenance } from '../results/figure_info';
import type { AxisOverrides } from '../chart_kinds/shared_axes';
import { ChartGrid } from './ChartGrid';
import { RunNotice, RunStatus } from './RunStatus';
import { StaleMark } from './StaleMark';
import { Readouts } from './Readouts';
import { download } from '../exports/export';
import { useShown, useWithheld } from '../tours/use_withheld';
import { PaneViewPanel } from './PaneViewPanel';
import { PHONE, useMediaQuery } from '../ui/use_media_query';
import type { PaneRun, PaneUpdate } from './use_pane_run';
import { emptyState, serializeUrlState } from '../link/url_state';
import type { Pane } from '../link/url_state';

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

const BASIS_WORD = { assumed: 'Assumed', calibrated: 'Calibrated' } as const;

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
  const {
    specs,
    paperValues,
    values,
    panelSpecs,
    seed,
    shownDrafts,
    fieldErrors,
    resets,
    setParam,
    setDraft,
    resetAll,
    run,
    pinned,
    outcome,
    view,
    drawn,
    stale,
    fieldReason,
    validation,
    pin,
  } = paneRun;
  const unused = paneRun.hidden;
  // A tour's open question holds back what would state its answer; its step may show less.
  const held = useWithheld(outcome);
  const shown = useShown();
  const hidden = shownParams
    ? new Set([...unused, ...specs.map((s) => s.name).filter((n) => !shownParams.includes(n))])
    : unused;
  // An override's reason follows the source of the value it replaces.
  const sources = Object.fromEntries(
    Object.entries(preset.params).map(([k, v]) => [
      k,
      `${v.basis ? `${BASIS_WORD[v.basis]}: ` : ''}${v.source}${
        v.override === undefined ? '' : ` (here: ${v.override})`
      }`,
    ]),
  );
  const side = placement !== 'alone';
  // Element ids the skip link and tours look for belong to the first pane only.
  const first = placement !== 'right';
  const titleId = first ? 'results-title' : 'results-title-right';
  const changed = Object.keys(pane.params).length;
  // On a phone the sidebar comes after every chart: a tour's step keeps its fields beside it.
  const phone = useMediaQuery(PHONE);
  const fieldsWithStep = Boolean(children) && shownParams !== undefined && phone && !side;

  const controls = (
    <>
      <ParamPanel
        specs={panelSpecs}
        groups={preset.groups.map((g) => ({ title: g.title, names: g.params }))}
        values={values}
        drafts={shownDrafts}
        errors={fieldErrors}
        paperValues={paperValues}
        sources={sources}
        baseline={presetBaseline(preset)}
        hidden={hidden}
        onValue={setParam}
        onDraft={setDraft}
        onReset={(name) => setParam(name, paperValues[name] ?? 0)}
        onResetAll={resetAll}
      />
      <SeedField
        key={resets}
        seed={seed}
        presetSeed={preset.seed}
        onSeed={(next) =>
          onPane(({ seed: _seed, ...p }) => (next === undefined ? p : { ...p, seed: next }))
        }
      />
    </>
  );

  return (
    <main className={side ? `view side ${placement}` : 'view'} data-pane={placement}>
      <aside className="sidebar">
        {side ? (
          <p className="side-label">{placement === 'left' ? 'Left side' : 'Right side'}</p>
        ) : null}
        <label className="preset-picker">
          <span>Experiment</span>
          <select
            value={preset.id}
            onChange={(e) => onPane((p) => ({ ...emptyState(e.target.value), pins: p.pins }))}
          >
            {presets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.machine}: {p.experiment}
              </option>
            ))}
          </select>
        </label>
        <p className="preset-description">
          {held.description
            ? `The experiment's description tells the answer to the tour's question: ${WITHHELD}.`
            : held.text(fillParams(preset.description, specs, values))}
        </p>
        {side ? (
          <details className="side-params">
            <summary>
              Parameters{changed > 0 ? ` (${changed} changed from ${baselineText(preset)})` : ''}
            </summary>
            {controls}
          </details>
        ) : fieldsWithStep ? null : (
          controls
        )}
      </aside>
      <section
        className="content"
        id={first ? 'results' : undefined}
        tabIndex={-1}
        aria-labelledby={titleId}
      >
        <div className="content-head">
          <h2 id={titleId}>{preset.title}</h2>
          {side ? null : (
            <div className="pins" role="group" aria-label="Pinned runs">
              <button
                type="button"
                onClick={pin}
                disabled={!view}
                title="Keep this run and draw it under the next ones for comparison"
              >
                Pin this run
              </button>
              {onCompare ? (
                <button
                  type="button"
                  onClick={onCompare}
                  title="Open a second copy of this experiment beside it, to change and compare"
                >
                  Side by side
                </button>
              ) : null}
              {pane.pins.map((_, i) => {
                const label = `#${i + 1} ${pinned.names[i] ?? ''}`;
                return (
                  <span key={i} className="pin">
                    {label}
                    <button
                      type="button"
                      aria-label={`Remove pin ${label}`}
                      onClick={() =>
                        onPane((p) => ({ ...p, pins: p.pins.filter((_pin, j) => j !== i) }))
                      }
                    >
                      ×
                    </button>
                  </span>
                );
              })}
            </div>
          )}
        </div>
        {children}
        {fieldsWithStep ? <div className="step-fields">{controls}</div> : null}
        {run.error && run.error.param === undefined ? (
          <p className="banner error" role="alert">
            {run.error.message}
            {/* A host that died or trapped was replaced: the same run may well go through. */}
            {run.error.kind === 'crash' || run.error.kind === 'failure' ? (
              <button type="button" onClick={run.runAnyway}>
                Run again
              </button>
            ) : null}
          </p>
        ) : null}
        {!outcome && !run.progress && fieldReason ? (
          // Nothing drawn yet (a link opened on a combination the engine refuses): the reason
          // stands where the charts would be, with the way to the field.
          <p className="banner error" role="alert" data-cannot-run>
            Cannot run: {fieldReason.text}
            {hidden.has(fieldReason.name) ? null : (
              <button
                type="button"
                onClick={() =>
                  document
                    .querySelector<HTMLElement>(`[data-param-number="${fieldReason.name}"]`)
                    ?.focus()
                }
              >
                Go to {fieldReason.label}
              </button>
            )}
          </p>
        ) : null}
        <RunNotice held={run.held} shown={outcome !== null} onRun={run.runAnyway} />
        <RunStatus
          progress={run.progress}
          timeLeft={run.timeLeft}
          onStop={run.stop}
          unwatched={engine.unwatched}
        />
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
        {preset.targetsIn ? (
          <TargetsElsewhere
            presets={preset.targetsIn.flatMap((id) => {
              const other = presets.find((p) => p.id === id);
              return other
                ? [
                    {
                      id,
                      title: other.title,
                      targets: other.reference.length,
                      href: serializeUrlState(emptyState(id)),
                    },
                  ]
                : [];
            })}
          />
        ) : null}
        {!shown.table ? null : outcome && held.outcome && validation?.length ? (
          <section className="validation" aria-labelledby="validation-title">
            <h3 id="validation-title">Model vs paper</h3>
            <p>The table states the answer to the tour&apos;s question: {WITHHELD}.</p>
          </section>
        ) : outcome && validation && validation.length > 0 ? (
          <StaleMark reason={stale}>
            <ValidationTable
              rows={validation}
              onExport={() =>
                download(
                  tableToCsv(
                    validationRecords(validation),
                    provenance({
                      preset: outcome.preset,
                      specs,
                      params: outcome.params,
                      paperValues,
                      seed: drawn.view?.seed ?? seed,
                      link: window.location.href,
                    }),
                  ),
                  `${outcome.preset.id}-model-vs-paper.csv`,
                  'text/csv',
                )
              }
              changed={Object.keys(changedParams(outcome.params, paperValues)).length > 0}
            />
          </StaleMark>
        ) : null}
        {/* A calibration names the paper's measurement it was fitted on: an outcome too. */}
        {held.outcome || !shown.basis ? null : (
          <ModelBasis preset={preset} specs={specs} paperValues={paperValues} mask={held.text} />
        )}
        <footer className="citation">
          <p>{model.description}</p>
          <p>
            Source: {preset.citation.text}, sections {preset.citation.sections}.
          </p>
        </footer>
      </section>
    </main>
  );
}
