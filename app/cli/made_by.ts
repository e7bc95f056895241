// What made a CLI output: the engine's build the host runs (its record beside archex.wasm) and the
// command's arguments, carried by every result, table, figure and trace the CLI writes.
import type { MadeBy } from '../engine/engine_build';
import { madeBy, madeByWords, shellWords, texComment } from '../engine/engine_build';
import { readEngineBuild } from '../engine/node_module';
import { cliHost } from './host';

/** This command's record: the build it runs and `process.argv`'s arguments. */
export function cliMadeBy(argv: string[] = process.argv.slice(2)): MadeBy {
  return madeBy(readEngineBuild(cliHost().wasmDir), argv);
}

/**
 * A CSV file's first line, a comment (pandas reads past it with `comment='#'`): what made the file
 * and how, "# made by: archex 0.1.0 (engine sources …, wasm …): npm run cli -- run …".
 */
export function csvMadeBy(made: MadeBy): string {
  return `# ${madeByWords(made, commandText(made))}\n`;
}

/** A .tex file's first line, a LaTeX comment saying the same as csvMadeBy's. */
export function texMadeBy(made: MadeBy): string {
  return texComment(made, commandText(made));
}

/** The command that made an output, as a user types it: "npm run cli -- run paragon-bsp --json". */
export function commandText(made: MadeBy): string | undefined {
  return made.command && `${cliHost().command} ${shellWords(made.command)}`;
}

/**
 * The command that runs shard `shard` again as `given` was run (its preset, --set, --params and
 * other options kept): its --shard (a job array's `auto` too) and --resume replaced, with
 * `--resume file` where one is given.
 */
export function shardCommand(given: string[], shard: string, file?: string): string {
  const args: string[] = [];
  for (let i = 0; i < given.length; i++) {
    const arg = given[i]!;
    if (arg === '--resume' || arg === '--shard') i++;
    else if (!arg.startsWith('--resume=') && !arg.startsWith('--shard=')) args.push(arg);
  }
  args.push('--shard', shard, ...(file === undefined ? [] : ['--resume', file]));
  return `${cliHost().command} ${shellWords(args)}`;
}
