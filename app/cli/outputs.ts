// The proof that a refactor changed no output: every preset's `run --json` report, and the
// engine's declarations (models, parameters, outputs), written to a folder before the change and
// compared byte for byte after it.
//   npm run outputs -- save <dir>       (before)
//   npm run outputs -- compare <dir>    (after: exit 1 naming each file that differs)
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { createThreadEngine, defaultJobs } from '../engine/thread_engine';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { runPreset } from '../headless/run';

/** Each file of the proof by name: `models.json`, then `<preset id>.json`. */
async function outputs(): Promise<Map<string, string>> {
  const engine = createThreadEngine(defaultJobs());
  try {
    const models = await engine.listModels();
    // By name: the registry's order is how the engine is laid out, not an output.
    const declared = [...models].sort((a, b) => a.name.localeCompare(b.name));
    const files = new Map([['models.json', JSON.stringify(declared, null, 2)]]);
    for (const preset of loadPresetsFromDisk()) {
      const { report } = await runPreset(engine, models, preset);
      files.set(`${preset.id}.json`, JSON.stringify(report, null, 2));
      process.stderr.write(`${preset.id}\n`);
    }
    return files;
  } finally {
    engine.dispose();
  }
}

async function main(argv: string[]): Promise<number> {
  const [mode, dir, ...extra] = argv;
  if ((mode !== 'save' && mode !== 'compare') || dir === undefined || extra.length > 0) {
    console.error('usage: npm run outputs -- save <dir> | compare <dir>');
    return 2;
  }
  const now = await outputs();
  if (mode === 'save') {
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of now) writeFileSync(join(dir, name), text);
    console.log(`${now.size} files written to ${dir}`);
    return 0;
  }
  const before = new Set(readdirSync(dir));
  const differ: string[] = [];
  for (const [name, text] of now) {
    if (!before.delete(name)) differ.push(`${name}: new`);
    else if (readFileSync(join(dir, name), 'utf8') !== text) differ.push(`${name}: differs`);
  }
  for (const name of before) differ.push(`${name}: gone`);
  if (differ.length > 0) {
    console.error(`${differ.length} of ${now.size} outputs changed:\n${differ.join('\n')}`);
    return 1;
  }
  console.log(`all ${now.size} outputs byte-identical to ${dir}`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
