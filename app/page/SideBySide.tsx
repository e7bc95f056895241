// Two states on one page: the link's first pane on the left, its `layout.right` on the right,
// each with its own run; charts both draw share their axes where their quantities match, and
// what differs between the two is listed above them, in the link and in the export. A chart both
// draw is also one figure of both runs (side_figure.ts), presented or exported as SVG and PNG;
// with the panes stacked (a phone), each chart's two versions are drawn together.
import { useT } from '../i18n/i18n';
import type { ReactNode } from 'react';
import { useCallback, useContext, useMemo, useState } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';
import { fillParams } from '../presets/param_values';
import { SIDES_STACKED, useMediaQuery } from '../ui/use_media_query';
import type { ChartRun } from '../results/chart_builder';
import { OpenQuestion } from '../tours/use_withheld';
import { answersQuestion } from '../tours/withhold';
import { differenceNames, paneDifferences } from '../results/differences';
import type { PaneDrawn, PaneGrid } from './PaneSlot';
import { PaneSlot } from './PaneSlot';
import { sharedAxes } from '../chart_kinds/shared_axes';
import type { Pane, Presentation as PresentationLink, UrlState } from '../link/url_state';
import { firstPane, pageLayout, withFirstPane, withPageLayout } from '../link/url_state';
import { SideHead } from './SideHead';
import { SidePairs } from './SideFigure';
import { SidePresented } from './SidePresented';
import { useSideExports } from './use_side_exports';
import './side_by_side.css';

interface Props {
  engine: Engine;
  models: ModelInfo[];
  presets: Preset[];
  state: UrlState;
  right: Pane;
  onState(update: (state: UrlState) => UrlState): void;
  /** Both runs presented as one figure, chart by chart. */
  present?: PresentationLink;
  /** A chart to present, or null to leave presentation mode. */
  onPresent(chart: string | null): void;
  /** The parameters each side shows (a tour's step); absent: all. */
  shownParams?: string[];
  /** A tour's step above both sides, given each side's latest complete run. */
  tour?(left: ChartRun | null, right: ChartRun | null): ReactNode;
}

const EMPTY: PaneDrawn = { charts: new Map(), outcome: null, grid: null };

/**
 * A chart's title as both sides' runs write it ({param.x} filled); where their parameters write it
 * differently (PIE64's breakdown of 1-word and of 16-word messages), both.
 */
function sidesTitle(id: string, left: PaneGrid | null, right: PaneGrid | null): string {
  const titles = [left, right].map((grid) => {
    const spec = grid?.view.preset.charts.find((c) => c.id === id);
    return spec && grid ? fillParams(spec.title, grid.specs, grid.view.params) : id;
  });
  return titles[0] === titles[1] ? titles[0]! : titles.join(' / ');
}

export function SideBySide(props: Props) {
  const { engine, models, presets, state, right, onState, present, onPresent } = props;
  const t = useT('explorer');
  const left = firstPane(state);
  const [drawnLeft, setDrawnLeft] = useState<PaneDrawn>(EMPTY);
  const [drawnRight, setDrawnRight] = useState<PaneDrawn>(EMPTY);
  // A tour's open question holds a side's outcomes: axes shared with it would draw its range.
  const question = useContext(OpenQuestion);
  const axes = useMemo(
    () => (question ? {} : sharedAxes(drawnLeft.charts, drawnRight.charts)),
    [question, drawnLeft.charts, drawnRight.charts],
  );
  const differences = paneDifferences(left, right, presets, models);
  const names = differenceNames(differences) ?? {
    left: t('side.name', { side: 'left' }),
    right: t('side.name', { side: 'right' }),
  };
  const stacked = useMediaQuery(SIDES_STACKED);
  // The charts both sides draw, in the left side's order, by their titles there.
  const both = [...drawnLeft.charts.keys()]
    .filter((id) => drawnRight.charts.has(id))
    .map((id) => ({ id, title: sidesTitle(id, drawnLeft.grid, drawnRight.grid) }));
  const exports = useSideExports({
    left,
    right,
    drawnLeft,
    drawnRight,
    presets,
    models,
    differences,
    names,
    both,
  });

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
        chartsElsewhere={stacked}
        headless={present !== undefined}
        shownParams={props.shownParams?.filter((n) => model.params.some((p) => p.name === n))}
      />
    );
  };

  // A tour's open question: one figure of both runs would show what each side holds back.
  const context = !question
    ? null
    : !answersQuestion(question, 'first')
      ? 'left'
      : !answersQuestion(question, 'right')
        ? 'right'
        : null;
  const presented = both.find((c) => c.id === present?.chart) ?? both[0];
  const sameExperiment = left.presetId === right.presetId;
  const title = sameExperiment
    ? t('side.titleOne', { title: drawnLeft.grid?.view.preset.title ?? '' })
    : t('side.titleTwo', {
        left: drawnLeft.grid?.view.preset.title ?? '',
        right: drawnRight.grid?.view.preset.title ?? '',
      });

  return (
    <div className={present ? 'side-by-side presenting' : 'side-by-side'}>
      {present ? (
        <SidePresented
          title={title}
          both={both}
          presented={presented}
          onPresent={onPresent}
          tour={props.tour?.(drawnLeft.outcome, drawnRight.outcome)}
          differences={differences}
          held={question !== null}
          context={context}
          left={drawnLeft}
          right={drawnRight}
          names={names}
          axes={axes}
        />
      ) : (
        <>
          {props.tour?.(drawnLeft.outcome, drawnRight.outcome)}
          <SideHead
            differences={differences}
            ran={!!drawnLeft.outcome && !!drawnRight.outcome}
            // A tour's step sets both sides: its words and question read them.
            onKeep={
              state.layout?.kind === 'tour'
                ? undefined
                : (side) => keep(side === 'left' ? left : right)
            }
            held={question !== null}
            both={both}
            exports={exports}
            onPresent={onPresent}
          />
          {stacked ? (
            <SidePairs left={drawnLeft} right={drawnRight} names={names} axes={axes} />
          ) : null}
        </>
      )}
      <div className="side-panes">
        {slot(left, 'left')}
        {slot(right, 'right')}
      </div>
    </div>
  );
}
