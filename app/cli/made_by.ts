// What made a CLI output: the engine's build the host runs (its record beside archex.wasm) and the
// command's arguments, carried by every result, table, figure and trace the CLI writes.
import type { MadeBy } from '../engine/engine_build';
import { buildText, madeBy } from '../engine/engine_build';
import { readEngineBuild } from '../engine/node_module';
import { cliHost } from './host';

/** This command's record: the build it runs and `process.argv`'s arguments. */
export function cliMadeBy(argv: string[] = process.argv.slice(2)): MadeBy {
  return madeBy(readEngineBuild(cliHost().wasmDir), argv);
}

/**
 * A CSV file's first line: `#`, what made it and how (read it with a CSV reader's comment
 * character, pandas' `comment='#'`).
 */
export function csvMadeBy(made: MadeBy): string {
  const command = made.command ? `: ${cliHost().command} ${shellWords(made.command)}` : '';
  return `# ${buildText(made)}${command}\n`;
}

/** Arguments as a shell reads them back: each with a character a shell treats apart quoted. */
export function shellWords(args: string[]): string {
  return args
    .map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`))
    .join(' ');
}
