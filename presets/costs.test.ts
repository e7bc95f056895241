import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../app/engine/in_process_engine';
import { loadNodeModule } from '../app/engine/node_module';
import type { ModelInfo, ParamValue } from '../app/engine/types';
import { presetFiles } from '../app/presets/from_disk';

// Every machine's numbers live in the engine's cost tables and nowhere else: a base or a preset
// says where a value comes from and holds no number the engine already holds, and one that sets
// another value for a cost its bases declare says why in `override`.
//
// The generic network model takes the machine it stands for from a base (the J-Machine's network
// for its random-traffic preset): such a base states the values the generic model needs, and
// they must equal the machine's own models' values (or say why not).
const GENERIC_MODELS = new Set(['network_traffic']);

interface Entry {
  value?: ParamValue;
  source?: string;
  override?: string;
}
interface File {
  model?: string;
  extends?: string | string[];
  params?: Record<string, Entry>;
}
type Files = Map<string, File>;

const parents = (file: File): string[] =>
  file.extends === undefined
    ? []
    : typeof file.extends === 'string'
      ? [file.extends]
      : file.extends;

/** The files `name` is laid over: itself, then its bases, depth first. */
function chain(files: Files, name: string): string[] {
  return [name, ...parents(files.get(name)!).flatMap((p) => chain(files, p))];
}

function engineValue(model: ModelInfo, name: string): ParamValue | undefined {
  const spec = model.params.find((p) => p.name === name);
  if (!spec) return undefined;
  return spec.maxItems > 0 ? spec.defaultList : spec.default;
}

/**
 * Where a file restates an engine value (equal to the default of every model that runs it), or
 * sets another value for a cost its bases declare without an `override` saying why.
 */
export function costProblems(files: Files, models: ModelInfo[]): string[] {
  const byName = new Map(models.map((m) => [m.name, m]));
  // Each file's runs: the models of the presets laid over it, and the costs those presets' bases
  // declare.
  const runs = new Map<string, { models: Set<ModelInfo>; declared: Set<string> }>();
  for (const name of [...files.keys()].filter((n) => !n.startsWith('bases/'))) {
    const laid = chain(files, name);
    const modelName = laid.map((n) => files.get(n)!.model).find((m) => m !== undefined);
    const model = modelName === undefined ? undefined : byName.get(modelName);
    if (model === undefined) continue;
    const declared = laid
      .filter((n) => n.startsWith('bases/'))
      .flatMap((n) => Object.keys(files.get(n)!.params ?? {}));
    for (const n of laid) {
      const run = runs.get(n) ?? { models: new Set(), declared: new Set() };
      run.models.add(model);
      if (!GENERIC_MODELS.has(model.name)) for (const d of declared) run.declared.add(d);
      runs.set(n, run);
    }
  }
  const problems: string[] = [];
  for (const [file, { models: ran, declared }] of runs) {
    const machines = [...ran].filter((m) => !GENERIC_MODELS.has(m.name));
    const forGeneric = machines.length < ran.size;
    for (const [name, entry] of Object.entries(files.get(file)!.params ?? {})) {
      if (entry.value === undefined) continue;
      const value = JSON.stringify(entry.value);
      const engine = machines.map((m) => JSON.stringify(engineValue(m, name)));
      if (engine.every((e) => e === value)) {
        // A generic model needs the value stated; the machine's own models check it is theirs.
        if (!forGeneric) {
          problems.push(`${file}: ${name} restates the engine's ${value}; leave it to the engine`);
        }
      } else if (declared.has(name) && entry.override === undefined) {
        const other = engine.find((e) => e !== value);
        problems.push(`${file}: ${name} is ${value}, the engine's ${other}, with no override`);
      }
    }
  }
  return problems.sort();
}

describe("every machine's costs are declared once, in the engine", () => {
  const engine = createInProcessEngine(loadNodeModule());
  const files = presetFiles() as Files;
  let models: ModelInfo[];
  beforeAll(async () => {
    models = await engine.listModels();
  });

  it('costProblems finds none in the bases and presets', () => {
    expect(costProblems(files, models)).toEqual([]);
  });

  it('costProblems finds a base that states a number, equal to the engine or not', () => {
    const changed = structuredClone(files);
    changed.get('bases/jmachine')!.params!.dispatch_cycles!.value = 4;
    changed.get('bases/jmachine-programs')!.params!.lcs_cell_instr!.value = 12;
    changed.get('bases/paragon')!.params!.link_mb_s!.value = 175;
    expect(costProblems(changed, models)).toEqual([
      "bases/jmachine-programs: lcs_cell_instr is 12, the engine's 13.4, with no override",
      "bases/jmachine: dispatch_cycles restates the engine's 4; leave it to the engine",
      "bases/paragon: link_mb_s restates the engine's 175; leave it to the engine",
    ]);
  });

  it('costProblems finds a preset that changes a cost without saying why', () => {
    const changed = structuredClone(files);
    const lcs = changed.get('jmachine-lcs')!.params!;
    lcs.xlate_cycles = { value: 5, source: 'a guess' };
    expect(costProblems(changed, models)).toEqual([
      "jmachine-lcs: xlate_cycles is 5, the engine's 3, with no override",
    ]);
    lcs.xlate_cycles.override = 'a slower name cache';
    expect(costProblems(changed, models)).toEqual([]);
  });

  it('costProblems finds a base for the generic network model that is not its machine', () => {
    const changed = structuredClone(files);
    changed.get('bases/jmachine-network')!.params!.word_bits!.value = 32;
    expect(costProblems(changed, models)).toEqual([
      "bases/jmachine-network: word_bits is 32, the engine's 36, with no override",
    ]);
  });
});
