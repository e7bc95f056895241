// `run --booksim FILE`: a BookSim2 configuration file as the custom network's settings, the keys
// archex reads differently or leaves out, and the explorer's link to the network it ran.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

import type { ModelInfo, Params } from '../engine/types';
import type { Overrides } from '../headless/params';
import { runRequest } from '../headless/params';
import type { Preset } from '../presets/schema';
import type { BooksimImport } from '../presets/booksim';
import { booksimToCustomNetwork } from '../presets/booksim';
import { BooksimError } from '../presets/booksim_syntax';
import { UsageError } from '../headless/usage_error';

/**
 * The file's custom network (`model`: the custom network's), with `overrides` (`key=value`, as
 * BookSim2's own command line takes them after its file) read after the file so they win, and the
 * files it names read from its folder, as BookSim2 run there reads them; a file archex cannot
 * read or take is a usage error, in words.
 */
export function readBooksim(
  path: string,
  model: ModelInfo,
  overrides: string[] = [],
): BooksimImport {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--booksim ${path}: ${(error as Error).message}`);
  }
  for (const o of overrides) {
    if (!/^\s*\w+\s*=\s*[^;]+$/.test(o))
      throw new UsageError(
        `--booksim ${path}: '${o}' is not a BookSim key=value (e.g. injection_rate=0.25)`,
      );
  }
  try {
    return booksimToCustomNetwork(
      `${text}\n${overrides.map((o) => `${o};`).join('\n')}\n`,
      model,
      (name) => {
        const named = resolve(dirname(path), name);
        try {
          return readFileSync(named, 'utf8');
        } catch (error) {
          throw new BooksimError('network_file', `${named}: ${(error as Error).message}`);
        }
      },
    );
  } catch (error) {
    if (error instanceof BooksimError) throw new UsageError(`--booksim ${path}: ${error.message}`);
    throw error;
  }
}

/** The import as `--set` settings, the user's own after it so they win. */
export function booksimSettings(imported: BooksimImport, own: string[]): string[] {
  return [
    ...Object.entries(imported.settings).map(([name, value]) => `${name}=${value}`),
    ...(imported.seed === undefined ? [] : [`seed=${imported.seed}`]),
    ...own,
  ];
}

/** The parameters that hold the custom network's curve: BookSim2 has none. */
const CURVE = ['sweep_rates', 'sweep_scale'];

/**
 * The file's load alone, as BookSim2 runs it: `run` gets `settings` with the curve made that one
 * load, which shares the chosen load's random stream and so is the same run (on another thread
 * where there is one), unless `own` (--set) names the curve; `curve` is the parameters of the
 * curve the settings give, for the explorer's link, which opens the whole custom network.
 */
export function fileLoadOnly(
  model: ModelInfo,
  preset: Preset,
  settings: string[],
  own: string[],
  base?: Overrides,
): { run: string[]; curve: Params } {
  const { params } = runRequest(model, preset, settings, base);
  const curve = Object.fromEntries(CURVE.map((name) => [name, params[name]!]));
  if (own.some((s) => CURVE.includes(s.split('=')[0]!.trim()))) return { run: settings, curve };
  const rate = params.injection_rate as number;
  return {
    run: [...settings, 'sweep_scale=flits/node/cycle', `sweep_rates=${rate}`],
    curve,
  };
}

/** One line a key archex reads differently or leaves out. */
export function booksimNotes(path: string, imported: BooksimImport): string[] {
  return imported.notes.map((n) => `booksim ${path}: ${n.key}: ${n.reason}`);
}
