// A BookSim2 configuration file opened in the explorer: read as `run --booksim` reads it
// (booksimToCustomNetwork), each setting checked as the custom network's field checks typed text,
// then built by the engine, so that a file archex refuses leaves the page as it was.
import { i18n } from '../i18n/i18n';
import type { Engine } from '../engine/engine';
import { EngineError, isAbortError } from '../engine/engine';
import type { ModelInfo, Params } from '../engine/types';
import type { BooksimNote } from '../presets/booksim';
import { booksimToCustomNetwork } from '../presets/booksim';
import { BooksimError } from '../presets/booksim_syntax';
import { changedParams, checkValue, resolveValues } from '../presets/param_values';
import type { Preset } from '../presets/schema';
import { presetParams } from '../presets/schema';
import type { BooksimLink } from '../link/link_types';
import { BOOKSIM_TEXT_CHARS } from '../link/link_types';

/** Far above any BookSim configuration (its examples are under 2 kB); a larger file is not read. */
export const MAX_BOOKSIM_BYTES = 64 * 1024;
/** The most of the file's own text one line on the page repeats. */
const SHOWN_CHARS = 160;

/** Text from the file cut to what a line can show. */
export function clipped(text: string, max = SHOWN_CHARS): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A file's name and notes as the page says them and a link holds them, each cut to fit. */
export function booksimLink(name: string, notes: readonly BooksimNote[]): BooksimLink {
  return {
    name: clipped(name, BOOKSIM_TEXT_CHARS.name),
    notes: notes.map((n) => ({
      key: clipped(n.key, BOOKSIM_TEXT_CHARS.key),
      reason: clipped(n.reason, BOOKSIM_TEXT_CHARS.reason),
    })),
  };
}

/** A file as the page reads it (a File, or its stand-in in tests). */
export interface BooksimFile {
  name: string;
  size: number;
  text(): Promise<string>;
}

/** An opened file: the custom network's changed parameters, its seed and the notes. */
export interface BooksimOpened {
  name: string;
  params: Params;
  seed?: number;
  notes: BooksimNote[];
}

/** A file archex refuses, and why, naming the BookSim key. */
export interface BooksimRefused {
  name: string;
  refused: string;
}

/**
 * The custom network (`preset` of `model`) a BookSim2 file gives, or why archex refuses it:
 * damaged syntax, a key's value archex does not model, a value out of the custom network's range
 * or one its engine will not build. Only an abort rejects.
 */
export async function openBooksim(
  file: BooksimFile,
  preset: Preset,
  model: ModelInfo,
  engine: Engine,
  signal?: AbortSignal,
): Promise<BooksimOpened | BooksimRefused> {
  const name = clipped(file.name, BOOKSIM_TEXT_CHARS.name);
  const refused = (why: string): BooksimRefused => ({ name, refused: clipped(why, 400) });
  if (file.size > MAX_BOOKSIM_BYTES)
    return refused(
      i18n.t('explorer:booksim.tooLarge', {
        size: String(file.size),
        max: String(MAX_BOOKSIM_BYTES),
      }),
    );
  let imported;
  try {
    imported = booksimToCustomNetwork(await file.text(), model);
  } catch (error) {
    if (error instanceof BooksimError) return refused(error.message);
    throw error;
  }
  const values: Params = {};
  for (const [param, text] of Object.entries(imported.settings)) {
    const spec = model.params.find((s) => s.name === param);
    const checked = spec
      ? checkValue(spec, text)
      : { error: i18n.t('explorer:booksim.noSuchParam') };
    if ('error' in checked)
      return refused(
        i18n.t('explorer:booksim.badValue', {
          key: imported.from[param],
          label: spec?.label ?? param,
          text,
          error: checked.error,
        }),
      );
    values[param] = checked.value;
  }
  const paperValues = resolveValues(model.params, presetParams(preset));
  const params = resolveValues(model.params, presetParams(preset), values);
  try {
    await engine.describe(model.name, params, signal);
  } catch (error) {
    if (isAbortError(error) || !(error instanceof EngineError)) throw error;
    const key = error.param === undefined ? undefined : imported.from[error.param];
    return refused(
      key ? i18n.t('explorer:booksim.keyError', { key, error: error.message }) : error.message,
    );
  }
  const { notes } = booksimLink(name, imported.notes);
  return {
    name,
    params: changedParams(params, paperValues),
    ...(imported.seed === undefined || imported.seed === preset.seed
      ? {}
      : { seed: imported.seed }),
    notes,
  };
}
