// `figure <preset> (<chart> [--svg f] [--png f] [--pdf f] [--csv f] | --all --out dir)`: a chart
// as the explorer draws it, as files written whole or not at all.
import { mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import type { Engine } from '../../engine/engine';
import type { ModelInfo } from '../../engine/types';
import type { Preset } from '../../presets/schema';
import { UsageError } from '../../headless/usage_error';
import { figureArgs, presetAndBase } from '../args';
import { commandEngine, modelsFitting } from '../command_engine';
import {
  figurePdfFile,
  figurePng,
  parseDpi,
  parseScale,
  presetFigures,
  writeAtomic,
} from '../figure';
import type { FigureOutput } from '../../headless/figure';
import {
  findChart,
  parseBaseUrl,
  parsePaperSize,
  parseTheme,
  pgfplotsText,
} from '../../headless/figure';
import { figureWithMadeBy } from '../../exports/figure_made_by';
import { CURVE_KINDS } from '../../exports/figure_pgfplots';
import { cliHost } from '../host';
import { cliMadeBy, csvMadeBy, texMadeBy } from '../made_by';
import { USAGE } from '../usage';
import { watchRun } from '../watch';

const FORMATS = ['svg', 'pgfplots'] as const;

/** What `figure` prints when it writes no file: the SVG, or the pgfplots .tex. */
function parseFormat(text: string): (typeof FORMATS)[number] {
  const format = FORMATS.find((f) => f === text);
  if (!format) throw new UsageError(`unknown --format '${text}'; valid: ${FORMATS.join(', ')}`);
  return format;
}

/** `figure`, whose options differ from the other commands' (its --csv takes a file). */
export async function figureCommand(argv: string[]): Promise<number> {
  const presets = cliHost().presets();
  const engine = commandEngine(figureArgs(argv).values);
  try {
    const models = await modelsFitting(engine, presets);
    await figure(engine, models, presets, argv);
    return 0;
  } finally {
    engine.dispose();
  }
}

async function figure(engine: Engine, models: ModelInfo[], presets: Preset[], argv: string[]) {
  const { values, positionals } = figureArgs(argv);
  const [, presetId, chartId, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}\n${USAGE}`);
  if (presetId === undefined) throw new UsageError(`figure needs a preset id\n${USAGE}`);
  const { preset, base: fileValues } = presetAndBase(presets, models, presetId, values.params);
  const theme = parseTheme(values.theme);
  const scale = parseScale(values.scale);
  const dpi = parseDpi(values.dpi);
  const paper = parsePaperSize(values.width, values['font-size']);
  const parts = { title: !values['no-title'], caption: !values['no-caption'] };
  const baseUrl = values['no-link'] ? null : parseBaseUrl(values['base-url']);
  const format = parseFormat(values.format);
  const watch = watchRun(undefined);
  let charts;
  if (values.all) {
    if (
      chartId !== undefined ||
      values.svg ||
      values.png ||
      values.pdf ||
      values.csv ||
      values.tex ||
      !values.out
    )
      throw new UsageError(
        `--all takes no chart id and no --svg/--png/--pdf/--csv/--tex, only --out DIR`,
      );
    charts = 'shown' as const;
  } else {
    if (chartId === undefined) {
      const valid = preset.charts.map((c) => c.id).join(', ');
      throw new UsageError(`figure needs a chart id or --all; charts of ${preset.id}: ${valid}`);
    }
    if (values.out)
      throw new UsageError('--out goes with --all; name files with --svg/--png/--pdf/--csv/--tex');
    charts = [findChart(preset, chartId)];
  }
  const figures = await presetFigures(engine, models, preset, {
    charts,
    settings: values.set,
    ...(fileValues ? { base: fileValues } : {}),
    theme,
    paper,
    parts,
    baseUrl,
    onProgress: watch.onProgress,
  });
  // Everything is drawn before anything is written, so a failure leaves no partial set.
  const files: [string, string | Uint8Array][] = [];
  const add = async (path: string | undefined, data: () => Promise<string | Uint8Array>) => {
    if (path) files.push([path, await data()]);
  };
  const made = cliMadeBy(argv);
  const csvHead = csvMadeBy(made);
  const tex = (f: FigureOutput) => texMadeBy(made) + pgfplotsText(f);
  for (const f of figures) {
    const base = values.out ? join(values.out, `${preset.id}-${f.spec.id}`) : undefined;
    const drawn = figureWithMadeBy(f.figure, made);
    await add(values.svg ?? (base && `${base}.svg`), async () => drawn.text);
    await add(values.png ?? (base && `${base}.png`), async () => figurePng(drawn, { scale, dpi }));
    await add(values.pdf ?? (base && `${base}.pdf`), () => figurePdfFile(f, made));
    await add(values.csv ?? (base && `${base}.csv`), async () => csvHead + f.csv);
    if (values.tex) await add(values.tex, async () => tex(f));
    // --all writes a .tex of each chart pgfplots draws, and says which it leaves out.
    else if (base && CURVE_KINDS.some((k) => k === f.spec.kind)) {
      await add(`${base}.tex`, async () => tex(f));
    } else if (base) console.error(`no ${preset.id}-${f.spec.id}.tex: a ${f.spec.kind} chart`);
  }
  if (files.length === 0) {
    process.stdout.write(
      format === 'pgfplots' ? tex(figures[0]!) : figureWithMadeBy(figures[0]!.figure, made).text,
    );
    return;
  }
  if (values.out) mkdirSync(values.out, { recursive: true });
  for (const [path] of files) {
    if (!statSync(dirname(resolve(path)), { throwIfNoEntry: false })?.isDirectory())
      throw new UsageError(`cannot write ${path}: its folder does not exist`);
  }
  for (const [path, data] of files) writeAtomic(path, data);
  for (const [path] of files) console.error(`wrote ${path}`);
}
