// archex on the command line, with the same wasm engine the browser runs:
//   npm run cli -- list
//   npm run cli -- run <preset-id> [--set name=value ...] [--json | --csv]
//   npm run cli -- run [custom-network] --booksim FILE  (a BookSim2 configuration file)
//   npm run cli -- run <preset-id> --shard i/n [--resume FILE] [--set ...]  (a line a point)
//   npm run cli -- merge <shard files...> --json
//   npm run cli -- trace <preset-id> [--set ...] [--point N] [--from T] [--cycles N] [--json]
//   npm run cli -- validate [preset-id] [--json] [--one-seed] [--shard k/n]
//   npm run cli -- describe <preset-id | model> [--set ...] [--json]
//   npm run cli -- figure <preset-id> (<chart-id> [--svg f] [--png f] [--csv f] | --all --out dir)
// Every command takes --jobs N: a sweep's points run on N worker threads (default: every core).
// A list parameter is set as comma-separated numbers: --set curve_work_rates=1,0.8,0.6.
// Exit codes: 0 ok, 1 a validation failed, 2 bad input (preset id, parameter, usage) or a run the
// engine could not finish (memory ran out), said in words; 124 the run reached --time-limit;
// 130 and 143 stopped by SIGINT and SIGTERM (a shard keeps the lines of the points it finished).
import { EngineError } from '../engine/engine';
import { TimeLimitError } from '../engine/run_watch';
import { findPreset } from '../headless/run';
import { UsageError } from '../headless/usage_error';
import { commandArgs, presetOfFile } from './args';
import { BOOKSIM_PRESET } from '../presets/booksim';
import { commandEngine, modelsFitting } from './command_engine';
import { describe } from './commands/describe';
import { figureCommand } from './commands/figure';
import { list } from './commands/list';
import { merge } from './commands/merge';
import { run } from './commands/run';
import { trace } from './commands/trace';
import { validate } from './commands/validate';
import { buildText } from '../engine/engine_build';
import { cliHost } from './host';
import { cliMadeBy } from './made_by';
import { parseShard } from './shard_option';
import { USAGE } from './usage';
import { SIGNAL_EXIT, stopOnSignals, stoppedBy } from './watch';

/** The command `argv` names, run: its exit code, or a throw main's caller turns into one. */
async function main(argv: string[]): Promise<number> {
  if (argv.length === 1 && argv[0] === '--version') {
    console.log(buildText(cliMadeBy()));
    return 0;
  }
  if (argv[0] === 'figure' && !argv.includes('--help') && !argv.includes('-h')) {
    return figureCommand(argv);
  }
  const { values, positionals } = commandArgs(argv);
  // After --booksim FILE, `key=value` words are BookSim keys over the file's, as BookSim2 takes them.
  const booksimKeys =
    values.booksim === undefined ? [] : positionals.slice(1).filter((p) => p.includes('='));
  const [command, given, ...extra] = positionals.filter((p) => !booksimKeys.includes(p));
  if (command === 'merge') return merge(positionals.slice(1), values);
  const runs = command === 'run' || command === 'trace';
  const presetId =
    given ??
    (runs ? presetOfFile(values.params) : undefined) ??
    (values.booksim === undefined ? undefined : BOOKSIM_PRESET);
  if (values.help || command === undefined) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}\n${USAGE}`);
  const presets = cliHost().presets();

  if (command === 'list') return list(presets);
  if (command === 'describe') return describe(presets, given, values);
  if (!runs && command !== 'validate') {
    throw new UsageError(
      `unknown command '${command}'; valid: list, run, merge, validate, trace, figure, describe\n${USAGE}`,
    );
  }
  if (values.format !== undefined && command !== 'trace')
    throw new UsageError('--format goes with trace (run takes --json or --csv)');
  if (
    values.shard !== undefined &&
    ((command !== 'run' && command !== 'validate') || values.json || values.csv)
  )
    throw new UsageError(
      '--shard goes with run or validate and prints JSON lines (no --json or --csv)',
    );
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  if (values.resume !== undefined && !shard)
    throw new UsageError(
      '--resume FILE goes with run or validate --shard i/n (the shard FILE is of)',
    );
  if (values['time-limit'] !== undefined && command !== 'run')
    throw new UsageError('--time-limit goes with run');
  if (runs && presetId === undefined)
    throw new UsageError(`${command} needs a preset id (or --params naming one)\n${USAGE}`);
  if (values.booksim !== undefined) {
    if (command !== 'run' || shard || values.params !== undefined)
      throw new UsageError('--booksim FILE goes with run, without --shard or --params');
    if (presetId !== BOOKSIM_PRESET)
      throw new UsageError(`--booksim FILE runs preset ${BOOKSIM_PRESET}, not ${presetId}`);
  }
  if (values['one-seed'] && command !== 'validate')
    throw new UsageError('--one-seed goes with validate');
  if (values.explain !== undefined && command !== 'validate')
    throw new UsageError('--explain goes with validate');
  if (command === 'validate' && values.params !== undefined)
    throw new UsageError('validate runs the presets as they are; --params goes with run');
  const chosen = presetId === undefined ? presets : [findPreset(presets, presetId)];

  const engine = commandEngine(values);
  try {
    const models = await modelsFitting(engine, chosen);
    if (command === 'trace') return await trace(engine, models, presets, presetId!, values);
    if (command === 'run')
      return await run(engine, models, presets, presetId!, shard, values, booksimKeys);
    return await validate(engine, models, presets, chosen, values, shard);
  } finally {
    engine.dispose();
  }
}

stopOnSignals();

main(process.argv.slice(2)).then(
  (code) => {
    const received = stoppedBy();
    process.exitCode = received ? SIGNAL_EXIT[received] : code;
  },
  (error: unknown) => {
    // Once stopped by a signal, whatever the stop ended the run with was said by the signal.
    const received = stoppedBy();
    if (received) {
      process.exitCode = SIGNAL_EXIT[received];
    } else if (error instanceof TimeLimitError) {
      console.error(`archex: ${error.message} (--time-limit)`);
      if (error.next) console.error(`archex: ${error.next}`);
      process.exitCode = 124;
    } else if (
      error instanceof UsageError ||
      error instanceof EngineError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      console.error((error as Error).message);
      process.exitCode = 2;
    } else {
      console.error(error);
      process.exitCode = 1;
    }
  },
);
