// `npm run bench`: one JSON object per line, {"name", "value", "unit"}.
// Engine runs per second natively, in wasm directly and through the in-process protocol, and the
// gzip sizes of what dist/ ships.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';

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
for (const model of module.listModels()) {
  const direct = await rate(() => {
    const sim = new module.Simulation(model.name, {}, 1);
    sim.advance(Number.MAX_SAFE_INTEGER);
    sim.result();
    sim.delete();
  });
  emit(`wasm.${model.name}.runs_per_second`, Math.round(direct), 'runs/s');
  const viaProtocol = await rate(() => engine.run({ model: model.name, params: {}, seed: 1 }));
  emit(`wasm_protocol.${model.name}.runs_per_second`, Math.round(viaProtocol), 'runs/s');
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
