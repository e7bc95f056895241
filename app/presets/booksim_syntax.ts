// BookSim2's configuration syntax (config.l and config.y): `key = value;` statements, `//`
// comments, a value a number or a word (lists as `{a,b}`).

/** A value as BookSim's lexer reads it: a number or a word. */
export type BooksimValue = number | string;

/** The whole configuration, BookSim's defaults under the file's values. */
export type Config = (key: string) => BooksimValue;

/** A file the configuration names (anynet's network_file), read relative to its folder. */
export type ReadFile = (name: string) => string;

/** What one key gives: settings, and notes where archex reads it differently. */
export interface Mapped {
  settings?: Record<string, string>;
  seed?: number;
  note?: string;
}

/** A configuration archex cannot take: the key, and what archex supports instead. */
export class BooksimError extends Error {
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(`BookSim ${key}: ${message}`);
    this.name = 'BooksimError';
  }
}

/**
 * The `key = value;` statements of a BookSim configuration, in order (a later one wins, as in
 * BookSim). Throws a BooksimError naming the line of anything else.
 */
export function parseBooksimConfig(text: string): Map<string, BooksimValue> {
  const values = new Map<string, BooksimValue>();
  const stripped = text.replace(/\/\/[^\n]*/g, '');
  let line = 1;
  for (const statement of stripped.split(';')) {
    const at = line;
    line += statement.split('\n').length - 1;
    const body = statement.trim();
    if (body === '') continue;
    const where = at + statement.slice(0, statement.indexOf(body)).split('\n').length - 1;
    const match = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(\S(?:.*\S)?)$/s.exec(body);
    if (!match) throw new BooksimError(`line ${where}`, `'${body}' is not 'key = value;'`);
    const [, key, raw] = match as unknown as [string, string, string];
    if (/\s/.test(raw))
      throw new BooksimError(key, `'${raw}' has spaces; BookSim's values have none`);
    const number = Number(raw);
    values.set(key, /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(raw) ? number : raw);
  }
  if (stripped.trim() !== '' && !stripped.trimEnd().endsWith(';'))
    throw new BooksimError(`line ${line}`, "the last statement has no ';'");
  return values;
}

/** A whole number at least `min` (and at most `max`), or a refusal naming the key. */
export function whole(key: string, value: BooksimValue, min: number, max = Infinity): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const range = max === Infinity ? `${min} or more` : `${min} to ${max}`;
    throw new BooksimError(key, `'${value}' is not a whole number from ${range}`);
  }
  return value;
}

/** A word, or a refusal naming the key. */
export function word(key: string, value: BooksimValue): string {
  if (typeof value !== 'string') throw new BooksimError(key, `'${value}' is not a name`);
  return value;
}

/** Refuses `value` of `key`, listing what archex takes. */
export function refuse(key: string, value: BooksimValue, supported: readonly string[]): never {
  throw new BooksimError(
    key,
    `'${value}' is not modelled by archex; it supports ${supported.join(', ')}`,
  );
}
