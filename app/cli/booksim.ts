// `run --booksim FILE`: a BookSim2 configuration file as the custom network's settings, the keys
// archex reads differently or leaves out, and the explorer's link to the network it ran.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

import type { ModelInfo } from '../engine/types';
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

/** One line a key archex reads differently or leaves out. */
export function booksimNotes(path: string, imported: BooksimImport): string[] {
  return imported.notes.map((n) => `booksim ${path}: ${n.key}: ${n.reason}`);
}
