// Loads the wasm engine in Node (CLI, bench, Vitest). The Emscripten 3.1.6 ES-module glue expects
// CommonJS `__dirname`/`require` and would fetch the .wasm by path, so both are supplied here.
import type { ArchexModule } from '#wasm/archex';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

import type { EngineBuild } from './engine_build';
import { MAX_MEMORY_MB, MIN_MEMORY_MB } from './memory';

/** Where `npm run build:wasm` writes the module. */
const repoBuild = new URL('../../wasm/build/', import.meta.url);
const PAGES_PER_MB = 16;

/**
 * The engine; `maxMemoryMB` caps what it may use (from MIN_MEMORY_MB to MAX_MEMORY_MB): past it
 * a run fails as it would at the 4 GB limit, with the same message, and one whose estimated state
 * is larger is refused before it starts. `buildDir` holds archex.wasm (the library's own folder
 * when packaged).
 */
export async function loadNodeModule(
  maxMemoryMB = MAX_MEMORY_MB,
  buildDir = repoBuild,
): Promise<ArchexModule> {
  const wasmUrl = new URL('archex.wasm', buildDir);
  if (!existsSync(wasmUrl)) {
    throw new Error(`${fileURLToPath(wasmUrl)} is missing: run \`npm run build:wasm\``);
  }
  const g = globalThis as Record<string, unknown>;
  g.__dirname ??= fileURLToPath(buildDir);
  g.require ??= createRequire(new URL('archex.mjs', buildDir));
  const { default: createArchexModule } = await import('#wasm/archex');
  const wasmMemory = new WebAssembly.Memory({
    initial: MIN_MEMORY_MB * PAGES_PER_MB,
    maximum: maxMemoryMB * PAGES_PER_MB,
  });
  return createArchexModule({
    wasmBinary: await readFile(wasmUrl),
    wasmMemory,
    maxMemoryBytes: maxMemoryMB * 2 ** 20,
  });
}

/** The build of the engine in `buildDir`, as wasm/build.mjs recorded it beside the wasm. */
export function readEngineBuild(buildDir = repoBuild): EngineBuild {
  const file = new URL('archex.build.json', buildDir);
  if (!existsSync(file)) {
    throw new Error(`${fileURLToPath(file)} is missing: run \`npm run build:wasm\``);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as EngineBuild;
}
