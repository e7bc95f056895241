// A chart card's exports: the figure (SVG, PNG, PDF) with its options, the data (CSV, JSON), and
// the error of the last one that failed.
import { useState } from 'react';

import type { ChartTable } from '../results/chart_data';
import { tableToCsv } from '../charts/chart_table';
import type { BuiltChart } from '../chart_kinds/registry';
import { download, svgToPng } from '../exports/export';
import { figureWithMadeBy, pdfMadeBy } from '../exports/figure_made_by';
import { figureLayout } from '../exports/figure_size';
import { madeByWords } from '../engine/engine_build';
import { pageMadeBy } from '../engine/page_build';
import type { ChartSpec } from '../presets/schema';
import type { FigureTheme } from '../results/figure_info';
import { joinSentences } from '../i18n/join';
import { useFigureLayoutChoice } from './FigureOptions';

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

/** A JSON export with what made it, where the page knows. */
const withMadeBy = (json: unknown) =>
  pageMadeBy ? { ...(json as object), made_by: pageMadeBy } : json;

export function useChartExports(
  spec: ChartSpec,
  chart: BuiltChart,
  table: ChartTable,
  exportInfo: ChartExportInfo,
) {
  const [exportError, setExportError] = useState<string | null>(null);
  // Exports are for paper and white pages unless the dark theme is chosen for them.
  const [theme, setTheme] = useState<FigureTheme>('print');
  // The link back to this state, in exports; a report may want the figure without it.
  const [withLink, setWithLink] = useState(true);
  const layoutChoice = useFigureLayoutChoice();

  // The figure renderer (with react-dom/server) loads on the first export, not with the page.
  const svgExport = async () => {
    const figure = (await import('../exports/figure')).renderFigure({
      name: spec.id,
      title: spec.title,
      chart,
      caption: exportInfo.caption(withLink),
      theme,
      ...figureLayout(layoutChoice),
    });
    return pageMadeBy ? figureWithMadeBy(figure, pageMadeBy) : figure;
  };
  const run = (action: () => Promise<void> | void) => {
    setExportError(null);
    Promise.resolve()
      .then(action)
      .catch((e: unknown) => setExportError(e instanceof Error ? e.message : String(e)));
  };
  const { filename } = exportInfo;
  return {
    exportError,
    theme,
    setTheme,
    withLink,
    setWithLink,
    svg: () =>
      run(async () => download((await svgExport()).text, `${filename}.svg`, 'image/svg+xml')),
    png: () =>
      run(async () => download(await svgToPng(await svgExport()), `${filename}.png`, 'image/png')),
    pdf: () =>
      run(async () => {
        // PDFKit and the font files load on the first PDF, not with the page.
        const { figurePdfBlob } = await import('../exports/pdf_export');
        const caption = exportInfo.caption(withLink);
        download(
          await figurePdfBlob(await svgExport(), {
            title: spec.title,
            subject: joinSentences(caption),
            ...(pageMadeBy ? pdfMadeBy(pageMadeBy, undefined) : {}),
          }),
          `${filename}.pdf`,
          'application/pdf',
        );
      }),
    csv: () =>
      run(() =>
        download(
          tableToCsv(table, [
            ...(pageMadeBy ? [madeByWords(pageMadeBy)] : []),
            ...exportInfo.provenance(withLink),
          ]),
          `${filename}.csv`,
          'text/csv',
        ),
      ),
    json: () =>
      run(() =>
        download(
          `${JSON.stringify(withMadeBy(exportInfo.json(withLink)), null, 2)}\n`,
          `${filename}.json`,
          'application/json',
        ),
      ),
  };
}

export type ChartExports = ReturnType<typeof useChartExports>;
