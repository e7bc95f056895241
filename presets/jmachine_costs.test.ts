import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../app/engine/in_process_engine';
import { loadNodeModule } from '../app/engine/node_module';
import type { ModelInfo, ParamValue } from '../app/engine/types';

// The J-Machine's costs live in the engine's tables (jmachine/mdp.cpp, jmachine/program.cpp) and
// nowhere else: the MDP's bases say where each comes from and hold no number, and a preset that
// sets another value says why in `override`.
const BASES = ['bases/jmachine', 'bases/jmachine-programs'];
const PRESETS = ['barrier', 'lcs', 'radix', 'queens', 'tsp', 'programs', 'overheads'].map(
  (p) => `jmachine-${p}`,
);

interface Entry {
  value?: ParamValue;
  source: string;
  override?: string;
}
type Files = Record<string, Record<string, Entry>>;

function readParams(names: string[]): Files {
  return Object.fromEntries(
    names.map((name) => {
      const raw = JSON.parse(readFileSync(new URL(`./${name}.json`, import.meta.url), 'utf8'));
      return [name, raw.params as Record<string, Entry>];
    }),
  );
}

function engineValue(model: ModelInfo, name: string): ParamValue | undefined {
  const spec = model.params.find((p) => p.name === name);
  if (!spec) return undefined;
  return spec.maxItems > 0 ? spec.defaultList : spec.default;
}

/** Where the MDP's bases or programs' presets restate an engine value or change one silently. */
export function costProblems(bases: Files, presets: Files, programs: ModelInfo): string[] {
  const problems: string[] = [];
  const declared = new Set(Object.values(bases).flatMap((entries) => Object.keys(entries)));
  for (const [file, entries] of Object.entries({ ...bases, ...presets })) {
    for (const [name, entry] of Object.entries(entries)) {
      if (entry.value === undefined || !declared.has(name)) continue;
      const engine = JSON.stringify(engineValue(programs, name));
      const value = JSON.stringify(entry.value);
      if (value === engine) {
        problems.push(`${file}: ${name} restates the engine's ${engine}; leave it to the engine`);
      } else if (entry.override === undefined) {
        problems.push(`${file}: ${name} is ${value}, the engine's ${engine}, with no override`);
      }
    }
  }
  return problems;
}

describe("the J-Machine's costs are declared once, in the engine", () => {
  const engine = createInProcessEngine(loadNodeModule());
  const bases = readParams(BASES);
  const presets = readParams(PRESETS);
  let programs: ModelInfo;
  beforeAll(async () => {
    programs = (await engine.listModels()).find((m) => m.name === 'jmachine_programs')!;
  });

  it('costProblems finds none in the bases and the programs presets', () => {
    expect(costProblems(bases, presets, programs)).toEqual([]);
  });

  it('costProblems finds a base that states a number, equal to the engine or not', () => {
    const changed = structuredClone(bases);
    changed['bases/jmachine']!.dispatch_cycles!.value = 4;
    changed['bases/jmachine-programs']!.lcs_cell_instr!.value = 12;
    expect(costProblems(changed, presets, programs)).toEqual([
      "bases/jmachine: dispatch_cycles restates the engine's 4; leave it to the engine",
      "bases/jmachine-programs: lcs_cell_instr is 12, the engine's 10, with no override",
    ]);
  });

  it('costProblems finds a preset that changes a cost without saying why', () => {
    const changed = structuredClone(presets);
    changed['jmachine-lcs']!.xlate_cycles = { value: 5, source: 'a guess' };
    expect(costProblems(bases, changed, programs)).toEqual([
      "jmachine-lcs: xlate_cycles is 5, the engine's 3, with no override",
    ]);
    changed['jmachine-lcs']!.xlate_cycles.override = 'a slower name cache';
    expect(costProblems(bases, changed, programs)).toEqual([]);
  });
});
