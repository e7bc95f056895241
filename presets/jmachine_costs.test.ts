import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../app/engine/in_process_engine';
import { loadNodeModule } from '../app/engine/node_module';
import type { ModelInfo, ParamValue } from '../app/engine/types';
import { loadPresetsFromDisk } from '../app/presets/from_disk';
import type { Preset } from '../app/presets/schema';

// The J-Machine's costs live in the engine's tables (jmachine/mdp.cpp, jmachine/program.cpp); the
// bases restate them with their sources, and a preset may change one only by saying so.
const OVERRIDE = /^OVERRIDE: /;

type Entries = Record<string, { value: ParamValue; source: string }>;

function base(name: string): Entries {
  const raw = JSON.parse(readFileSync(new URL(`./bases/${name}.json`, import.meta.url), 'utf8'));
  return raw.params as Entries;
}

function engineDefault(model: ModelInfo, name: string): ParamValue | undefined {
  const spec = model.params.find((p) => p.name === name);
  if (!spec) return undefined;
  return spec.maxItems > 0 ? spec.defaultList : spec.default;
}

/** Where the bases or the J-Machine presets state a cost the engine's table does not hold. */
export function costDisagreements(
  bases: Record<string, Entries>,
  presets: Preset[],
  models: ModelInfo[],
): string[] {
  const programs = models.find((m) => m.name === 'jmachine_programs')!;
  const problems: string[] = [];
  for (const [file, entries] of Object.entries(bases)) {
    for (const [name, entry] of Object.entries(entries)) {
      const engine = engineDefault(programs, name);
      if (JSON.stringify(engine) !== JSON.stringify(entry.value))
        problems.push(
          `bases/${file}: ${name} is ${JSON.stringify(entry.value)}, the engine's ${JSON.stringify(engine)}`,
        );
    }
  }
  const costs = new Set(Object.keys(bases.jmachine));
  for (const preset of presets.filter((p) => p.model.startsWith('jmachine_'))) {
    const model = models.find((m) => m.name === preset.model)!;
    for (const [name, entry] of Object.entries(preset.params)) {
      if (!costs.has(name) || OVERRIDE.test(entry.source)) continue;
      const engine = engineDefault(model, name);
      if (JSON.stringify(engine) !== JSON.stringify(entry.value))
        problems.push(`${preset.id}: ${name} is ${JSON.stringify(entry.value)} without OVERRIDE`);
    }
  }
  return problems;
}

describe("the J-Machine's costs are declared once, in the engine", () => {
  const engine = createInProcessEngine(loadNodeModule());
  const presets = loadPresetsFromDisk();
  const bases = { jmachine: base('jmachine'), 'jmachine-programs': base('jmachine-programs') };
  let models: ModelInfo[];
  beforeAll(async () => {
    models = await engine.listModels();
  });

  it('the bases and every J-Machine preset state the engine values', () => {
    expect(costDisagreements(bases, presets, models)).toEqual([]);
  });

  it('finds a base that restates a cost with another value', () => {
    const changed = structuredClone(bases);
    changed.jmachine.dispatch_cycles.value = 5;
    expect(costDisagreements(changed, presets, models)).toEqual([
      "bases/jmachine: dispatch_cycles is 5, the engine's 4",
    ]);
  });

  it('finds a preset that changes a cost without saying it overrides it', () => {
    const changed = structuredClone(presets);
    const lcs = changed.find((p) => p.id === 'jmachine-lcs')!;
    lcs.params.xlate_cycles = { value: 5, unit: 'cycles', source: 'a guess' };
    expect(costDisagreements(bases, changed, models)).toEqual([
      'jmachine-lcs: xlate_cycles is 5 without OVERRIDE',
    ]);
    lcs.params.xlate_cycles.source = 'OVERRIDE: a slower name cache';
    expect(costDisagreements(bases, changed, models)).toEqual([]);
  });
});
