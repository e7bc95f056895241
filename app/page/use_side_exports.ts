// Side by side's downloads: the comparison as JSON, and one chart both sides draw as one figure
// of both runs (SVG, PNG or PDF) with the figure's options.
import { useState } from 'react';

import type { ModelInfo } from '../engine/types';
import { download, svgToPng } from '../exports/export';
import { figureLayout } from '../exports/figure_size';
import type { Pane } from '../link/url_state';
import type { Preset } from '../presets/schema';
import { namedParams } from '../presets/param_values';
import type { Difference } from '../results/differences';
import type { FigureTheme } from '../results/figure_info';
import type { SideNames, SideRun } from '../results/side_figure';
import { sideCaption } from '../results/side_figure';
import { joinSentences } from '../i18n/join';
import { useFigureLayoutChoice } from './FigureOptions';
import type { PaneDrawn, PaneGrid } from './PaneSlot';

/** A side's run as a caption names it. */
const sideRun = (grid: PaneGrid): SideRun => ({
  preset: grid.view.preset,
  specs: grid.specs,
  params: grid.view.params,
  paperValues: grid.paperValues,
  seed: grid.view.seed,
});

/** A chart both sides draw, by its title there. */
export interface BothChart {
  id: string;
  title: string;
}

export function useSideExports({
  left,
  right,
  drawnLeft,
  drawnRight,
  presets,
  models,
  differences,
  names,
  both,
}: {
  left: Pane;
  right: Pane;
  drawnLeft: PaneDrawn;
  drawnRight: PaneDrawn;
  presets: Preset[];
  models: ModelInfo[];
  differences: Difference[];
  names: SideNames;
  both: BothChart[];
}) {
  const [figureChoice, setFigureChoice] = useState<string | null>(null);
  const figure = both.find((c) => c.id === figureChoice) ?? both[0];
  const [theme, setTheme] = useState<FigureTheme>('print');
  const [withLink, setWithLink] = useState(true);
  const layoutChoice = useFigureLayoutChoice();
  const [exportError, setExportError] = useState<string | null>(null);

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
            subject: joinSentences(caption),
          });
          download(pdf, `${filename}.pdf`, 'application/pdf');
        }
      })
      .catch((e: unknown) => setExportError(e instanceof Error ? e.message : String(e)));
  };

  return {
    figure,
    setFigureChoice,
    theme,
    setTheme,
    withLink,
    setWithLink,
    exportError,
    exportComparison,
    exportFigure,
  };
}

export type SideExports = ReturnType<typeof useSideExports>;
