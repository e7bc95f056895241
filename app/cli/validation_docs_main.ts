// npm run docs:validation [machine ...]: runs every preset's paper targets as `validate` does (a
// stochastic target over seeds 1-16) and writes them into docs/machines/<machine>.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { format, resolveConfig } from 'prettier';

import { validatePresets } from '../headless/run';
import { commandEngine, modelsFitting } from './command_engine';
import { cliHost } from './host';
import { figuresLine, presetSection, withSections } from './validation_docs';

const machines = process.argv.slice(2);
const presets = cliHost()
  .presets()
  .filter((p) => p.reference.length > 0);
// A guide per machine: the presets whose id begins with its name.
const guideOf = (id: string) => id.slice(0, id.indexOf('-'));
const chosen = presets.filter((p) => machines.length === 0 || machines.includes(guideOf(p.id)));
const engine = commandEngine({});
try {
  const models = await modelsFitting(engine, chosen);
  const checked = await validatePresets(engine, models, chosen, {
    seeds: true,
    onRun: (preset, over) =>
      process.stderr.write(`${preset.id}${over ? `, ${over.name} ${over.seed}` : ''}\n`),
  });
  for (const guide of [...new Set(chosen.map((p) => guideOf(p.id)))]) {
    const mine = checked.filter((c) => guideOf(c.preset) === guide);
    const generated = [
      figuresLine(mine.flatMap((c) => c.rows)),
      ...mine.map((c) => presetSection(c.preset, c.rows)),
    ].join('\n\n');
    const path = fileURLToPath(new URL(`../../docs/machines/${guide}.md`, import.meta.url));
    const text = withSections(readFileSync(path, 'utf8'), generated, path);
    const options = { ...(await resolveConfig(path)), filepath: path };
    writeFileSync(path, await format(text, options));
    console.log(`${path}: ${mine.length} presets`);
  }
} finally {
  engine.dispose();
}
