// archex on the command line, with the same wasm engine the browser runs:
//   npm run cli -- list
//   npm run cli -- run <preset-id> [--set name=value ...] [--json | --csv]
//   npm run cli -- validate [preset-id]
// A list parameter is set as comma-separated numbers: --set curve_work_rates=1,0.8,0.6.
// Exit codes: 0 ok, 1 a validation failed, 2 bad input (preset id, parameter, usage).
import { parseArgs } from 'node:util';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { presetProblems } from '../presets/schema';
import { asExpected } from '../presets/validation';
import {
  UsageError,
  findPreset,
  formatNumber,
  formatTable,
  runPreset,
  toCsv,
  validationTable,
} from './commands';

const USAGE = `usage:
  npm run cli -- list
  npm run cli -- run <preset-id> [--set name=value ...] [--json | --csv]
  npm run cli -- validate [preset-id]

options of run:
  --set name=value  override a parameter of the preset; repeatable. seed=N sets the seed.
                    A list parameter takes comma-separated numbers, e.g.
                    --set curve_work_rates=1,0.8,0.6; one number is a one-item list.
  --json            the whole run: parameters (lists as arrays), results with units, every
                    series (a list parameter may add one per item) and the validation rows.
  --csv             the scalar results as metric,value,unit rows; parameters and series are
                    only in --json.`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      set: { type: 'string', multiple: true, default: [] },
      json: { type: 'boolean', default: false },
      csv: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
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
    throw new UsageError(`unknown command '${command}'; valid: list, run, validate\n${USAGE}`);
  }
  if (command === 'run' && presetId === undefined)
    throw new UsageError(`run needs a preset id\n${USAGE}`);
  const chosen = presetId === undefined ? presets : [findPreset(presets, presetId)];

  const engine = createInProcessEngine(loadNodeModule());
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
    const total = chosen.reduce((n, p) => n + p.reference.length, 0);
    const known = chosen.reduce((n, p) => n + p.reference.filter((r) => r.knownMiss).length, 0);
    console.log(
      `\nvalidation: ${total - failed} as expected (${known} of them known misses), ${failed} not`,
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
