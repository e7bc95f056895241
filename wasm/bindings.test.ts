// Loads the real wasm module in Node and calls every binding declared in archex.d.mts; checks the
// results against the native build of the same engine, bit for bit.
import type { ArchexModule, BindingError, ModelInfo } from '#wasm/archex';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

import { loadNodeModule } from '../app/engine/node_module';

const nativeRunner = fileURLToPath(new URL('../engine/build/archex_run', import.meta.url));

let archex: ArchexModule;
let models: ModelInfo[];

beforeAll(async () => {
  archex = await loadNodeModule();
  models = archex.listModels();
});

/** The error of a simulation built with these arguments (and frees it). */
function rejected(
  model: string,
  params: Record<string, number>,
  seed: number,
): BindingError | null {
  const sim = new archex.Simulation(model, params, seed);
  const error = sim.error();
  sim.delete();
  return error;
}

describe('listModels()', () => {
  it('describes every model with its parameter specs', () => {
    const perf = models.find((m) => m.name === 'multipsi_perf');
    expect(perf?.title).toBe('Multi-PSI: communication vs performance');
    expect(perf?.citation).toMatch(/ICOT TR-370/);
    const pes = perf?.params.find((p) => p.name === 'pes');
    expect(pes).toEqual({
      name: 'pes',
      label: 'Processing elements',
      unit: 'PEs',
      default: 6,
      min: 1,
      max: 1024,
      step: 1,
      integer: true,
      description: expect.stringMatching(/ideal performance/),
    });
  });
});

describe('Simulation', () => {
  it('advance(), progress(), done(), model(), seed(), params(), result(), delete()', () => {
    const sim = new archex.Simulation('multipsi_perf', { curve_points: 10, pes: 8 }, 42);
    expect(sim.model()).toBe('multipsi_perf');
    expect(sim.seed()).toBe(42);
    expect(sim.params().pes).toBe(8);
    expect(sim.params().pe_rps).toBe(1000);
    expect(sim.done()).toBe(false);
    expect(sim.progress()).toBe(0);
    expect(sim.advance(4)).toBe(false);
    expect(sim.progress()).toBeCloseTo(0.4, 12);
    expect(sim.result().series[0]?.x).toHaveLength(4);
    expect(sim.advance(100)).toBe(true);
    expect(sim.done()).toBe(true);
    const result = sim.result();
    expect(result.series[0]?.y).toBeInstanceOf(Float64Array);
    expect(result.series[0]?.y).toHaveLength(10);
    expect(result.scalars.find((s) => s.name === 'ideal_rps')).toMatchObject({
      value: 8000,
      unit: 'RPS',
    });
    sim.delete();
  });

  it('error() names the parameter and its range, and the run is empty and finished', () => {
    const sim = new archex.Simulation('multipsi_perf', { work_rate: 2 }, 1);
    expect(sim.error()).toEqual({
      message: "parameter 'work_rate' = 2 is out of range; valid range [0.01, 1] fraction",
      param: 'work_rate',
    });
    expect(sim.done()).toBe(true);
    expect(sim.advance(10)).toBe(true);
    expect(sim.result()).toEqual({ scalars: [], series: [] });
    expect(sim.params()).toEqual({});
    sim.delete();
  });

  it('error() lists the valid models for an unknown one', () => {
    expect(rejected('nope', {}, 1)).toEqual({
      message: "unknown model 'nope'; valid: multipsi_perf",
    });
  });

  it('error() reports a value that is not a number and a bad seed', () => {
    const notNumber = { pes: '6' } as unknown as Record<string, number>;
    expect(rejected('multipsi_perf', notNumber, 1)?.param).toBe('pes');
    expect(rejected('multipsi_perf', {}, -1)?.param).toBe('seed');
    expect(rejected('multipsi_perf', {}, 1.5)?.message).toBe(
      "parameter 'seed' = 1.5 is not a whole number in [0, 9007199254740991]",
    );
  });

  it('counts an advance budget below 1 as 1', () => {
    const sim = new archex.Simulation('multipsi_perf', { curve_points: 3 }, 1);
    expect(sim.advance(0)).toBe(false);
    expect(sim.advance(Number.NaN)).toBe(false);
    expect(sim.advance(-5)).toBe(true);
    sim.delete();
  });

  // Errors thrown out of wasm once leaked 32 bytes of wasm stack each and trapped after ~163,000.
  it('survives 200,000 rejected simulations without exhausting wasm memory', () => {
    for (let i = 0; i < 200_000; i++) rejected('multipsi_perf', { pes: 0 }, 1);
    expect(rejected('multipsi_perf', {}, 1)).toBeNull();
  }, 60_000);
});

describe('wasm against native', () => {
  // Deterministic parameter sets spread over each spec's range (a fixed LCG, not Math.random).
  function parameterSets(model: ModelInfo, count: number): Record<string, number>[] {
    let state = 12345;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const sets: Record<string, number>[] = [{}];
    for (let i = 1; i < count; i++) {
      const set: Record<string, number> = {};
      for (const p of model.params) {
        if (p.name === 'curve_points') continue;
        const raw = p.min + next() * (p.max - p.min);
        set[p.name] = p.integer ? Math.round(raw) : raw;
      }
      sets.push(set);
    }
    return sets;
  }

  it('gives bit-identical numbers for the same inputs', () => {
    expect(existsSync(nativeRunner), `${nativeRunner} missing: run npm run build:native`).toBe(
      true,
    );
    expect(models.length).toBeGreaterThan(0);
    for (const model of models) {
      for (const params of parameterSets(model, 20)) {
        const args = [model.name, '--seed', '7'];
        for (const [k, v] of Object.entries(params)) args.push(`${k}=${v.toPrecision(17)}`);
        const native = JSON.parse(execFileSync(nativeRunner, args, { encoding: 'utf8' })) as {
          scalars: Record<string, number>;
          series: Record<string, { x: number[]; y: number[] }>;
        };
        const sim = new archex.Simulation(model.name, params, 7);
        sim.advance(Number.MAX_SAFE_INTEGER);
        const wasm = sim.result();
        sim.delete();
        expect(wasm.scalars.length).toBe(Object.keys(native.scalars).length);
        for (const s of wasm.scalars) {
          expect(Object.is(s.value, native.scalars[s.name]), `${model.name}.${s.name}`).toBe(true);
        }
        for (const s of wasm.series) {
          expect(Array.from(s.x)).toEqual(native.series[s.name]?.x);
          expect(Array.from(s.y)).toEqual(native.series[s.name]?.y);
        }
      }
    }
  });
});
