// archex on the command line, with the same wasm engine the browser runs:
//   npm run cli -- list
//   npm run cli -- run <preset-id> [--set name=value ...] [--json | --csv]
//   npm run cli -- validate [preset-id]
//   npm run cli -- figure <preset-id> (<chart-id> [--svg f] [--png f] [--csv f] | --all --out dir)
// Every command takes --jobs N: a sweep's points run on N worker threads (default: every core).
// A list parameter is set as comma-separated numbers: --set curve_work_rates=1,0.8,0.6.
// Exit codes: 0 ok, 1 a validation failed, 2 bad input (preset id, parameter, usage).
import { mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import { createThreadEngine, defaultJobs } from '../engine/thread_engine';
import { loadPresetsFromDisk } from '../presets/from_disk';
import type { Preset } from '../presets/schema';
import { presetProblems } from '../presets/schema';
import { asExpected } from '../presets/validation';
import {
  UsageError,
  findPreset,
  formatNumber,
  formatTable,
  parseJobs,
  runPreset,
  toCsv,
  validationTable,
} from './commands';
import {
  DEFAULT_BASE_URL,
  figurePng,
  findChart,
  parseBaseUrl,
  parseScale,
  parseTheme,
  presetFigures,
  writeAtomic,
} from './figure';

const USAGE = `usage:
  npm run cli -- list
  npm run cli -- run <preset-id> [--set name=value ...] [--json | --csv]
  npm run cli -- validate [preset-id]
  npm run cli -- figure <preset-id> <chart-id> [--set name=value ...] [--svg out.svg]
                 [--png out.png [--scale 2]] [--csv out.csv] [--theme print|dark] [--base-url URL]
  npm run cli -- figure <preset-id> --all --out dir/ [--set ...] [--scale 2] [--theme ...]

options of every command:
  --jobs N          run a sweep's points on N worker threads (default: the ${defaultJobs()} cores
                    here); the numbers are the same bits for any N.

options of run:
  --set name=value  override a parameter of the preset; repeatable. seed=N sets the seed.
                    A list parameter takes comma-separated numbers, e.g.
                    --set curve_work_rates=1,0.8,0.6; one number is a one-item list.
  --json            the whole run: parameters (lists as arrays), results with units, every
                    series (a list parameter may add one per item) and the validation rows.
  --csv             the scalar results as metric,value,unit rows; parameters and series are
                    only in --json.

options of figure (the chart the explorer draws, with title, caption, seed, citation and a
link back to the same state; every file is written whole or not at all):
  --set name=value  as for run.
  --svg FILE        the figure as SVG; with no --svg, --png or --csv the SVG goes to stdout.
  --png FILE        the figure as PNG, --scale times its size (default 2, from 0.25 to 8).
  --csv FILE        the plotted data, as the explorer's CSV export.
  --theme THEME     print (default: light colours on white) or dark.
  --all --out DIR   every chart of the preset as DIR/<preset>-<chart>.svg, .png and .csv.
  --base-url URL    where the explorer is served, for the link in the caption; default
                    ${DEFAULT_BASE_URL} (npm start).`;

/** The options of `figure`, whose --csv takes a file, unlike run's. */
function figureArgs(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      set: { type: 'string', multiple: true, default: [] },
      svg: { type: 'string' },
      png: { type: 'string' },
      csv: { type: 'string' },
      scale: { type: 'string', default: '2' },
      theme: { type: 'string', default: 'print' },
      all: { type: 'boolean', default: false },
      out: { type: 'string' },
      'base-url': { type: 'string', default: DEFAULT_BASE_URL },
      jobs: { type: 'string' },
    },
  });
}

/** The engine for --jobs: worker threads, or the same protocol in this thread for one job. */
function commandEngine(jobs: string | undefined): Engine {
  const n = parseJobs(jobs, defaultJobs());
  return n === 1 ? createInProcessEngine(loadNodeModule()) : createThreadEngine(n);
}

async function figure(engine: Engine, models: ModelInfo[], presets: Preset[], argv: string[]) {
  const { values, positionals } = figureArgs(argv);
  const [, presetId, chartId, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}\n${USAGE}`);
  if (presetId === undefined) throw new UsageError(`figure needs a preset id\n${USAGE}`);
  const preset = findPreset(presets, presetId);
  const theme = parseTheme(values.theme);
  const scale = parseScale(values.scale);
  const baseUrl = parseBaseUrl(values['base-url']);
  let charts;
  if (values.all) {
    if (chartId !== undefined || values.svg || values.png || values.csv || !values.out)
      throw new UsageError(`--all takes no chart id and no --svg/--png/--csv, only --out DIR`);
    charts = 'shown' as const;
  } else {
    if (chartId === undefined) {
      const valid = preset.charts.map((c) => c.id).join(', ');
      throw new UsageError(`figure needs a chart id or --all; charts of ${preset.id}: ${valid}`);
    }
    if (values.out)
      throw new UsageError('--out goes with --all; name files with --svg/--png/--csv');
    charts = [findChart(preset, chartId)];
  }
  const figures = await presetFigures(engine, models, preset, {
    charts,
    settings: values.set,
    theme,
    baseUrl,
  });
  // Everything is drawn before anything is written, so a failure leaves no partial set.
  const files: [string, string | Buffer][] = [];
  const add = (path: string | undefined, data: () => string | Buffer) => {
    if (path) files.push([path, data()]);
  };
  for (const f of figures) {
    const base = values.out ? join(values.out, `${preset.id}-${f.spec.id}`) : undefined;
    add(values.svg ?? (base && `${base}.svg`), () => f.figure.text);
    add(values.png ?? (base && `${base}.png`), () => figurePng(f.figure, scale));
    add(values.csv ?? (base && `${base}.csv`), () => f.csv);
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

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'figure' && !argv.includes('--help') && !argv.includes('-h')) {
    const presets = loadPresetsFromDisk();
    const engine = commandEngine(figureArgs(argv).values.jobs);
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
      jobs: { type: 'string' },
    },
  });
  const [command, presetId, ...extra] = positionals;
  if (values.help || command === undefined) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}\n${USAGE}`);
  const presets = loadPresetsFromDisk();

  if (command === 'list') {
    console.log(
      formatTable(
        ['id', 'machine', 'title'],
        presets.map((p) => [p.id, p.machine, p.title]),
      ),
    );
    return 0;
  }
  if (command !== 'run' && command !== 'validate') {
    throw new UsageError(
      `unknown command '${command}'; valid: list, run, validate, figure\n${USAGE}`,
    );
  }
  if (command === 'run' && presetId === undefined)
    throw new UsageError(`run needs a preset id\n${USAGE}`);
  const chosen = presetId === undefined ? presets : [findPreset(presets, presetId)];

  const engine = commandEngine(values.jobs);
  try {
    const models = await engine.listModels();
    const problems = chosen.flatMap((p) => presetProblems(p, models).map((m) => `${p.id}: ${m}`));
    if (problems.length > 0)
      throw new UsageError(`presets do not fit the engine:\n${problems.join('\n')}`);
    if (command === 'run') {
      const preset = chosen[0]!;
      const { report, rows, result } = await runPreset(engine, models, preset, values.set);
      if (values.json) console.log(JSON.stringify(report, null, 2));
      else if (values.csv) process.stdout.write(toCsv(result));
      else {
        console.log(`${preset.title} (${preset.id}, seed ${report.seed})\n`);
        console.log(
          formatTable(
            ['result', 'value', 'unit'],
            result.scalars.map((s) => [s.name, formatNumber(s.value), s.unit]),
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
