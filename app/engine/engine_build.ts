// What made an output: archex's version and its engine build (a hash of the engine's sources and
// one of the wasm, recorded beside the wasm by wasm/build.mjs), so a reader of a result, a figure
// or a trace can tell which build made it, and a merge can refuse parts of different builds.

/** The engine a build made: hashes of its sources (null: built elsewhere, not known) and wasm. */
export interface EngineBuild {
  /** archex's version, the package's. */
  version: string;
  sources: string | null;
  wasm: string;
}

/** What an output carries of what made it: the build, and the command's arguments where one ran. */
export interface MadeBy {
  archex: string;
  engine: { sources: string | null; wasm: string };
  /** The arguments the command was given, after the program's name. */
  command?: string[];
}

/** The output's record of `build`, with the command's arguments when a command made it. */
export function madeBy(build: EngineBuild, command?: string[]): MadeBy {
  const { version, sources, wasm } = build;
  return { archex: version, engine: { sources, wasm }, ...(command ? { command } : {}) };
}

/** A build in words: "archex 0.1.0 (engine sources 289829aa1704708c, wasm b7c6075789ea072e)". */
export function buildText(made: Pick<MadeBy, 'archex' | 'engine'>): string {
  const sources = made.engine.sources ?? 'not recorded';
  return `archex ${made.archex} (engine sources ${sources}, wasm ${made.engine.wasm})`;
}

/** What made an output in words, as a CSV comment says it: "made by: archex 0.1.0 (…): command". */
export function madeByWords(made: MadeBy, command?: string): string {
  return `made by: ${buildText(made)}${command ? `: ${command}` : ''}`;
}

/** A .tex file's first line: what made it, as a LaTeX comment. */
export function texComment(made: MadeBy, command?: string): string {
  return `% ${madeByWords(made, command)}\n`;
}

/** Arguments as a shell reads them back: each with a character a shell treats apart quoted. */
export function shellWords(args: string[]): string {
  return args
    .map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`))
    .join(' ');
}

/** Whether two outputs were made by one build: the same version, sources and wasm. */
export function sameBuild(a: Pick<MadeBy, 'archex' | 'engine'>, b: typeof a): boolean {
  return (
    a.archex === b.archex &&
    a.engine.sources === b.engine.sources &&
    a.engine.wasm === b.engine.wasm
  );
}
