// npm run docs:validation [machine ...]: runs every preset's paper targets as `validate` does (a
// stochastic target over seeds 1-16) and writes them into docs/machines/<machine>.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { format, resolveConfig } from 'prettier';

import type { ModelInfo } from '../engine/types';
import { validatePresets } from '../headless/run';
import { commandEngine, modelsFitting } from './command_engine';
import { cliHost } from './host';
import { presetFiles } from '../presets/from_disk';
import type { BasisEntry } from './validation_docs';
import {
  BASIS_MARKERS,
  basisTable,
  figuresLine,
  presetSection,
  withSections,
} from './validation_docs';

const machines = process.argv.slice(2);
const all = cliHost().presets();
const presets = all.filter((p) => p.reference.length > 0);
// A guide per machine: the presets whose id begins with its name.
const guideOf = (id: string) => id.split('-')[0]!;
const chosen = presets.filter((p) => machines.length === 0 || machines.includes(guideOf(p.id)));

/** The calibrated and assumed inputs of a guide's preset files (bases too), file by file. */
function basisEntries(guide: string, models: ModelInfo[]): BasisEntry[] {
  const mine = new Set(all.filter((p) => guideOf(p.id) === guide).map((p) => p.model));
  const specs = models.filter((m) => mine.has(m.name)).flatMap((m) => m.params);
  const files = [...presetFiles()].filter(
    ([file]) => guideOf(file.replace('bases/', '')) === guide,
  );
  files.sort(([a], [b]) => a.localeCompare(b));
  return files.flatMap(([file, raw]) =>
    Object.entries((raw as { params?: Record<string, ParamEntryJson> }).params ?? {}).flatMap(
      ([name, entry]) => {
        if (entry.basis === undefined) return [];
        const spec = specs.find((p) => p.name === name);
        const fallback = spec && (spec.maxItems > 0 ? spec.defaultList : spec.default);
        return [
          {
            file,
            name,
            basis: entry.basis,
            ...(entry.value !== undefined ? { value: entry.value } : {}),
            ...(fallback !== undefined ? { engineDefault: fallback } : {}),
            source: entry.source,
          },
        ];
      },
    ),
  );
}

interface ParamEntryJson {
  value?: number | number[];
  basis?: string;
  source: string;
}

const engine = commandEngine({});
try {
  const models = await modelsFitting(engine, all);
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
    const inputs = basisTable(basisEntries(guide, models));
    const text = withSections(
      withSections(readFileSync(path, 'utf8'), generated, path),
      inputs,
      path,
      BASIS_MARKERS,
    );
    const options = { ...(await resolveConfig(path)), filepath: path };
    writeFileSync(path, await format(text, options));
    console.log(`${path}: ${mine.length} presets`);
  }
} finally {
  engine.dispose();
}
