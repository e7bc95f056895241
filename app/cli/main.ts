// archex on the command line, with the same wasm engine the browser runs:
//   npm run cli -- list
//   npm run cli -- run <preset-id> [--set name=value ...] [--json | --csv]
//   npm run cli -- run <preset-id> --shard i/n [--resume FILE] [--set ...]  (a line a point)
//   npm run cli -- merge <shard files...> --json
//   npm run cli -- trace <preset-id> [--set ...] [--point N] [--from T] [--cycles N] [--json]
//   npm run cli -- validate [preset-id] [--json]
//   npm run cli -- describe <preset-id | model> [--json]
//   npm run cli -- figure <preset-id> (<chart-id> [--svg f] [--png f] [--csv f] | --all --out dir)
// Every command takes --jobs N: a sweep's points run on N worker threads (default: every core).
// A list parameter is set as comma-separated numbers: --set curve_work_rates=1,0.8,0.6.
// Exit codes: 0 ok, 1 a validation failed, 2 bad input (preset id, parameter, usage) or a run the
// engine could not finish (memory ran out), said in words; 124 the run reached --time-limit;
// 130 and 143 stopped by SIGINT and SIGTERM (a shard keeps the lines of the points it finished).
import {
  appendFileSync,
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import type { Engine } from '../engine/engine';
import type { PoolEngine } from '../engine/pool_engine';
import { EngineError } from '../engine/engine';
import type { ModelInfo } from '../engine/types';

import { createInProcessEngine } from '../engine/in_process_engine';
import { MAX_MEMORY_MB, MIN_MEMORY_MB } from '../engine/memory';
import { loadNodeModule } from '../engine/node_module';
import { createThreadEngine, defaultJobs } from '../engine/thread_engine';
import { cliHost } from './host';
import type { Preset } from '../presets/schema';
import type { RunEstimate } from '../engine/run_watch';
import { ESTIMATE_BEYOND_S, RunWatch, TimeLimitError, parseDuration } from '../engine/run_watch';
import { JUDGE_AFTER_MS, formatTimeLeft } from '../engine/time_left';
import { presetProblems } from '../presets/schema';
import { summaryText } from '../presets/validation';
import { unitSymbol } from '../presets/units';
import type { Overrides } from './commands';
import {
  UsageError,
  findPreset,
  formatNumber,
  formatTable,
  parseJobs,
  parseMaxMemory,
  parseParamsJson,
  runPreset,
  targetsElsewhere,
  terminalWidth,
  toCsv,
  validationReport,
  validationTable,
} from './commands';
import { perfettoJson, perfettoTrace } from '../exports/perfetto';
import { DEFAULT_TRACE_CYCLES, traceFormat, traceJson, tracePreset, traceTable } from './trace';
import {
  DEFAULT_BASE_URL,
  figurePdfFile,
  figurePng,
  parseDpi,
  parsePaperSize,
  findChart,
  parseBaseUrl,
  parseScale,
  parseTheme,
  presetFigures,
  writeAtomic,
} from './figure';
import { describeTarget, describeText } from './describe';
import type { Shard, ShardFile } from './shard';
import {
  mergeShards,
  parseShard,
  readShardFile,
  resumedPoints,
  runShard,
  shardLineText,
} from './shard';

const USAGE = `usage:
  npm run cli -- list
  npm run cli -- run <preset-id> [--params file.json] [--set name=value ...] [--json | --csv]
  npm run cli -- run --params file.json [--set ...]   (the preset the file names)
  npm run cli -- run <preset-id> --shard i/n [--resume FILE] [--set ...]
  npm run cli -- merge <shard files...> --json
  npm run cli -- validate [preset-id] [--json]
  npm run cli -- describe <preset-id | model> [--json]   (parameters, units, values, outputs)
  npm run cli -- trace <preset-id> [--params f] [--set name=value ...] [--point N] [--from T]
                 [--cycles N] [--max-events N] [--max-bytes N] [--json | --format perfetto]
  npm run cli -- figure <preset-id> <chart-id> [--params f] [--set name=value ...] [--svg out.svg]
                 [--png out.png [--scale 2]] [--pdf out.pdf] [--csv out.csv] [--theme print|dark]
                 [--width 3.5in [--font-size 8pt] [--dpi 300]] [--no-title] [--no-caption]
                 [--base-url URL | --no-link]
  npm run cli -- figure <preset-id> --all --out dir/ [--set ...] [--scale 2] [--theme ...]

options of every command:
  --jobs N          run a sweep's points on N worker threads (default: the ${defaultJobs()} cores
                    here); the numbers are the same bits for any N.
  --max-memory MB   the memory each engine thread may use, ${MIN_MEMORY_MB} to ${MAX_MEMORY_MB} MB (default
                    ${MAX_MEMORY_MB}); a run that needs more stops and says what filled it.

options of run:
  --set name=value  override a parameter of the preset; repeatable. seed=N sets the seed.
                    A list parameter takes comma-separated numbers, e.g.
                    --set curve_work_rates=1,0.8,0.6; one number is a one-item list. A choice
                    takes its name or its number: --set topology=fly.
  --params FILE     the parameters and seed of a JSON file: the explorer's JSON export or the
                    output of run --json (choices by name or number); --set goes over them.
  --json            the whole run: parameters (lists as arrays, choices by name), results with
                    units, every series (a list parameter may add one per item), the networks
                    and timelines as typed columns (choices by name) and the validation rows.
  --csv             the scalar results as metric,value,unit rows; parameters and series are
                    only in --json.
  --shard i/n       only every n-th point of the preset's sweep, from point i (0 to n - 1), as
                    JSON lines, one per point (its index, coordinates and partial result): run
                    the n shards anywhere (GNU parallel, a Slurm job array), then
                    merge their files: merge <files...> --json prints exactly what run --json
                    prints for the whole sweep, or names the points still missing. A line is
                    written as each point finishes, after a header line naming the shard.
  --resume FILE     with --shard: FILE is this shard's file from a run that stopped (killed,
                    or at its --time-limit); run only the points it lacks and add their lines
                    to it. A FILE not yet there is begun, so a job array can always pass it.
  --time-limit T    stop the run after T (90s, 10m, 2h, 1d; a bare number is seconds) with
                    exit code 124; a shard keeps the points it finished for --resume.

options of validate (each target's role: calibration, a calibrated value was fitted on it;
validation, a number the paper states; claim, the paper's words):
  --json            each preset's rows as run --json writes them and the summary: passed of all,
                    of all but the calibration targets, and per role.

options of trace (one run recording the events of a window; docs/cli.md "Traces"):
  --point N         the point of a sweep model's run to trace (default 0: for the custom
                    network, the chosen load); a model that is no sweep runs whole.
  --from T          the window's start, in the model's clock: cycles, ms for the Multi-PSI
                    and the transputer farm, µs for the Paragon (default 0).
  --cycles N        the window's length in that clock (default ${DEFAULT_TRACE_CYCLES}).
  --max-events N, --max-bytes N
                    caps (default 64 MB): past one the trace keeps its complete beginning and
                    counts the events it drops.
  --json            {"events": [...]}: each event with its time ("cycle" or "ms"), "kind" and
                    its ids (packet, flit, channel, vc, node, goal, ...), one a line, after the
                    run, the window and each kind's fields, events and drops.
  --format perfetto the trace for Perfetto (ui.perfetto.dev) and chrome://tracing: a track per
                    node (per channel of a network), states as slices, messages as flows; one
                    cycle shows as 1 µs (ms and µs stay real time). --format json is --json.
  --set, --params   as for run.

options of figure (the chart the explorer draws, with title, caption, seed, citation and a
link back to the same state; every file is written whole or not at all):
  --set name=value  as for run; --params FILE too.
  --svg FILE        the figure as SVG; with no --svg, --png, --pdf or --csv the SVG goes to stdout.
  --png FILE        the figure as PNG, --scale times its size (default 2, from 0.25 to 8); a
                    paper figure (--width) at --dpi.
  --pdf FILE        the figure as a vector PDF for LaTeX: one page its size in points, text as
                    text in the embedded Arimo (Liberation Sans's metrics).
  --csv FILE        the plotted data, as the explorer's CSV export.
  --width LENGTH    lay the figure out for paper at this width (in, pt, mm or cm: 3.5in one
                    column, 7in two columns; 1 to 20 in), its text at --font-size (default
                    8pt; 5 to 24 pt): placed at that width, e.g. width=\\columnwidth, the text
                    prints at that size. Without --width (or --font-size) a figure is 800 px,
                    its PDF 600 pt wide. The PNG of a paper figure is --dpi (default 300,
                    72 to 1200) pixels an inch.
  --no-title        leave out the title above the chart.
  --no-caption      leave out the caption under it (LaTeX's \\caption takes its place).
  --theme THEME     print (default: light colours on white) or dark.
  --all --out DIR   every chart of the preset as DIR/<preset>-<chart>.svg, .png, .pdf and .csv.
  --base-url URL    where the explorer is served, for the link in the caption; default
                    ${DEFAULT_BASE_URL} (npm start): give a deployed explorer's address.
  --no-link         no link in the caption.

A run that would take more than ${ESTIMATE_BEYOND_S} s says how long on stderr once its progress
tells (from ${JUDGE_AFTER_MS / 1000} seconds on; a sweep, once its finished points do). Ctrl-C
(SIGINT) or SIGTERM stops it and its threads at once (exit code 130 or 143).`.replaceAll(
  'npm run cli --',
  cliHost().command,
);

/** The options of `figure`, whose --csv takes a file, unlike run's. */
function figureArgs(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      set: { type: 'string', multiple: true, default: [] },
      svg: { type: 'string' },
      png: { type: 'string' },
      pdf: { type: 'string' },
      csv: { type: 'string' },
      scale: { type: 'string', default: '2' },
      width: { type: 'string' },
      'font-size': { type: 'string' },
      dpi: { type: 'string', default: '300' },
      'no-title': { type: 'boolean', default: false },
      'no-caption': { type: 'boolean', default: false },
      theme: { type: 'string', default: 'print' },
      all: { type: 'boolean', default: false },
      out: { type: 'string' },
      'base-url': { type: 'string', default: DEFAULT_BASE_URL },
      'no-link': { type: 'boolean', default: false },
      params: { type: 'string' },
      jobs: { type: 'string' },
      'max-memory': { type: 'string' },
    },
  });
}

/** The JSON of a --params file. */
function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`--params ${path}: ${(error as Error).message}`);
  }
}

/** The preset id a --params file names, or undefined. */
function presetOfFile(path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  const json = readJson(path) as { preset?: unknown } | null;
  return typeof json?.preset === 'string' ? json.preset : undefined;
}

/** The preset and the --params file's values for it; the file must be for the same preset. */
function presetAndBase(
  presets: Preset[],
  models: ModelInfo[],
  presetId: string,
  file: string | undefined,
): { preset: Preset; base?: Overrides } {
  const preset = findPreset(presets, presetId);
  if (file === undefined) return { preset };
  const named = presetOfFile(file);
  if (named !== undefined && named !== preset.id) {
    throw new UsageError(`--params ${file} is for preset ${named}, not ${preset.id}`);
  }
  const model = models.find((m) => m.name === preset.model);
  if (!model) throw new UsageError(`preset ${preset.id} uses unknown model '${preset.model}'`);
  const { preset: _preset, ...base } = parseParamsJson(model, readJson(file), file);
  return { preset, base };
}

/** The estimate of a long run, said on stderr as one line; `limited`: the command takes --time-limit. */
function sayEstimate(e: RunEstimate, limited: boolean): void {
  const left = formatTimeLeft({ low: e.secondsLow * 1000, high: e.secondsHigh * 1000 });
  const points = e.points === 1 ? '' : ` (${e.points.toLocaleString('en-US')} points)`;
  console.error(
    `archex: this run would take ${left} more${points}, judged from its first ` +
      `${Math.round(e.afterSeconds)} seconds; ${limited ? '--time-limit caps it, ' : ''}` +
      'Ctrl-C stops it.',
  );
}

/** SIGINT and SIGTERM abort this, so a run stops at once; `received` is the first one. */
const stopped = new AbortController();
let received: 'SIGINT' | 'SIGTERM' | undefined;

/**
 * The watch of a run: the estimate on stderr, --time-limit (`limited`: the command takes one) and
 * SIGINT/SIGTERM.
 */
function watchRun(timeLimit: string | undefined, limited = false): RunWatch {
  let timeLimitSeconds: number | undefined;
  try {
    timeLimitSeconds =
      timeLimit === undefined ? undefined : parseDuration(timeLimit, '--time-limit');
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return new RunWatch({
    timeLimitSeconds,
    signal: stopped.signal,
    onEstimate: (e) => sayEstimate(e, limited),
  });
}

/**
 * The engine for --jobs and --max-memory: worker threads, or the same protocol in this thread for
 * one job.
 */
function commandEngine(values: { jobs?: string; 'max-memory'?: string }): PoolEngine {
  const n = parseJobs(values.jobs, defaultJobs());
  const memory = parseMaxMemory(values['max-memory']);
  const { wasmDir, startThread } = cliHost();
  return n === 1
    ? createInProcessEngine(loadNodeModule(memory, wasmDir))
    : createThreadEngine(n, {
        maxMemoryMB: memory,
        ...(startThread ? { start: startThread } : {}),
      });
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
  const watch = watchRun(undefined);
  let charts;
  if (values.all) {
    if (
      chartId !== undefined ||
      values.svg ||
      values.png ||
      values.pdf ||
      values.csv ||
      !values.out
    )
      throw new UsageError(
        `--all takes no chart id and no --svg/--png/--pdf/--csv, only --out DIR`,
      );
    charts = 'shown' as const;
  } else {
    if (chartId === undefined) {
      const valid = preset.charts.map((c) => c.id).join(', ');
      throw new UsageError(`figure needs a chart id or --all; charts of ${preset.id}: ${valid}`);
    }
    if (values.out)
      throw new UsageError('--out goes with --all; name files with --svg/--png/--pdf/--csv');
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
  for (const f of figures) {
    const base = values.out ? join(values.out, `${preset.id}-${f.spec.id}`) : undefined;
    await add(values.svg ?? (base && `${base}.svg`), async () => f.figure.text);
    await add(values.png ?? (base && `${base}.png`), async () =>
      figurePng(f.figure, { scale, dpi }),
    );
    await add(values.pdf ?? (base && `${base}.pdf`), () => figurePdfFile(f));
    await add(values.csv ?? (base && `${base}.csv`), async () => f.csv);
  }
  if (files.length === 0) {
    process.stdout.write(figures[0]!.figure.text);
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

/** A warning on stderr (a torn line left out, say). */
const warn = (message: string) => console.error(`archex: ${message}`);

/** The number of points of a sweep of `points` that shard `index`/`count` runs. */
const shardSize = (points: number, { index, count }: Shard) =>
  Math.max(0, Math.ceil((points - index) / count));

/**
 * `run --shard i/n [--resume FILE]`: the shard's header and then each point's line as it
 * finishes, to stdout or added to FILE, each with one write call, so a shard stopped at any
 * moment leaves only whole lines.
 */
async function shardRun(
  engine: PoolEngine,
  model: ModelInfo,
  preset: Preset,
  shard: Shard,
  values: { set: string[]; resume?: string | undefined },
  base: Overrides | undefined,
  watch: RunWatch,
): Promise<number> {
  const file = values.resume;
  let read: ShardFile | undefined;
  let text = '';
  if (file !== undefined) {
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      // A file not there yet is begun: a job array's task can pass --resume on its first try.
      if ((error as { code?: string }).code !== 'ENOENT')
        throw new UsageError(`--resume ${file}: ${(error as Error).message}`);
    }
    read = readShardFile(file, text, warn);
  }
  /** The resumed file, its torn last line cut off (or its last line ended), opened to add to. */
  const reopen = (resumed: ShardFile) => {
    if (resumed.whole < text.length)
      truncateSync(resumed.file, Buffer.byteLength(text.slice(0, resumed.whole)));
    else if (text.length > 0 && !text.endsWith('\n')) appendFileSync(resumed.file, '\n');
    return openSync(resumed.file, 'a');
  };
  let fd: number | undefined;
  const write = (line: string) => {
    if (fd === undefined) process.stdout.write(line);
    else writeSync(fd, line);
  };
  // Filled from the resumed file once its header is known to match: the shard reads it after.
  const skip = new Set<number>();
  let points = 0;
  let written = 0;
  try {
    await runShard(engine, model, preset, shard, values.set, base, {
      skip,
      signal: watch.signal,
      onProgress: watch.onProgress,
      onHeader: (header) => {
        points = shardSize(header.points, shard);
        if (read) {
          for (const point of resumedPoints(read, header)) skip.add(point);
          fd = reopen(read);
          if (skip.size === points) warn(`${read.file} holds every point of shard ${header.shard}`);
          if (read.header) return;
        }
        write(`${shardLineText(header)}\n`);
      },
      onLine: (line) => {
        write(`${shardLineText(line)}\n`);
        written++;
      },
    });
    return 0;
  } catch (error) {
    const failure = watch.failure(error, { finished: skip.size + written, points });
    if (failure instanceof TimeLimitError && file !== undefined)
      warn(`${file} keeps them: run it again with --resume ${file} for the rest`);
    else if (failure instanceof TimeLimitError)
      warn('the lines written keep them: run it again with --resume <that file> for the rest');
    throw failure;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** `merge <files...> --json`: the shards' lines combined into what `run --json` prints. */
async function merge(
  files: string[],
  values: { json?: boolean; jobs?: string; 'max-memory'?: string },
): Promise<number> {
  if (files.length === 0 || !values.json)
    throw new UsageError(`merge needs the shard files and --json\n${USAGE}`);
  const texts = files.map((file): [string, string] => {
    try {
      return [file, readFileSync(file, 'utf8')];
    } catch (error) {
      throw new UsageError(`merge: cannot read ${file}: ${(error as Error).message}`);
    }
  });
  const read = texts.map(([file, text]) => readShardFile(file, text, warn));
  const engine = commandEngine({ ...values, jobs: '1' });
  try {
    const report = await mergeShards(engine, await engine.listModels(), cliHost().presets(), read);
    console.log(JSON.stringify(report, null, 2));
    return 0;
  } finally {
    engine.dispose();
  }
}

/** `describe <preset|model>`: its parameters and outputs as a table, or --json as the library's. */
async function describe(
  presets: Preset[],
  target: string | undefined,
  values: { json?: boolean; set?: string[]; params?: string; 'max-memory'?: string },
): Promise<number> {
  if (target === undefined)
    throw new UsageError(`describe needs a preset id or a model name\n${USAGE}`);
  if (values.set?.length || values.params !== undefined)
    throw new UsageError('describe shows the values a preset sets; --set and --params go with run');
  const engine = commandEngine({ ...values, jobs: '1' });
  try {
    const description = await describeTarget(engine, presets, target);
    console.log(values.json ? JSON.stringify(description, null, 2) : describeText(description));
    return 0;
  } finally {
    engine.dispose();
  }
}

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'figure' && !argv.includes('--help') && !argv.includes('-h')) {
    const presets = cliHost().presets();
    const engine = commandEngine(figureArgs(argv).values);
    try {
      const models = await engine.listModels();
      const problems = presets.flatMap((p) =>
        presetProblems(p, models).map((m) => `${p.id}: ${m}`),
      );
      if (problems.length > 0)
        throw new UsageError(`presets do not fit the engine:\n${problems.join('\n')}`);
      await figure(engine, models, presets, argv);
      return 0;
    } finally {
      engine.dispose();
    }
  }
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      set: { type: 'string', multiple: true, default: [] },
      json: { type: 'boolean', default: false },
      csv: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      params: { type: 'string' },
      shard: { type: 'string' },
      resume: { type: 'string' },
      'time-limit': { type: 'string' },
      jobs: { type: 'string' },
      'max-memory': { type: 'string' },
      point: { type: 'string' },
      from: { type: 'string' },
      cycles: { type: 'string' },
      'max-events': { type: 'string' },
      'max-bytes': { type: 'string' },
      format: { type: 'string' },
    },
  });
  const [command, given, ...extra] = positionals;
  if (command === 'merge') return merge(positionals.slice(1), values);
  const runs = command === 'run' || command === 'trace';
  const presetId = given ?? (runs ? presetOfFile(values.params) : undefined);
  if (values.help || command === undefined) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}\n${USAGE}`);
  const presets = cliHost().presets();

  if (command === 'list') {
    console.log(
      formatTable(
        ['id', 'machine', 'title'],
        presets.map((p) => [p.id, p.machine, p.title]),
      ),
    );
    return 0;
  }
  if (command === 'describe') return describe(presets, given, values);
  if (!runs && command !== 'validate') {
    throw new UsageError(
      `unknown command '${command}'; valid: list, run, merge, validate, trace, figure, describe\n${USAGE}`,
    );
  }
  if (values.format !== undefined && command !== 'trace')
    throw new UsageError('--format goes with trace (run takes --json or --csv)');
  if (values.shard !== undefined && (command !== 'run' || values.json || values.csv))
    throw new UsageError('--shard goes with run and prints JSON lines (no --json or --csv)');
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  if (values.resume !== undefined && !shard)
    throw new UsageError('--resume FILE goes with run --shard i/n (the shard FILE is of)');
  if (values['time-limit'] !== undefined && command !== 'run')
    throw new UsageError('--time-limit goes with run');
  if (runs && presetId === undefined)
    throw new UsageError(`${command} needs a preset id (or --params naming one)\n${USAGE}`);
  if (command === 'validate' && values.params !== undefined)
    throw new UsageError('validate runs the presets as they are; --params goes with run');
  const chosen = presetId === undefined ? presets : [findPreset(presets, presetId)];

  const engine = commandEngine(values);
  try {
    const models = await engine.listModels();
    const problems = chosen.flatMap((p) => presetProblems(p, models).map((m) => `${p.id}: ${m}`));
    if (problems.length > 0)
      throw new UsageError(`presets do not fit the engine:\n${problems.join('\n')}`);
    if (command === 'trace') {
      const { preset, base } = presetAndBase(presets, models, presetId!, values.params);
      const traced = await tracePreset(engine, models, preset, values.set, values, {
        ...(base ? { base } : {}),
        onProgress: watchRun(undefined).onProgress,
      });
      const format = traceFormat(values.format, values.json);
      if (format === 'perfetto') {
        for (const chunk of perfettoJson(perfettoTrace(traced))) process.stdout.write(chunk);
      } else if (format === 'json') {
        for (const chunk of traceJson(traced)) process.stdout.write(chunk);
      } else console.log(traceTable(traced));
      return 0;
    }
    if (command === 'run') {
      const { preset, base } = presetAndBase(presets, models, presetId!, values.params);
      const watch = watchRun(values['time-limit'], true);
      try {
        if (shard) {
          const model = models.find((m) => m.name === preset.model)!;
          return await shardRun(engine, model, preset, shard, values, base, watch);
        }
        const { report, rows, result } = await runPreset(engine, models, preset, values.set, {
          ...(base ? { base } : {}),
          onProgress: watch.onProgress,
          signal: watch.signal,
        }).catch((error: unknown) => Promise.reject(watch.failure(error)));
        if (values.json) console.log(JSON.stringify(report, null, 2));
        else if (values.csv) process.stdout.write(toCsv(result));
        else {
          console.log(`${preset.title} (${preset.id}, seed ${report.seed})\n`);
          console.log(
            formatTable(
              ['result', 'value', 'unit'],
              result.scalars.map((s) => [s.name, formatNumber(s.value), unitSymbol(s.unit)]),
            ),
          );
          if (rows.length > 0)
            console.log(`\n${validationTable(preset.id, rows, terminalWidth())}`);
        }
        return 0;
      } finally {
        watch.dispose();
      }
    }
    const width = terminalWidth();
    const checked = [];
    const tables: string[] = [];
    for (const preset of chosen) {
      const { report, rows } = await runPreset(engine, models, preset);
      checked.push({ preset: preset.id, report, rows });
      if (rows.length > 0) tables.push(validationTable(preset.id, rows, width));
      else if (preset.targetsIn) tables.push(targetsElsewhere(preset, presets));
    }
    const validation = validationReport(checked);
    if (values.json) console.log(JSON.stringify(validation, null, 2));
    else {
      console.log(tables.join('\n\n'));
      const [first, ...more] = summaryText(validation.summary);
      console.log(`\nvalidation: ${first}`);
      for (const line of more) console.log(`  ${line}`);
    }
    return validation.summary.notAsExpected > 0 ? 1 : 0;
  } finally {
    engine.dispose();
  }
}

/** The exit codes of the signals that stop a run: 128 and the signal's number. */
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;
/** A stopped run whose threads have not yet let the process end by then is ended. */
const STOP_WITHIN_MS = 500;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // A second one is the same stop: tsx relays to this process the signal its group also got.
    if (received) return;
    received = signal;
    process.exitCode = SIGNAL_EXIT[signal];
    console.error(`archex: stopped by ${signal}`);
    stopped.abort();
    // Every line is written whole by one write call, so ending here cuts none.
    setTimeout(() => process.exit(SIGNAL_EXIT[signal]), STOP_WITHIN_MS).unref();
  });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = received ? SIGNAL_EXIT[received] : code;
  },
  (error: unknown) => {
    // Once stopped by a signal, whatever the stop ended the run with was said by the signal.
    if (received) {
      process.exitCode = SIGNAL_EXIT[received];
    } else if (error instanceof TimeLimitError) {
      console.error(`archex: ${error.message} (--time-limit)`);
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
