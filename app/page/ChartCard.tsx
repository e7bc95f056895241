import { useId, useRef, useState } from 'react';

import { DataTable } from '../charts/DataTable';
import { tableToCsv } from '../charts/chart_table';
import type { ChartSpec } from '../presets/schema';
import { ChartView } from '../chart_kinds/ChartView';
import { builtChartTable, chartKind } from '../chart_kinds/registry';
import { StaleMark } from './StaleMark';
import type { BuiltChart } from '../chart_kinds/registry';
import { VIEWS } from '../views/registry';
import { openViewFocus } from '../views/ViewPanel';
import { embedSnippet } from './embed_snippet';
import { download, svgToPng } from '../exports/export';
import { figureLayout } from '../exports/figure_size';
import type { FigureTheme } from '../results/figure_info';
import { FigureOptions, useFigureLayoutChoice } from './FigureOptions';
import { copyText } from './page';
import type { ChartChoice } from '../link/url_state';

export interface ChartExportInfo {
  /** File names start with this, e.g. "multipsi-v1-comm-perf-overhead". */
  filename: string;
  /** Caption lines of an exported image: machine, parameters, citation, and the link back. */
  caption(withLink: boolean): string[];
  /** Parameters and results of the run, and the link back, for the JSON export. */
  json(withLink: boolean): unknown;
  /** Where the data come from, for the head of the CSV export (figure_info.ts provenance). */
  provenance(withLink: boolean): string[];
}

interface Props {
  spec: ChartSpec;
  chart: BuiltChart;
  choice: ChartChoice;
  onChoice(choice: ChartChoice): void;
  /** The preset has paper values to draw on this chart. */
  hasReference: boolean;
  /** Why the chart no longer matches the fields (greyed, with the reason), or null. */
  stale: string | null;
  exportInfo: ChartExportInfo;
  /** Opens the chart's trace view (spec.watch) at a point of its sweep, if it has points. */
  onWatch?(point: number | undefined): void;
  /** The sweep's points as the chart (or the one its watch names) labels them. */
  watchPoints?: string[];
  /** The point among them the chart is about, where "Watch it run" starts. */
  watchStart?: number;
  /** Shows this chart alone, full screen (presentation mode). */
  onPresent?(): void;
  /** The chart gives a tour's open question away: it is drawn (and exported) once revealed. */
  withheld?: boolean;
}

function Toggle({ label, on, set }: { label: string; on: boolean; set(on: boolean): void }) {
  return (
    <label>
      <input type="checkbox" checked={on} onChange={(e) => set(e.target.checked)} />
      {label}
    </label>
  );
}

/** One chart with its tools: paper overlay, analytical models, log axes, table, about, export and embed. */
export function ChartCard(props: Props) {
  const { spec, chart, choice, onChoice, hasReference, exportInfo, stale, onWatch } = props;
  const withheld = props.withheld === true;
  const points = props.watchPoints ?? [];
  // Until a point is picked, the one the chart is about (its run may change it).
  const [picked, setWatchPoint] = useState<number | null>(null);
  const watchPoint = picked ?? props.watchStart ?? 0;
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  // Exports are for paper and white pages unless the dark theme is chosen for them.
  const [theme, setTheme] = useState<FigureTheme>('print');
  // The link back to this state, in exports; a report may want the figure without it.
  const [withLink, setWithLink] = useState(true);
  // Read from the address when the dialog opens, so it holds every choice made by then.
  const [embedUrl, setEmbedUrl] = useState('');
  const layoutChoice = useFigureLayoutChoice();
  // The log boxes show the axes as drawn, which a preset may make logarithmic.
  const kind = chartKind(chart.kind);
  const axes = kind.logAxes?.(chart.data) ?? null;
  const planes = kind.planes?.(chart.data) ?? null;
  const table = builtChartTable(chart);
  const snippet = embedUrl ? embedSnippet(embedUrl, spec.title) : '';

  // The figure renderer (with react-dom/server) loads on the first export, not with the page.
  const svgExport = async () =>
    (await import('../exports/figure')).renderFigure({
      name: spec.id,
      title: spec.title,
      chart,
      caption: exportInfo.caption(withLink),
      theme,
      ...figureLayout(layoutChoice),
    });
  const run = (action: () => Promise<void> | void) => {
    setExportError(null);
    Promise.resolve()
      .then(action)
      .catch((e: unknown) => setExportError(e instanceof Error ? e.message : String(e)));
  };
  const set = (key: keyof ChartChoice, value: boolean) => onChoice({ ...choice, [key]: value });
  const present = props.onPresent ? (
    <button
      type="button"
      className="chart-present"
      onClick={props.onPresent}
      title="This chart alone, full screen, in large type for a projector"
    >
      Present
    </button>
  ) : null;

  return (
    <figure className="chart-card" data-chart-card={spec.id} aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{spec.title}</figcaption>
      {/* A chart held for a tour's question has nothing to set or export until it is drawn;
          it is presented all the same, the question projected before the class predicts. */}
      {withheld ? (
        present ? (
          <div className="chart-tools" role="toolbar" aria-label={`${spec.title}: tools`}>
            {present}
          </div>
        ) : null
      ) : (
        <div className="chart-tools" role="toolbar" aria-label={`${spec.title}: tools`}>
          {hasReference ? (
            <Toggle
              label="Paper values"
              on={choice.overlay ?? true}
              set={(v) => set('overlay', v)}
            />
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
            theme={theme}
            onTheme={setTheme}
            withLink={withLink}
            onWithLink={setWithLink}
            linkTitle="Exports (the SVG, PNG and PDF caption, the JSON) carry the link back to this state"
          />
          <button
            type="button"
            onClick={() =>
              run(async () =>
                download((await svgExport()).text, `${exportInfo.filename}.svg`, 'image/svg+xml'),
              )
            }
          >
            SVG
          </button>
          <button
            type="button"
            onClick={() =>
              run(async () =>
                download(
                  await svgToPng(await svgExport()),
                  `${exportInfo.filename}.png`,
                  'image/png',
                ),
              )
            }
          >
            PNG
          </button>
          <button
            type="button"
            title="A vector PDF for LaTeX: text as text, the font embedded"
            onClick={() =>
              run(async () => {
                // PDFKit and the font files load on the first PDF, not with the page.
                const { figurePdfBlob } = await import('../exports/pdf_export');
                const caption = exportInfo.caption(withLink);
                download(
                  await figurePdfBlob(await svgExport(), {
                    title: spec.title,
                    subject: caption.join(' '),
                  }),
                  `${exportInfo.filename}.pdf`,
                  'application/pdf',
                );
              })
            }
          >
            PDF
          </button>
          <button
            type="button"
            onClick={() =>
              run(() =>
                download(
                  tableToCsv(table, exportInfo.provenance(withLink)),
                  `${exportInfo.filename}.csv`,
                  'text/csv',
                ),
              )
            }
          >
            CSV
          </button>
          <button
            type="button"
            onClick={() =>
              run(() =>
                download(
                  `${JSON.stringify(exportInfo.json(withLink), null, 2)}\n`,
                  `${exportInfo.filename}.json`,
                  'application/json',
                ),
              )
            }
          >
            JSON
          </button>
          <button
            type="button"
            onClick={() => {
              const { search, href } = window.location;
              setEmbedUrl(new URL(`embed.html${search}&chart=${spec.id}`, href).href);
              dialog.current?.showModal();
            }}
          >
            Embed
          </button>
        </div>
      )}
      {spec.watch && onWatch && !withheld ? (
        <div className="chart-watch" role="group" aria-label={`${spec.title}: watch it run`}>
          <span>Watch it run:</span>
          {points.length > 0 ? (
            <select
              aria-label="Point to watch"
              value={Math.min(watchPoint, points.length - 1)}
              onChange={(e) => setWatchPoint(Number(e.target.value))}
            >
              {points.map((label, i) => (
                <option key={i} value={i}>
                  {label}
                </option>
              ))}
            </select>
          ) : null}
          <button
            type="button"
            onClick={(e) => {
              openViewFocus(e.currentTarget);
              onWatch(points.length > 0 ? Math.min(watchPoint, points.length - 1) : undefined);
            }}
          >
            Open the {VIEWS[spec.watch.view].title.toLowerCase()}
          </button>
        </div>
      ) : null}
      {exportError ? (
        <p className="banner error" role="alert">
          Export failed: {exportError}
        </p>
      ) : null}
      <StaleMark reason={stale}>
        <div className="chart-frame">
          {withheld ? (
            <p className="chart-withheld">
              Predict first: this chart is drawn when you reveal your answer to the tour&apos;s
              question.
            </p>
          ) : (
            <ChartView name={spec.id} title={spec.title} chart={chart} />
          )}
        </div>
      </StaleMark>
      {choice.table && !withheld ? (
        <DataTable table={table} caption={`${spec.title}: data`} />
      ) : null}
      <details className="about">
        <summary>About this chart</summary>
        <dl>
          <dt>What is plotted</dt>
          <dd>{spec.about.what}</dd>
          <dt>Formula or mechanism</dt>
          <dd>{spec.about.mechanism}</dd>
          <dt>Source</dt>
          <dd>{spec.about.citation}</dd>
        </dl>
      </details>
      <dialog
        ref={dialog}
        className="embed-dialog"
        aria-labelledby={`${id}-embed`}
        onClose={() => setCopied(false)}
      >
        <h3 id={`${id}-embed`}>Embed this chart</h3>
        <p>
          The page shows this chart only, with these parameters, and links back to the explorer.
        </p>
        <textarea
          readOnly
          value={snippet}
          rows={6}
          aria-label="Embed code"
          onFocus={(e) => e.target.select()}
        />
        <p>
          <a href={embedUrl} target="_blank" rel="noreferrer">
            Open the embed page
          </a>
        </p>
        <div className="dialog-buttons">
          <button
            type="button"
            onClick={() =>
              void copyText(snippet).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Copied' : 'Copy code'}
          </button>
          <button type="button" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </dialog>
    </figure>
  );
}
