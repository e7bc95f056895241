// Two states on one page: the link's first pane on the left, its `layout.right` on the right,
// each with its own run; charts both draw share their axes where their quantities match, and
// what differs between the two is listed above them, in the link and in the export. A chart both
// draw is also one figure of both runs (side_figure.ts), presented or exported as SVG and PNG;
// with the panes stacked (a phone), each chart's two versions are drawn together.
import type { ReactNode } from 'react';
import { useCallback, useContext, useMemo, useState } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';
import { fillParams, namedParams } from '../presets/param_values';
import { SIDES_STACKED, useMediaQuery } from '../ui/use_media_query';
import type { ChartRun } from '../results/chart_builder';
import { ChartGrid } from './ChartGrid';
import { OpenQuestion, PaneSide } from '../tours/use_withheld';
import { answersQuestion } from '../tours/withhold';
import { ChartView } from '../chart_kinds/ChartView';
import type { Difference } from '../results/differences';
import { differenceNames, paneDifferences } from '../results/differences';
import { download, svgToPng } from '../exports/export';
import { figureLayout } from '../exports/figure_size';
import type { FigureTheme } from '../results/figure_info';
import { FigureOptions, useFigureLayoutChoice } from './FigureOptions';
import type { PaneDrawn, PaneGrid } from './PaneSlot';
import { PaneSlot } from './PaneSlot';
import { PresentationFrame } from './Presentation';
import type { AxisOverrides } from '../chart_kinds/shared_axes';
import { shareAxes, sharedAxes } from '../chart_kinds/shared_axes';
import type { SideNames, SideRun } from '../results/side_figure';
import { sideCaption } from '../results/side_figure';
import { mergeSides } from '../chart_kinds/registry';
import type { Pane, Presentation as PresentationLink, UrlState } from '../link/url_state';
import { firstPane, pageLayout, withFirstPane, withPageLayout } from '../link/url_state';

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

/** A side's run as a caption names it. */
const sideRun = (grid: PaneGrid): SideRun => ({
  preset: grid.view.preset,
  specs: grid.specs,
  params: grid.view.params,
  paperValues: grid.paperValues,
  seed: grid.view.seed,
});

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

function DifferencesTable({ differences }: { differences: Difference[] }) {
  return (
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
  );
}

/** Both sides' chart `id` as one figure: one plot of both runs, else the two charts beside. */
function SideFigure({
  id,
  title,
  left,
  right,
  names,
  axes,
}: {
  id: string;
  title: string;
  left: PaneDrawn;
  right: PaneDrawn;
  names: SideNames;
  axes: AxisOverrides;
}) {
  const [a, b] = [left.charts.get(id), right.charts.get(id)];
  if (!a || !b) return <p className="banner">Running both sides…</p>;
  const merged = mergeSides(a, b, names);
  const shared = (chart: typeof a) => (axes[id] ? shareAxes(chart, axes[id]) : chart);
  return (
    <figure className="chart-card side-figure" data-side-figure={id}>
      <figcaption>{title}</figcaption>
      {merged ? (
        <ChartView name={id} title={title} chart={merged} />
      ) : (
        <div className="side-figure-pair">
          {(['left', 'right'] as const).map((side) => (
            <div key={side}>
              <p className="side-name">{names[side]}</p>
              <ChartView
                name={`${id}-${side}`}
                title={`${title}: ${names[side]}`}
                chart={shared(side === 'left' ? a : b)}
              />
            </div>
          ))}
        </div>
      )}
    </figure>
  );
}

export function SideBySide(props: Props) {
  const { engine, models, presets, state, right, onState, present, onPresent } = props;
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
  const names = differenceNames(differences) ?? { left: 'Left', right: 'Right' };
  const stacked = useMediaQuery(SIDES_STACKED);
  // The charts both sides draw, in the left side's order, by their titles there.
  const both = [...drawnLeft.charts.keys()]
    .filter((id) => drawnRight.charts.has(id))
    .map((id) => ({ id, title: sidesTitle(id, drawnLeft.grid, drawnRight.grid) }));
  const [figureChoice, setFigureChoice] = useState<string | null>(null);
  const figure = both.find((c) => c.id === figureChoice) ?? both[0];
  const [theme, setTheme] = useState<FigureTheme>('print');
  const [withLink, setWithLink] = useState(true);
  const layoutChoice = useFigureLayoutChoice();
  const [exportError, setExportError] = useState<string | null>(null);

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

  // The figure renderer (with react-dom/server) loads on the first export, not with the page.
  // The caption comes too: a PDF carries it as its subject.
  const figureExport = async () => {
    const [a, b] = figure
      ? [drawnLeft.charts.get(figure.id), drawnRight.charts.get(figure.id)]
      : [];
    if (!figure || !a || !b || !drawnLeft.grid || !drawnRight.grid) {
      throw new Error('both sides must have run first');
    }
    const runs = { left: sideRun(drawnLeft.grid), right: sideRun(drawnRight.grid) };
    const link = withLink ? window.location.href : null;
    const caption = sideCaption(figure.id, runs, names, link);
    const file = await (
      await import('../exports/side_export')
    ).renderSideFigure({
      name: figure.id,
      title: figure.title,
      left: a,
      right: b,
      names,
      caption,
      theme,
      ...figureLayout(layoutChoice),
    });
    return { file, caption };
  };
  const exportFigure = (format: 'svg' | 'png' | 'pdf') => {
    setExportError(null);
    const filename = `${left.presetId}-vs-${right.presetId}-${figure?.id ?? ''}`;
    figureExport()
      .then(async ({ file, caption }) => {
        if (format === 'png') download(await svgToPng(file), `${filename}.png`, 'image/png');
        else if (format === 'svg') download(file.text, `${filename}.svg`, 'image/svg+xml');
        else {
          // PDFKit and the font files load on the first PDF, not with the page.
          const { figurePdfBlob } = await import('../exports/pdf_export');
          const pdf = await figurePdfBlob(file, {
            title: figure?.title ?? filename,
            subject: caption.join(' '),
          });
          download(pdf, `${filename}.pdf`, 'application/pdf');
        }
      })
      .catch((e: unknown) => setExportError(e instanceof Error ? e.message : String(e)));
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
        chartsElsewhere={stacked}
        headless={present !== undefined}
        shownParams={props.shownParams?.filter((n) => model.params.some((p) => p.name === n))}
      />
    );
  };

  // Stacked, each chart's left and right versions go together, named by what differs.
  const pairs = [
    ...drawnLeft.charts.keys(),
    ...[...drawnRight.charts.keys()].filter((id) => !drawnLeft.charts.has(id)),
  ];
  const pairSide = (id: string, side: 'left' | 'right') => {
    const drawn = side === 'left' ? drawnLeft : drawnRight;
    if (!drawn.grid || !drawn.charts.has(id)) return null;
    return (
      <div data-side={side}>
        <p className="side-name">
          {side === 'left' ? 'Left' : 'Right'}: {names[side]}
        </p>
        <PaneSide.Provider value={side === 'left' ? 'first' : 'right'}>
          <ChartGrid
            {...drawn.grid}
            axes={axes}
            only={id}
            label={`${side === 'left' ? 'Left' : 'Right'} side's chart`}
          />
        </PaneSide.Provider>
      </div>
    );
  };

  // A tour's open question: one figure of both runs would show what each side holds back.
  const heldFigure = 'One figure of both runs: once the tour’s question is revealed';
  const context = !question
    ? null
    : !answersQuestion(question, 'first')
      ? 'left'
      : !answersQuestion(question, 'right')
        ? 'right'
        : null;
  const presented = both.find((c) => c.id === present?.chart) ?? both[0];
  const sameExperiment = left.presetId === right.presetId;
  const title = `Side by side: ${
    sameExperiment
      ? (drawnLeft.grid?.view.preset.title ?? '')
      : `${drawnLeft.grid?.view.preset.title ?? ''} and ${drawnRight.grid?.view.preset.title ?? ''}`
  }`;

  return (
    <div className={present ? 'side-by-side presenting' : 'side-by-side'}>
      {present ? (
        <PresentationFrame
          title={title}
          charts={both}
          shown={presented?.id}
          onChart={onPresent}
          view={false}
          // With a tour beside the figure, the arrows step the tour.
          arrows={!props.tour}
          aside={
            <>
              {props.tour?.(drawnLeft.outcome, drawnRight.outcome)}
              {differences.length > 0 ? (
                <DifferencesTable differences={differences} />
              ) : (
                <p>The two sides are the same run.</p>
              )}
            </>
          }
        >
          {question && context && presented ? (
            // The side that does not answer the open question is the context it builds on.
            pairSide(presented.id, context)
          ) : question ? (
            <p className="banner">{heldFigure}.</p>
          ) : presented ? (
            <SideFigure
              id={presented.id}
              title={presented.title}
              left={drawnLeft}
              right={drawnRight}
              names={names}
              axes={axes}
            />
          ) : (
            <p className="banner">Running both sides…</p>
          )}
        </PresentationFrame>
      ) : (
        <>
          {props.tour?.(drawnLeft.outcome, drawnRight.outcome)}
          <section className="side-head" aria-label="Side by side">
            <h2>Side by side</h2>
            {differences.length === 0 ? (
              <p>The two sides are the same run: change a parameter on either side.</p>
            ) : (
              <DifferencesTable differences={differences} />
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
              {/* A tour's step sets both sides: its words and question read them. */}
              {state.layout?.kind === 'tour' ? null : (
                <>
                  <button type="button" onClick={() => keep(left)}>
                    Keep the left only
                  </button>
                  <button type="button" onClick={() => keep(right)}>
                    Keep the right only
                  </button>
                </>
              )}
            </div>
            {question ? (
              <p className="side-tools">{heldFigure} (it would show the answer).</p>
            ) : (
              <div className="side-tools" role="group" aria-label="Both runs in one figure">
                <label>
                  One figure of both runs:{' '}
                  <select
                    value={figure?.id ?? ''}
                    disabled={!figure}
                    onChange={(e) => setFigureChoice(e.target.value)}
                  >
                    {both.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.title}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="button"
                  disabled={!figure}
                  onClick={() => figure && onPresent(figure.id)}
                  title="Both runs on one chart, full screen, in large type for a projector"
                >
                  Present
                </button>
                <FigureOptions
                  theme={theme}
                  onTheme={setTheme}
                  withLink={withLink}
                  onWithLink={setWithLink}
                  linkTitle="The figure's caption carries the link back to this comparison"
                />
                <button type="button" disabled={!figure} onClick={() => exportFigure('svg')}>
                  SVG
                </button>
                <button type="button" disabled={!figure} onClick={() => exportFigure('png')}>
                  PNG
                </button>
                <button type="button" disabled={!figure} onClick={() => exportFigure('pdf')}>
                  PDF
                </button>
              </div>
            )}
            {exportError ? (
              <p className="banner error" role="alert">
                Export failed: {exportError}
              </p>
            ) : null}
          </section>
          {stacked ? (
            <div className="side-pairs">
              {pairs.map((id) => (
                <section
                  key={id}
                  className="side-pair"
                  data-side-pair={id}
                  aria-label={`Both sides: ${
                    drawnLeft.grid?.view.preset.charts.find((c) => c.id === id)?.title ?? id
                  }`}
                >
                  {pairSide(id, 'left')}
                  {pairSide(id, 'right')}
                </section>
              ))}
            </div>
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
