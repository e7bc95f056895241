// `cli figure`: a preset's charts as report figures (SVG, PNG, PDF, CSV) from the same chart
// renderer as the browser's exports, with a link back to the same state in the explorer.
import type { ResvgRenderOptions } from '@resvg/resvg-js';
import { Resvg } from '@resvg/resvg-js';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';

import type { Engine, RunProgress } from '../engine/engine';
import type { MadeBy } from '../engine/engine_build';
import type { ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';
import type { Figure } from '../exports/figure';
import { DPI_RANGE, PAPER_DPI, pngPixels } from '../exports/figure_size';
import type { PdfFonts } from '../exports/figure_pdf';
import {
  PDF_FONT_FILES,
  PDF_FONT_FILES_JA,
  figurePdf,
  pdfNeedsJapanese,
} from '../exports/figure_pdf';
import { pdfMadeBy } from '../exports/figure_made_by';
import type { Overrides } from '../headless/params';
import { runPreset } from '../headless/run';
import type { FigureOptions, FigureOutput } from '../headless/figure';
import { runFigures } from '../headless/figure';
import { UsageError } from '../headless/usage_error';
import { commandText } from './made_by';

const SCALE_RANGE = [0.25, 8] as const;

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

/** Runs the preset with `base` and `settings` once and draws its figures (runFigures). */
export async function presetFigures(
  engine: Engine,
  models: ModelInfo[],
  preset: Preset,
  options: FigureOptions & {
    settings: string[];
    base?: Overrides;
    onProgress?: (progress: RunProgress) => void;
  },
): Promise<FigureOutput[]> {
  const { settings, base, onProgress, ...drawn } = options;
  const { report, result, params } = await runPreset(engine, models, preset, settings, {
    ...(base ? { base } : {}),
    ...(onProgress ? { onProgress } : {}),
  });
  const model = models.find((m) => m.name === preset.model)!;
  return runFigures(preset, model, { result, params, seed: report.seed }, drawn);
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

/** The faces a PDF embeds, read from the font packages the app ships with. */
export function readPdfFonts(files: Record<keyof PdfFonts, string> = PDF_FONT_FILES): PdfFonts {
  const require = createRequire(import.meta.url);
  const read = (face: keyof PdfFonts) => readFileSync(require.resolve(files[face]));
  return {
    regular: read('regular'),
    bold: read('bold'),
    italic: read('italic'),
    boldItalic: read('boldItalic'),
  };
}

let pdfFonts: PdfFonts | null = null;
let pdfFontsJa: PdfFonts | null = null;

/**
 * The figure as a vector PDF, its text in the embedded Arimo (Noto Sans JP for Japanese text);
 * `made`: what drew it.
 */
export function figurePdfFile(output: FigureOutput, made?: MadeBy): Promise<Uint8Array> {
  const japanese = pdfNeedsJapanese(output.figure);
  const faces = japanese
    ? (pdfFontsJa ??= readPdfFonts(PDF_FONT_FILES_JA))
    : (pdfFonts ??= readPdfFonts());
  return figurePdf(output.figure, faces, {
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
