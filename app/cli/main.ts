// archex on the command line, with the same wasm engine the browser runs:
//   npm run cli -- list
//   npm run cli -- run <preset-id> [--set name=value ...] [--json | --csv]
//   npm run cli -- run <preset-id> --shard i/n [--set ...]      (JSON lines, one per point)
//   npm run cli -- merge <shard files...> --json
//   npm run cli -- trace <preset-id> [--set ...] [--point N] [--from T] [--cycles N] [--json]
//   npm run cli -- validate [preset-id]
//   npm run cli -- describe <preset-id | model> [--json]
//   npm run cli -- figure <preset-id> (<chart-id> [--svg f] [--png f] [--csv f] | --all --out dir)
// Every command takes --jobs N: a sweep's points run on N worker threads (default: every core).
// A list parameter is set as comma-separated numbers: --set curve_work_rates=1,0.8,0.6.
// Exit codes: 0 ok, 1 a validation failed, 2 bad input (preset id, parameter, usage) or a run the
// engine could not finish (memory ran out), said in words.
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import type { Engine, RunProgress } from '../engine/engine';
import type { PoolEngine } from '../engine/pool_engine';
import { EngineError } from '../engine/engine';
import type { ModelInfo } from '../engine/types';

import { createInProcessEngine } from '../engine/in_process_engine';
import { MAX_MEMORY_MB, MIN_MEMORY_MB } from '../engine/memory';
import { loadNodeModule } from '../engine/node_module';
import { createThreadEngine, defaultJobs } from '../engine/thread_engine';
import { cliHost } from './host';
import type { Preset } from '../presets/schema';
import type { Sample } from '../engine/time_left';
import { JUDGE_AFTER_MS, addSample, formatTimeLeft, worthAsking } from '../engine/time_left';
import { presetProblems } from '../presets/schema';
import { asExpected } from '../presets/validation';
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
  toCsv,
  validationTable,
} from './commands';
import { perfettoJson, perfettoTrace } from '../exports/perfetto';
import { DEFAULT_TRACE_CYCLES, traceFormat, traceJson, tracePreset, traceTable } from './trace';
import {
  DEFAULT_BASE_URL,
  figurePdfFile,
  figurePng,
  findChart,
  parseBaseUrl,
  parseScale,
  parseTheme,
  presetFigures,
  writeAtomic,
} from './figure';
import { describeTarget, describeText } from './describe';
import { mergeShards, parseShard, readShardLines, runShard, shardLineText } from './shard';

const USAGE = `usage:
  npm run cli -- list
  npm run cli -- run <preset-id> [--params file.json] [--set name=value ...] [--json | --csv]
  npm run cli -- run --params file.json [--set ...]   (the preset the file names)
  npm run cli -- run <preset-id> --shard i/n [--set ...]
  npm run cli -- merge <shard files...> --json
  npm run cli -- validate [preset-id]
  npm run cli -- describe <preset-id | model> [--json]   (parameters, units, values, outputs)
  npm run cli -- trace <preset-id> [--params f] [--set name=value ...] [--point N] [--from T]
                 [--cycles N] [--max-events N] [--max-bytes N] [--json | --format perfetto]
  npm run cli -- figure <preset-id> <chart-id> [--params f] [--set name=value ...] [--svg out.svg]
                 [--png out.png [--scale 2]] [--pdf out.pdf] [--csv out.csv] [--theme print|dark]
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
                    prints for the whole sweep, or names the points still missing.

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
  --png FILE        the figure as PNG, --scale times its size (default 2, from 0.25 to 8).
  --pdf FILE        the figure as a vector PDF for LaTeX: one page its size in points, text as
                    text in the embedded Arimo (Liberation Sans's metrics).
  --csv FILE        the plotted data, as the explorer's CSV export.
  --theme THEME     print (default: light colours on white) or dark.
  --all --out DIR   every chart of the preset as DIR/<preset>-<chart>.svg, .png, .pdf and .csv.
  --base-url URL    where the explorer is served, for the link in the caption; default
                    ${DEFAULT_BASE_URL} (npm start): give a deployed explorer's address.
  --no-link         no link in the caption.

A run that would take more than a minute says how long on stderr once its progress tells (from
${JUDGE_AFTER_MS / 1000} seconds on; a sweep, once its finished points do); Ctrl-C stops it.`.replaceAll(
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

/**
 * Says on stderr, once, how long a run would go on when that is over a minute (as the explorer's
 * time left tells it: worthAsking), and how to stop it.
 */
function longRunNotice(): (progress: RunProgress) => void {
  const samples: Sample[] = [];
  let said = false;
  return ({ fraction, elapsedMs, sweep }) => {
    if (said) return;
    addSample(samples, { fraction, elapsedMs, sweep });
    const left = worthAsking(samples);
    if (!left) return;
    said = true;
    console.error(
      `This run would take ${formatTimeLeft(left)} more (judged from its first ` +
        `${Math.round(elapsedMs / 1000)} seconds); Ctrl-C stops it.`,
    );
  };
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
  const baseUrl = values['no-link'] ? null : parseBaseUrl(values['base-url']);
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
    baseUrl,
    onProgress: longRunNotice(),
  });
  // Everything is drawn before anything is written, so a failure leaves no partial set.
  const files: [string, string | Uint8Array][] = [];
  const add = async (path: string | undefined, data: () => Promise<string | Uint8Array>) => {
    if (path) files.push([path, await data()]);
  };
  for (const f of figures) {
    const base = values.out ? join(values.out, `${preset.id}-${f.spec.id}`) : undefined;
    await add(values.svg ?? (base && `${base}.svg`), async () => f.figure.text);
    await add(values.png ?? (base && `${base}.png`), async () => figurePng(f.figure, scale));
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
  const lines = readShardLines(texts);
  const engine = commandEngine({ ...values, jobs: '1' });
  try {
    const report = await mergeShards(engine, await engine.listModels(), cliHost().presets(), lines);
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
        onProgress: longRunNotice(),
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
      if (shard) {
        const model = models.find((m) => m.name === preset.model)!;
        const lines = await runShard(engine, model, preset, shard, values.set, base, {
          onProgress: longRunNotice(),
        });
        for (const line of lines) console.log(shardLineText(line));
        return 0;
      }
      const { report, rows, result } = await runPreset(engine, models, preset, values.set, {
        ...(base ? { base } : {}),
        onProgress: longRunNotice(),
      });
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
        if (rows.length > 0) console.log(`\n${validationTable(preset.id, rows)}`);
      }
      return 0;
    }
    let failed = 0;
    const tables: string[] = [];
    for (const preset of chosen) {
      const { rows } = await runPreset(engine, models, preset);
      failed += rows.filter((r) => !asExpected(r)).length;
      if (rows.length > 0) tables.push(validationTable(preset.id, rows));
      else if (preset.targetsIn) tables.push(targetsElsewhere(preset, presets));
    }
    console.log(tables.join('\n\n'));
    const targets = chosen.flatMap((p) => p.reference);
    const words = targets.filter((r) => 'claim' in r).length;
    const known = targets.filter((r) => r.knownMiss).length;
    console.log(
      `\nvalidation: ${targets.length - failed} of ${targets.length} targets as expected ` +
        `(${targets.length - words} numbers the papers state, ${words} claims in their words; ` +
        `${known} known misses), ${failed} not`,
    );
    return failed > 0 ? 1 : 0;
  } finally {
    engine.dispose();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (
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
