// Loads the wasm engine in Node (CLI, bench, Vitest). The Emscripten 3.1.6 ES-module glue expects
// CommonJS `__dirname`/`require` and would fetch the .wasm by path, so both are supplied here.
import type { ArchexModule } from '#wasm/archex';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const buildDir = new URL('../../wasm/build/', import.meta.url);

export async function loadNodeModule(): Promise<ArchexModule> {
  const wasmUrl = new URL('archex.wasm', buildDir);
  if (!existsSync(wasmUrl)) {
    throw new Error(`${fileURLToPath(wasmUrl)} is missing: run \`npm run build:wasm\``);
  }
  const g = globalThis as Record<string, unknown>;
  g.__dirname ??= fileURLToPath(buildDir);
  g.require ??= createRequire(new URL('archex.mjs', buildDir));
  const { default: createArchexModule } = await import('#wasm/archex');
  return createArchexModule({ wasmBinary: await readFile(wasmUrl) });
}
