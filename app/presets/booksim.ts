// BookSim2's configuration files (Jiang et al., ISPASS 2013; github.com/booksim/booksim2) read
// into the custom network's parameters. The syntax is BookSim's config.l and config.y: `key =
// value;` statements, `//` comments, a value a number or a word (lists as `{a,b}`). BOOKSIM_KEYS
// is the one table of what archex does with each key: its BookSim default (booksim_config.cpp)
// and the custom-network settings it gives, or why archex leaves it out; a key it does not list
// is named too, never dropped in silence.
import type { ForeignName, ModelInfo } from '../engine/types';
import type { Config } from './booksim_syntax';
import { BOOKSIM_KEYS } from './booksim_keys';
import type { BooksimValue, ReadFile } from './booksim_syntax';
import { BooksimError, parseBooksimConfig } from './booksim_syntax';

/** A BookSim configuration key archex leaves out or reads differently, and why. */
export interface BooksimNote {
  key: string;
  reason: string;
}

/** The preset a BookSim configuration runs as, in the CLI and the explorer. */
export const BOOKSIM_PRESET = 'custom-network';

/** A configuration as archex runs it: `--set` settings of the custom network, seed, notes. */
export interface BooksimImport {
  /** Custom-network parameter name to its value as `--set` takes it (choices by name). */
  settings: Record<string, string>;
  /** Each setting's BookSim key, so a value the network refuses is named as the file wrote it. */
  from: Record<string, string>;
  seed?: number;
  notes: BooksimNote[];
}

/** A value's text as the file wrote it, for the notes. */
const shown = (value: BooksimValue) => (typeof value === 'number' ? String(value) : `'${value}'`);

/**
 * The custom network of a BookSim configuration's text: its settings, seed and notes on every
 * key set in the file that archex leaves out or reads differently. `model`: the custom network's
 * model as the engine describes it, whose foreign names map BookSim2's routing functions;
 * `readFile`: the files it names (an anynet's network_file), relative to its folder, where they
 * can be read. Throws a BooksimError for a value archex cannot take.
 */
export function booksimToCustomNetwork(
  text: string,
  model: ModelInfo,
  readFile?: ReadFile,
): BooksimImport {
  const routings: ForeignName[] = (model.foreignNames ?? []).filter(
    (n) => n.tool === 'BookSim2' && n.param === 'routing',
  );
  const file = parseBooksimConfig(text);
  const config: Config = (key) => {
    const given = file.get(key);
    if (given !== undefined) return given;
    const rule = BOOKSIM_KEYS[key];
    if (rule?.default === undefined) throw new BooksimError(key, 'has no default');
    return rule.default;
  };
  if (!file.has('routing_function'))
    throw new BooksimError('routing_function', 'is not set (BookSim has no default either)');
  const settings: Record<string, string> = {};
  const from: Record<string, string> = {};
  const notes: BooksimNote[] = [];
  let seed: number | undefined;
  for (const [key, rule] of Object.entries(BOOKSIM_KEYS)) {
    if ('map' in rule) {
      if (rule.default === undefined && !file.has(key)) continue;
      const mapped = rule.map(config(key), config, routings, readFile);
      Object.assign(settings, mapped.settings);
      for (const name of Object.keys(mapped.settings ?? {})) from[name] = key;
      if (mapped.seed !== undefined) seed = mapped.seed;
      if (mapped.note !== undefined) notes.push({ key, reason: mapped.note });
    } else if ('ignored' in rule && file.has(key) && file.get(key) !== rule.default) {
      notes.push({ key, reason: `${shown(file.get(key)!)} not modelled: ${rule.ignored}` });
    }
  }
  for (const key of file.keys()) {
    if (!(key in BOOKSIM_KEYS))
      notes.push({
        key,
        reason: `${shown(file.get(key)!)} not modelled: archex has no such setting`,
      });
  }
  return { settings, from, ...(seed === undefined ? {} : { seed }), notes };
}
