// The engine's part of the bench: the native bench's lines, then the same engine in wasm in Node:
// the formula model's runs per second, the network's node-cycles per second (and native over
// wasm), the J-Machine Fig. 3 and Multi-PSI Fig. 8 sweeps, whole runs of the shipped presets on
// one in-process host and on worker threads, the J-Machine programs and each machine's LogP
// microbenchmark.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import type { Engine } from '../engine/engine';
import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import { createThreadEngine, defaultJobs } from '../engine/thread_engine';
import type { Params, RunRequest } from '../engine/types';
import { findPreset } from '../headless/run';
import { logpPresets } from '../compare/machines';
import { loadPresetsFromDisk } from '../presets/from_disk';
import type { Preset } from '../presets/schema';
import { presetParams } from '../presets/schema';
import { emit, rate, root } from './measure';

/** One host in this process and a pool of worker threads, each named by its lines' prefix. */
interface Hosts {
  one: Engine;
  threads: Engine;
  threadsName: string;
}

export async function engineRuns() {
  const native = nativeBench();
  const module = await loadNodeModule();
  // Nothing kept: every run is timed as run, not given again (the same request repeats here).
  const one = createInProcessEngine(module, 1, false);
  const direct = await rate(() => {
    const sim = new module.Simulation('multipsi_perf', {}, 1);
    sim.advance(Number.MAX_SAFE_INTEGER);
    sim.result();
    sim.delete();
  });
  emit('wasm.multipsi_perf.runs_per_second', Math.round(direct), 'runs/s');
  const viaProtocol = await rate(() => one.run({ model: 'multipsi_perf', params: {}, seed: 1 }));
  emit('wasm_protocol.multipsi_perf.runs_per_second', Math.round(viaProtocol), 'runs/s');
  await networkRate(one, native);

  const threadsName = `wasm_threads_${defaultJobs()}`;
  await fig3('wasm_protocol', one);
  const fig3Threads = createThreadEngine(defaultJobs(), { keep: false });
  await fig3Threads.listModels();
  await fig3(threadsName, fig3Threads);
  fig3Threads.dispose();
  const hosts: Hosts = {
    one,
    threads: createThreadEngine(defaultJobs(), { keep: false }),
    threadsName,
  };
  await hosts.threads.listModels();
  const presets = loadPresetsFromDisk();
  await multipsiSweeps(one, presets);
  await presetRuns(hosts, presets);
  await jmachinePrograms(hosts, presets);
  // The LogP microbenchmark of each machine (the all-machines page runs them all at once).
  for (const preset of logpPresets(presets, await one.listModels())) {
    await timed(one, `wasm_protocol.${preset.id}.ms`, runOf(preset));
  }
  hosts.threads.dispose();
  one.dispose();
}

/** Runs the native bench, prints its lines and returns each value by name. */
function nativeBench(): (name: string) => number {
  const native = execFileSync(fileURLToPath(new URL('engine/build/archex_bench', root)), {
    encoding: 'utf8',
  });
  process.stdout.write(native);
  return (name: string) =>
    native
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { name: string; value: number })
      .find((m) => m.name === name)?.value ?? Number.NaN;
}

/** The same network run as the native bench (engine/bench/engine_bench.cpp), in wasm. */
async function networkRate(engine: Engine, nativeValue: (name: string) => number) {
  const traffic = {
    dims: [8, 8, 8],
    vcs: 1,
    packet_flits: 8,
    injection_rate: 0.12,
    sweep_rates: [0.12],
    confidence_percent: 0.5,
    max_cycles: 20000,
  };
  const started = performance.now();
  const network = await engine.run({ model: 'network_traffic', params: traffic, seed: 1 });
  const cycles =
    network.result.scalars.find((s) => s.name === 'total_simulated_cycles')?.value ?? 0;
  const wasmRate = (512 * cycles * 1000) / (performance.now() - started);
  emit(
    'wasm.network_8x8x8_uniform_0.12.node_cycles_per_second',
    Math.round(wasmRate),
    'node-cycles/s',
  );
  emit(
    'native_over_wasm.network_8x8x8_uniform_0.12',
    nativeValue('native.network_8x8x8_uniform_0.12.node_cycles_per_second') / wasmRate,
    'x',
  );
}

/**
 * The J-Machine's full Fig. 3 sweep through the protocol, in slices, with the time until the
 * first points of a curve arrive.
 */
async function fig3(prefix: string, on: Engine) {
  const start = performance.now();
  let firstPoints = Number.NaN;
  await on.run(
    { model: 'jmachine_loop', params: { buffer_flits: 1 }, seed: 1 },
    {
      onProgress: ({ partial }) => {
        if (Number.isNaN(firstPoints) && partial.series.some((s) => s.x.length > 0)) {
          firstPoints = performance.now() - start;
        }
      },
    },
  );
  emit(`${prefix}.jmachine_fig3_sweep.seconds`, (performance.now() - start) / 1000, 's');
  emit(`${prefix}.jmachine_fig3_sweep.first_points_ms`, Math.round(firstPoints), 'ms');
}

/**
 * The Multi-PSI goal-reduction sweeps the explorer runs, with the shipped presets' parameters:
 * Fig. 8 (depths 1-5 x PEs 1-6, V1), a single depth on 6 PEs (what a drag of a cost slider
 * restarts with one line), and 64 V2 PEs.
 */
async function multipsiSweeps(engine: Engine, presets: Preset[]) {
  const v1 = presetParams(findPreset(presets, 'multipsi-v1-program1'));
  const sweeps: [string, Params][] = [
    ['multipsi_fig8_sweep', v1],
    ['multipsi_6pe_depth2_sweep', { ...v1, depths: [2] }],
    ['multipsi_v2_64pe_sweep', presetParams(findPreset(presets, 'multipsi-v2-program1'))],
  ];
  for (const [name, params] of sweeps) {
    await timed(engine, `wasm_protocol.${name}.ms`, { model: 'multipsi_queens', params, seed: 1 });
  }
}

/**
 * Whole runs with the shipped presets' parameters on one in-process host, and the sweeps also on
 * worker threads: the transputer ping and sequential runs, the PIE64 congestion sweep (Fig. 7:
 * WRITEMN, 6 lengths x 20 values of p on 54 IUs), the Paragon's Table 1 (five meshes x ten h,
 * with the naive library's four), its 64-processor sample sort and the transputer farm (1-32
 * workers).
 */
async function presetRuns(hosts: Hosts, presets: Preset[]) {
  for (const [id, sweep] of [
    ['transputer-ping', false],
    ['transputer-sequential', false],
    ['pie64-congestion-writemn', true],
    ['paragon-bsp', true],
    ['paragon-samplesort', true],
    ['transputer-farm', true],
  ] as const) {
    const run = runOf(findPreset(presets, id));
    await timed(hosts.one, `wasm_protocol.${id}.ms`, run);
    if (sweep) await timed(hosts.threads, `${hosts.threadsName}.${id}.ms`, run);
  }
}

/**
 * The J-Machine's programs: a 512-node LCS and radix sort run on one host, and each program's
 * speedup sweep over 1 to 512 nodes (its preset; TSP one seed) on one host and on worker threads.
 */
async function jmachinePrograms(hosts: Hosts, presets: Preset[]) {
  for (const [id, program] of [
    ['lcs', 1],
    ['radix', 2],
  ] as const) {
    await timed(
      hosts.one,
      `wasm_protocol.jmachine_${id}_512.seconds`,
      {
        model: 'jmachine_programs',
        params: { programs: [program], nodes: [512], breakdown_nodes: 512 },
        seed: 1,
      },
      's',
    );
  }
  for (const id of ['jmachine-lcs', 'jmachine-radix', 'jmachine-queens', 'jmachine-tsp']) {
    const preset = findPreset(presets, id);
    const run = { ...runOf(preset), params: { ...presetParams(preset), tsp_runs: 1 } };
    for (const [prefix, on] of [
      ['wasm_protocol', hosts.one],
      [hosts.threadsName, hosts.threads],
    ] as const) {
      await timed(on, `${prefix}.${id}_sweep.seconds`, run, 's');
    }
  }
}

function runOf(preset: Preset): RunRequest {
  return { model: preset.model, params: presetParams(preset), seed: preset.seed };
}

/** Runs `run` on `engine` and prints its wall time: whole ms, or seconds. */
async function timed(engine: Engine, name: string, run: RunRequest, unit: 'ms' | 's' = 'ms') {
  const started = performance.now();
  await engine.run(run);
  const ms = performance.now() - started;
  emit(name, unit === 's' ? ms / 1000 : Math.round(ms), unit);
}
