// `npm run bench`: one JSON object per line, {"name", "value", "unit"}.
// The formula model's runs per second, the network's simulated node-cycles per second and the
// J-Machine Fig. 3 sweep's and the Multi-PSI Fig. 8 sweep's wall times, natively, in wasm and
// through the in-process protocol; and the gzip sizes of what dist/ ships.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { Params } from '../engine/types';
import { findPreset } from '../cli/commands';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { presetParams } from '../presets/schema';

const root = new URL('../../', import.meta.url);

function emit(name: string, value: number, unit: string) {
  console.log(JSON.stringify({ name, value, unit }));
}

/** Calls `once` repeatedly for about a second; returns calls per second. */
async function rate(once: () => unknown): Promise<number> {
  for (let i = 0; i < 50; i++) await once();
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < 1000) {
    for (let i = 0; i < 20; i++) await once();
    calls += 20;
    elapsed = performance.now() - start;
  }
  return (calls * 1000) / elapsed;
}

const native = execFileSync(fileURLToPath(new URL('engine/build/archex_bench', root)), {
  encoding: 'utf8',
});
process.stdout.write(native);

const module = await loadNodeModule();
const engine = createInProcessEngine(module);
const direct = await rate(() => {
  const sim = new module.Simulation('multipsi_perf', {}, 1);
  sim.advance(Number.MAX_SAFE_INTEGER);
  sim.result();
  sim.delete();
});
emit('wasm.multipsi_perf.runs_per_second', Math.round(direct), 'runs/s');
const viaProtocol = await rate(() => engine.run({ model: 'multipsi_perf', params: {}, seed: 1 }));
emit('wasm_protocol.multipsi_perf.runs_per_second', Math.round(viaProtocol), 'runs/s');

// The same network run as the native bench (engine/bench/engine_bench.cpp), in wasm.
const traffic = {
  dims: [8, 8, 8],
  vcs: 1,
  packet_flits: 8,
  injection_rate: 0.12,
  sweep_rates: [0.12],
  confidence_percent: 0.5,
  max_cycles: 20000,
};
let started = performance.now();
const network = await engine.run({ model: 'network_traffic', params: traffic, seed: 1 });
const cycles = network.result.scalars.find((s) => s.name === 'total_simulated_cycles')?.value ?? 0;
emit(
  'wasm.network_8x8x8_uniform_0.12.node_cycles_per_second',
  Math.round((512 * cycles * 1000) / (performance.now() - started)),
  'node-cycles/s',
);

// The J-Machine's full Fig. 3 sweep as the explorer runs it: through the protocol host, in
// slices, with the time until the first points of a curve arrive.
started = performance.now();
let firstPoints = Number.NaN;
await engine.run(
  { model: 'jmachine_loop', params: { buffer_flits: 1 }, seed: 1 },
  {
    onProgress: ({ partial }) => {
      if (Number.isNaN(firstPoints) && partial.series.some((s) => s.x.length > 0)) {
        firstPoints = performance.now() - started;
      }
    },
  },
);
emit('wasm_protocol.jmachine_fig3_sweep.seconds', (performance.now() - started) / 1000, 's');
emit('wasm_protocol.jmachine_fig3_sweep.first_points_ms', Math.round(firstPoints), 'ms');

// The Multi-PSI goal-reduction sweeps the explorer runs, with the shipped presets' parameters:
// Fig. 8 (depths 1-5 x PEs 1-6, V1), a single depth on 6 PEs (what a drag of a cost slider
// restarts with one line), and 64 V2 PEs.
const presets = loadPresetsFromDisk();
const v1 = presetParams(findPreset(presets, 'multipsi-v1-program1'));
const sweeps: [string, Params][] = [
  ['multipsi_fig8_sweep', v1],
  ['multipsi_6pe_depth2_sweep', { ...v1, depths: [2] }],
  ['multipsi_v2_64pe_sweep', presetParams(findPreset(presets, 'multipsi-v2-program1'))],
];
for (const [name, params] of sweeps) {
  started = performance.now();
  await engine.run({ model: 'multipsi_queens', params, seed: 1 });
  emit(`wasm_protocol.${name}.ms`, Math.round(performance.now() - started), 'ms');
}
engine.dispose();

const assets = new URL('dist/assets/', root);
const sizes = { js: 0, wasm: 0, css: 0 };
for (const file of readdirSync(assets)) {
  const gz = gzipSync(readFileSync(new URL(file, assets)), { level: 9 }).length;
  const ext = file.split('.').pop();
  if (ext === 'js' || ext === 'wasm' || ext === 'css') sizes[ext] += gz;
  if (ext === 'js' || ext === 'wasm')
    emit(`dist.${file.replace(/-[\w-]{8}\./, '.')}.gzip`, gz, 'bytes');
}
emit('dist.js.gzip_total', sizes.js, 'bytes');
emit('dist.wasm.gzip_total', sizes.wasm, 'bytes');
emit('dist.css.gzip_total', sizes.css, 'bytes');
