// A preset's charts drawn from a run as report figures (SVG, with a CSV and a pgfplots .tex of
// each), with their captions and a link back to the same state in the explorer; and the options
// `figure` takes that say how. `cli figure` draws with this after its run, and the Python package
// after the native engine's.
import { tableToCsv } from '../charts/chart_table';
import type { ModelInfo, Params, RunResult } from '../engine/types';
import type { ChartSpec, Preset } from '../presets/schema';
import { presetParams, shownCharts } from '../presets/schema';
import { buildChart, builtChartTable } from '../chart_kinds/registry';
import { chartOptions } from '../results/chart_builder';
import type { Figure } from '../exports/figure';
import { renderFigure } from '../exports/figure';
import type { FigureParts, PaperSize } from '../exports/figure_size';
import {
  DEFAULT_FONT_PT,
  FONT_RANGE,
  PAPER_WIDTHS,
  WIDTH_RANGE,
  parseLength,
} from '../exports/figure_size';
import { figurePgfplots } from '../exports/figure_pgfplots';
import type { FigureTheme } from '../results/figure_info';
import { FIGURE_THEMES, figureCaption, provenance } from '../results/figure_info';
import type { BooksimLink } from '../link/url_state';
import { emptyState, serializeUrlState } from '../link/url_state';
import { changedParams, fillParams, resolveValues } from '../presets/param_values';
import { UsageError } from './usage_error';

/** Where `npm start` serves the explorer; links in figures point there unless told otherwise. */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:5173/';

export function parseTheme(text: string): FigureTheme {
  const theme = FIGURE_THEMES.find((t) => t === text);
  if (!theme) throw new UsageError(`unknown theme '${text}'; valid: ${FIGURE_THEMES.join(', ')}`);
  return theme;
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

/** The figure's pgfplots .tex, a chart it does not draw refused as a usage error. */
export function pgfplotsText(f: FigureOutput): string {
  try {
    return f.pgfplots();
  } catch (error) {
    throw new UsageError(`${f.spec.id}: ${(error as Error).message}`);
  }
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

/** How the figures are drawn. */
export interface FigureOptions {
  /** The charts to draw, or those the preset shows for the run's parameters (`when`). */
  charts: ChartSpec[] | 'shown';
  theme: FigureTheme;
  /** Laid out for paper at this width and text size; without it the screen's 800 px. */
  paper?: PaperSize | undefined;
  parts?: FigureParts;
  baseUrl: URL | null;
}

/**
 * Draws `charts` of the preset's run (its result, its resolved parameters and seed), each with
 * its caption and, unless `baseUrl` is null, the explorer link (on `baseUrl`) that opens the
 * same state.
 */
export function runFigures(
  preset: Preset,
  model: ModelInfo,
  { result, params, seed }: { result: RunResult; params: Params; seed: number },
  options: FigureOptions,
): FigureOutput[] {
  const paperValues = resolveValues(model.params, presetParams(preset));
  const link =
    options.baseUrl === null ? null : explorerLink(preset, model, params, seed, options.baseUrl);
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
      seed,
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
        provenance({ preset, spec, specs: model.params, params, paperValues, seed, link }),
      ),
    };
  });
}
