// Two states on one page: the link's first pane on the left, its `layout.right` on the right,
// each with its own run; charts both draw share their axes where their quantities match, and
// what differs between the two is listed above them, in the link and in the export.
import type { ReactNode } from 'react';
import { useCallback, useMemo, useState } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';
import { namedParams } from '../presets/param_values';
import { download } from './export';
import { paneDifferences } from './differences';
import type { PaneDrawn } from './PaneSlot';
import { PaneSlot } from './PaneSlot';
import { sharedAxes } from './shared_axes';
import type { ChartRun } from './ChartGrid';
import type { Pane, UrlState } from './url_state';
import { firstPane, pageLayout, withFirstPane, withPageLayout } from './url_state';

interface Props {
  engine: Engine;
  models: ModelInfo[];
  presets: Preset[];
  state: UrlState;
  right: Pane;
  onState(update: (state: UrlState) => UrlState): void;
  /** The parameters each side shows (a tour's step); absent: all. */
  shownParams?: string[];
  /** A tour's step above both sides, given each side's latest complete run. */
  tour?(left: ChartRun | null, right: ChartRun | null): ReactNode;
}

const EMPTY: PaneDrawn = { charts: new Map(), outcome: null };

export function SideBySide(props: Props) {
  const { engine, models, presets, state, right, onState } = props;
  const left = firstPane(state);
  const [drawnLeft, setDrawnLeft] = useState<PaneDrawn>(EMPTY);
  const [drawnRight, setDrawnRight] = useState<PaneDrawn>(EMPTY);
  const axes = useMemo(
    () => sharedAxes(drawnLeft.charts, drawnRight.charts),
    [drawnLeft.charts, drawnRight.charts],
  );
  const differences = paneDifferences(left, right, presets, models);

  const onLeft = useCallback(
    (update: (pane: Pane) => Pane) => onState((s) => withFirstPane(s, update(firstPane(s)))),
    [onState],
  );
  // The right pane is the page's layout, or the one a tour's step opened.
  const onRight = useCallback(
    (update: (pane: Pane) => Pane) =>
      onState((s) => {
        const page = pageLayout(s.layout);
        return page?.kind === 'side'
          ? withPageLayout(s, { kind: 'side', right: update(page.right) })
          : s;
      }),
    [onState],
  );
  const keep = (pane: Pane) =>
    onState((s) => withFirstPane(withPageLayout(s, undefined), { ...pane, pins: s.pins }));

  const exportComparison = () => {
    const side = (pane: Pane, drawn: PaneDrawn) => {
      const preset = presets.find((p) => p.id === pane.presetId);
      const model = models.find((m) => m.name === preset?.model);
      return {
        preset: pane.presetId,
        model: model?.name,
        seed: drawn.outcome?.seed,
        params: drawn.outcome && model ? namedParams(model.params, drawn.outcome.params) : null,
        results: drawn.outcome?.result ?? null,
      };
    };
    download(
      JSON.stringify(
        {
          link: window.location.href,
          differences,
          left: side(left, drawnLeft),
          right: side(right, drawnRight),
        },
        null,
        2,
      ),
      `${left.presetId}-vs-${right.presetId}.json`,
      'application/json',
    );
  };

  const slot = (pane: Pane, placement: 'left' | 'right') => {
    const preset = presets.find((p) => p.id === pane.presetId);
    const model = models.find((m) => m.name === preset?.model);
    if (!preset || !model) return null;
    return (
      <PaneSlot
        key={`${placement}:${preset.id}`}
        engine={engine}
        models={models}
        presets={presets}
        preset={preset}
        model={model}
        pane={pane}
        onPane={placement === 'left' ? onLeft : onRight}
        placement={placement}
        axes={axes}
        onDrawn={placement === 'left' ? setDrawnLeft : setDrawnRight}
        shownParams={props.shownParams?.filter((n) => model.params.some((p) => p.name === n))}
      />
    );
  };

  return (
    <div className="side-by-side">
      {props.tour?.(drawnLeft.outcome, drawnRight.outcome)}
      <section className="side-head" aria-label="Side by side">
        <h2>Side by side</h2>
        {differences.length === 0 ? (
          <p>The two sides are the same run: change a parameter on either side.</p>
        ) : (
          <table className="differences">
            <caption>What differs</caption>
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col">Left</th>
                <th scope="col">Right</th>
              </tr>
            </thead>
            <tbody>
              {differences.map((d) => (
                <tr key={d.name} data-difference={d.name}>
                  <th scope="row">{d.label}</th>
                  <td>{d.left}</td>
                  <td>{d.right}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="side-note">
          Charts both sides draw share their axes where they measure the same quantity.
        </p>
        <div className="side-tools">
          <button
            type="button"
            onClick={exportComparison}
            disabled={!drawnLeft.outcome || !drawnRight.outcome}
          >
            Download the comparison (JSON)
          </button>
          <button type="button" onClick={() => keep(left)}>
            Keep the left only
          </button>
          <button type="button" onClick={() => keep(right)}>
            Keep the right only
          </button>
        </div>
      </section>
      <div className="side-panes">
        {slot(left, 'left')}
        {slot(right, 'right')}
      </div>
    </div>
  );
}
