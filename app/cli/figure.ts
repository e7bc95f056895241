// `cli figure`: a preset's charts as report figures (SVG, PNG, PDF, CSV) from the same chart
// renderer as the browser's exports, with a link back to the same state in the explorer.
import type { ResvgRenderOptions } from '@resvg/resvg-js';
import { Resvg } from '@resvg/resvg-js';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';

import { tableToCsv } from '../charts/chart_table';
import type { Engine, RunProgress } from '../engine/engine';
import type { MadeBy } from '../engine/engine_build';
import type { ModelInfo, Params } from '../engine/types';
import type { ChartSpec, Preset } from '../presets/schema';
import { presetParams, shownCharts } from '../presets/schema';
import { buildChart, builtChartTable } from '../chart_kinds/registry';
import { chartOptions } from '../results/chart_builder';
import type { Figure } from '../exports/figure';
import { renderFigure } from '../exports/figure';
import type { FigureParts, PaperSize } from '../exports/figure_size';
import {
  DEFAULT_FONT_PT,
  DPI_RANGE,
  FONT_RANGE,
  PAPER_DPI,
  PAPER_WIDTHS,
  WIDTH_RANGE,
  parseLength,
  pngPixels,
} from '../exports/figure_size';
import type { PdfFonts } from '../exports/figure_pdf';
import { PDF_FONT_FILES, figurePdf } from '../exports/figure_pdf';
import { pdfMadeBy } from '../exports/figure_made_by';
import { figurePgfplots } from '../exports/figure_pgfplots';
import type { FigureTheme } from '../results/figure_info';
import { FIGURE_THEMES, figureCaption, provenance } from '../results/figure_info';
import type { BooksimLink } from '../link/url_state';
import { emptyState, serializeUrlState } from '../link/url_state';
import { changedParams, fillParams, resolveValues } from '../presets/param_values';
import type { Overrides } from '../headless/params';
import { runPreset } from '../headless/run';
import { UsageError } from '../headless/usage_error';
import { commandText } from './made_by';

/** Where `npm start` serves the explorer; links in figures point there unless told otherwise. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:5173/';
const SCALE_RANGE = [0.25, 8] as const;

export function parseTheme(text: string): FigureTheme {
  const theme = FIGURE_THEMES.find((t) => t === text);
  if (!theme) throw new UsageError(`unknown theme '${text}'; valid: ${FIGURE_THEMES.join(', ')}`);
  return theme;
}

export function parseScale(text: string): number {
  const scale = text.trim() === '' ? Number.NaN : Number(text);
  const [min, max] = SCALE_RANGE;
  if (!(scale >= min && scale <= max)) {
    throw new UsageError(`--scale '${text}' is not a number from ${min} to ${max}`);
  }
  return scale;
}

export function parseDpi(text: string): number {
  const dpi = text.trim() === '' ? Number.NaN : Number(text);
  const [min, max] = DPI_RANGE;
  if (!(Number.isInteger(dpi) && dpi >= min && dpi <= max)) {
    throw new UsageError(`--dpi '${text}' is not a whole number from ${min} to ${max}`);
  }
  return dpi;
}

/** A length option, its error a usage error. */
function lengthOption(text: string, param: string, range: typeof WIDTH_RANGE): number {
  try {
    return parseLength(text, param, range);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * The paper size of `--width` and `--font-size`: either makes a paper figure, the other taking
 * its default (one column, 8 pt); neither, the 800 px screen figure.
 */
export function parsePaperSize(width?: string, fontSize?: string): PaperSize | undefined {
  if (width === undefined && fontSize === undefined) return undefined;
  return {
    widthPt:
      width === undefined
        ? PAPER_WIDTHS['one column']
        : lengthOption(width, '--width', WIDTH_RANGE),
    fontPt:
      fontSize === undefined ? DEFAULT_FONT_PT : lengthOption(fontSize, '--font-size', FONT_RANGE),
  };
}

export function parseBaseUrl(text: string): URL {
  try {
    return new URL(text);
  } catch {
    throw new UsageError(`--base-url '${text}' is not an absolute URL, e.g. ${DEFAULT_BASE_URL}`);
  }
}

/**
 * The explorer's shareable link (on `baseUrl`) to the preset run with `params` and `seed`, and
 * the notes on the BookSim2 file it was read from, if any, which the explorer shows.
 */
export function explorerLink(
  preset: Preset,
  model: ModelInfo,
  params: Params,
  seed: number,
  baseUrl: URL,
  booksim?: BooksimLink,
): string {
  const paperValues = resolveValues(model.params, presetParams(preset));
  const state = {
    ...emptyState(preset.id),
    params: changedParams(params, paperValues),
    ...(booksim ? { booksim } : {}),
  };
  return new URL(serializeUrlState(seed === preset.seed ? state : { ...state, seed }), baseUrl)
    .href;
}

export function findChart(preset: Preset, id: string): ChartSpec {
  const spec = preset.charts.find((c) => c.id === id);
  if (!spec) {
    const valid = preset.charts.map((c) => c.id).join(', ');
    throw new UsageError(`unknown chart '${id}' of preset ${preset.id}; valid: ${valid}`);
  }
  return spec;
}

export interface FigureOutput {
  spec: ChartSpec;
  figure: Figure;
  /** The figure's title and caption (a PDF's title and subject). */
  title: string;
  caption: string[];
  /** The plotted data, as the browser's CSV export. */
  csv: string;
  /** The chart as a pgfplots .tex (figurePgfplots), which refuses a chart not of curves. */
  pgfplots: () => string;
}

/**
 * Runs the preset with `base` and `settings` once and draws `charts` from the run, each with its
 * caption and, unless `baseUrl` is null, the explorer link (on `baseUrl`) that opens the same
 * state.
 */
export async function presetFigures(
  engine: Engine,
  models: ModelInfo[],
  preset: Preset,
  options: {
    /** The charts to draw, or those the preset shows for the run's parameters (`when`). */
    charts: ChartSpec[] | 'shown';
    settings: string[];
    base?: Overrides;
    theme: FigureTheme;
    /** Laid out for paper at this width and text size; without it the screen's 800 px. */
    paper?: PaperSize | undefined;
    parts?: FigureParts;
    baseUrl: URL | null;
    onProgress?: (progress: RunProgress) => void;
  },
): Promise<FigureOutput[]> {
  const runOptions = {
    ...(options.base ? { base: options.base } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  };
  const { report, result, params } = await runPreset(
    engine,
    models,
    preset,
    options.settings,
    runOptions,
  );
  const model = models.find((m) => m.name === preset.model);
  if (!model) throw new UsageError(`preset ${preset.id} uses unknown model '${preset.model}'`);
  const paperValues = resolveValues(model.params, presetParams(preset));
  const link =
    options.baseUrl === null
      ? null
      : explorerLink(preset, model, params, report.seed, options.baseUrl);
  const run = { result, params };
  const charts =
    options.charts === 'shown' ? shownCharts(preset, model.params, params) : options.charts;
  return charts.map((spec) => {
    const chart = buildChart(spec, preset, run, chartOptions({}, []));
    const caption = figureCaption({
      preset,
      spec,
      specs: model.params,
      params,
      paperValues,
      seed: report.seed,
      link,
    });
    const title = fillParams(spec.title, model.params, params);
    return {
      spec,
      title,
      caption,
      figure: renderFigure({
        name: spec.id,
        title,
        chart,
        caption,
        theme: options.theme,
        paper: options.paper,
        ...(options.parts ? { parts: options.parts } : {}),
      }),
      pgfplots: () =>
        figurePgfplots(
          chart,
          options.paper ?? {
            widthPt: PAPER_WIDTHS['one column'],
            fontPt: DEFAULT_FONT_PT,
          },
          [title, ...caption],
        ),
      csv: tableToCsv(
        builtChartTable(chart),
        provenance({
          preset,
          spec,
          specs: model.params,
          params,
          paperValues,
          seed: report.seed,
          link,
        }),
      ),
    };
  });
}

type FontOptions = NonNullable<ResvgRenderOptions['font']>;
const FONTS: FontOptions = { loadSystemFonts: true, defaultFontFamily: 'Liberation Sans' };

/** Stops with what to install when the rasterizer finds no font to draw text with. */
export function checkFonts(font: FontOptions = FONTS): void {
  const probe = new Resvg(
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><text y="15">Ag</text></svg>',
    { font },
  );
  if (probe.getBBox() === undefined) {
    throw new Error(
      'no font found to draw the PNG text with; install one, e.g. ' +
        '`sudo apt-get install fonts-liberation` (npm run ready:test does), and run again',
    );
  }
}

let fontsChecked = false;

/**
 * The figure as a PNG drawn by resvg with the system's fonts: a screen figure `scale` times its
 * size, a paper figure at `dpi` pixels an inch of its width.
 */
export function figurePng(
  figure: Figure,
  { scale = 2, dpi = PAPER_DPI }: { scale?: number; dpi?: number } = {},
): Buffer {
  if (!fontsChecked) {
    checkFonts();
    fontsChecked = true;
  }
  const { width } = pngPixels(figure, { scale, dpi });
  const resvg = new Resvg(figure.text, { font: FONTS, fitTo: { mode: 'width', value: width } });
  return resvg.render().asPng();
}

/** The faces a PDF embeds, read from the font package the app ships with. */
export function readPdfFonts(): PdfFonts {
  const require = createRequire(import.meta.url);
  const read = (face: keyof PdfFonts) => readFileSync(require.resolve(PDF_FONT_FILES[face]));
  return {
    regular: read('regular'),
    bold: read('bold'),
    italic: read('italic'),
    boldItalic: read('boldItalic'),
  };
}

let pdfFonts: PdfFonts | null = null;

/** The figure as a vector PDF, its text in the embedded Arimo; `made`: what drew it. */
export function figurePdfFile(output: FigureOutput, made?: MadeBy): Promise<Uint8Array> {
  pdfFonts ??= readPdfFonts();
  return figurePdf(output.figure, pdfFonts, {
    title: output.title,
    subject: output.caption.join(' '),
    ...(made ? pdfMadeBy(made, commandText(made)) : {}),
  });
}

/** Writes a file whole or not at all: into a temporary file beside it, then renamed over it. */
export function writeAtomic(path: string, data: string | Uint8Array): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
