// 1,000 presets mutated from the real ones (wrong types, missing fields, unknown outputs and
// parameters, values and ranges out of order, circular `extends`), seeded so a failure repeats.
// Each is refused by the loader with a message naming the file and the field, or it loads; a
// loaded one is validated and every chart is built from a run, and a few are run by the engine.
// None may crash (an exception other than the loader's message, or a non-finite chart).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EngineError } from '../engine/engine';
import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo, RunResult } from '../engine/types';
import { buildChart } from '../chart_kinds/registry';
import { resolveExtends } from './extend';
import { presetFiles } from './from_disk';
import type { Preset } from './schema';
import { presetProblems } from './problems';
import { parsePreset, presetParams } from './schema';
import { validate } from './validation';

const MUTANTS = 1000;

/** mulberry32: a small seeded generator, so the mutants are the same on every run. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    below: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}
type Rng = ReturnType<typeof generator>;
type Json = unknown;
type Obj = Record<string, Json>;
const isObj = (v: Json): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every place in a JSON value: the containers and keys (or indices) under which a value sits. */
function places(value: Json, out: [Obj | Json[], string | number][] = []) {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push([value, i]);
      places(v, out);
    });
  } else if (isObj(value)) {
    for (const [k, v] of Object.entries(value)) {
      out.push([value, k]);
      places(v, out);
    }
  }
  return out;
}

const WRONG: Json[] = ['text', 42, -1, 1e308, true, [], {}, [1, 'x'], { nested: null }, ''];

/** One mutation of `files[name]` (in place), said in a few words. */
function mutate(files: Map<string, Json>, name: string, rng: Rng): string {
  const file = files.get(name) as Obj;
  switch (rng.below(8)) {
    case 0: {
      const [holder, key] = rng.pick(places(file));
      (holder as Obj)[key as string] = structuredClone(rng.pick(WRONG));
      return `wrong type at ${key}`;
    }
    case 1: {
      const [holder, key] = rng.pick(places(file));
      if (Array.isArray(holder)) holder.splice(key as number, 1);
      else delete holder[key as string];
      return `missing ${key}`;
    }
    case 2: {
      // An output the model lacks: a reference metric, a chart's series or a readout's value.
      const refs = places(file).filter(
        ([, k]) => k === 'metric' || k === 'series' || k === 'value',
      );
      if (refs.length === 0) return 'nothing to rename';
      const [holder, key] = rng.pick(refs);
      (holder as Obj)[key as string] = 'no_such_output';
      return `unknown output at ${key}`;
    }
    case 3: {
      // A parameter value out of order: below its range, a fraction, a huge list, a bad choice.
      const params = isObj(file.params) ? file.params : (file.params = {});
      const entries = Object.values(params).filter(isObj);
      const entry =
        entries.length > 0 ? rng.pick(entries) : ((params.pes = { unit: 'PEs' }) as Obj);
      entry.value = rng.pick<Json>([-1e9, 0.5, Array(10000).fill(1), 'no such choice', NaN, null]);
      return 'parameter value out of range';
    }
    case 4: {
      // A range inverted: an accepted range whose lower end is above its upper, or a negative
      // tolerance.
      const refs = Array.isArray(file.reference) ? file.reference.filter(isObj) : [];
      if (refs.length === 0) return 'no reference';
      const ref = rng.pick(refs);
      if (rng.below(2)) ref.accept = { above: 10, below: 1 };
      else ref.tolerance = -0.5;
      return 'range inverted';
    }
    case 5: {
      // A circle of extends: this file and another extend each other.
      const other = rng.pick([...files.keys()].filter((n) => n !== name));
      file.extends = other;
      (files.get(other) as Obj).extends = name;
      return `extends circle with ${other}`;
    }
    case 6: {
      file.extends = rng.pick(['no-such-preset', 42, ['bases/none'], [null]]);
      return 'extends nothing';
    }
    default: {
      const params = isObj(file.params) ? file.params : (file.params = {});
      params.no_such_param = { value: 1, unit: '', source: 'made up' };
      return 'unknown parameter';
    }
  }
}

const engine = createInProcessEngine(loadNodeModule());
let models: ModelInfo[] = [];
const original = presetFiles();
/** Results of the presets the engine runs quickly, by id, to build the mutants' charts. */
const results = new Map<string, { result: RunResult; params: Record<string, unknown> }>();
const QUICK = ['multipsi-v1-comm', 'paragon-pingpong', 'transputer-ping', 'jmachine-round-trip'];

beforeAll(async () => {
  models = await engine.listModels();
  for (const id of QUICK) {
    const preset = parsePreset(resolveExtends(id, original), id);
    const outcome = await engine.run({
      model: preset.model,
      params: presetParams(preset),
      seed: preset.seed,
    });
    results.set(id, { result: outcome.result, params: outcome.params });
  }
});
afterAll(() => engine.dispose());

describe('1,000 mutated presets', () => {
  it('each is refused naming its file and field, or loads, validates and draws', async () => {
    const rng = generator(20261123);
    const names = [...original.keys()];
    const counts = { refused: 0, problems: 0, loaded: 0, ran: 0 };
    const crashes: string[] = [];
    for (let i = 0; i < MUTANTS; i++) {
      const files = structuredClone(original);
      const name = rng.pick(names);
      const said = [mutate(files, name, rng)];
      if (rng.below(3) === 0) said.push(mutate(files, name, rng));
      // The presets the mutated file reaches: itself, or those that extend a mutated base.
      const targets = name.startsWith('bases/')
        ? names
            .filter((n) => !n.startsWith('bases/'))
            .filter((n) => {
              const raw = original.get(n) as Obj;
              return JSON.stringify(raw.extends ?? '').includes(name);
            })
        : [name];
      for (const target of targets.slice(0, 2)) {
        const context = `mutant ${i} (${name}: ${said.join(', ')}) as ${target}`;
        let preset: Preset;
        try {
          preset = parsePreset(resolveExtends(target, files), `${target}.json`);
        } catch (error) {
          // The loader's message names the file and what is wrong, never a bare exception.
          const named =
            error instanceof Error &&
            /(\.json: |extends|presets extend in a circle)/.test(error.message);
          if (!named) crashes.push(`${context}: ${String(error)}`);
          counts.refused++;
          continue;
        }
        const problems = presetProblems(preset, models);
        if (problems.length > 0) {
          for (const p of problems.filter((q) => !/^[\w.]+[\w\]']*[: ]|^unknown model/.test(q)))
            crashes.push(`${context}: a problem that names no field: ${p}`);
          counts.problems++;
          continue;
        }
        counts.loaded++;
        // A loaded preset validates and draws every chart from a run of its own model.
        const run = results.get(target) ?? {
          result: { scalars: [], series: [], networks: [], timelines: [] },
          params: {},
        };
        const view = { result: run.result, params: { ...run.params, ...presetParams(preset) } };
        const rows = validate(preset, run.result);
        for (const row of rows.filter((r) => typeof r.pass !== 'boolean'))
          crashes.push(`${context}: ${row.metric} has no verdict`);
        for (const spec of preset.charts) {
          buildChart(spec, preset, view as never, { overlay: true, models: true, pins: [] });
        }
        // The few quick ones the engine runs too, mutated parameters and all.
        if (QUICK.includes(target)) {
          const request = { model: preset.model, params: presetParams(preset), seed: preset.seed };
          await engine.run(request).catch((error: unknown) => {
            // The engine may refuse a combination the loader cannot see, naming the parameter.
            if (!(error instanceof EngineError && error.param !== undefined))
              crashes.push(`${context}: ${String(error)}`);
          });
          counts.ran++;
        }
      }
    }
    console.info(`mutated presets: ${JSON.stringify(counts)}`);
    expect(crashes).toEqual([]);
    // Every way out is taken, so the mutations reach the loader, the model check and the charts.
    expect(counts.refused).toBeGreaterThan(100);
    expect(counts.problems).toBeGreaterThan(50);
    expect(counts.loaded).toBeGreaterThan(100);
    expect(counts.ran).toBeGreaterThan(0);
  });
});
