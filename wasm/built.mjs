// Whether the built wasm engine can stand in for a build: the CLI's scripts run it on a machine
// without Emscripten (a cluster's node) rather than stop, and say when engine sources are newer.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';

/** What the wasm build compiles: a change to any of these may change the engine. */
export const WASM_SOURCES = [
  'engine/src',
  'engine/CMakeLists.txt',
  'wasm/bindings.cpp',
  'wasm/CMakeLists.txt',
];
/** What the build writes and the CLI loads. */
export const WASM_OUTPUTS = ['wasm/build/archex.mjs', 'wasm/build/archex.wasm'];

/** Whether `name` is an executable file in one of `path`'s folders (as `command -v`, without a shell). */
export function onPath(name, path = process.env.PATH ?? '') {
  return path
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => {
      const stat = statSync(join(dir, name), { throwIfNoEntry: false });
      return stat !== undefined && stat.isFile() && (stat.mode & 0o111) !== 0;
    });
}

function newestFile(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return null;
  if (!stat.isDirectory()) return { path, mtimeMs: stat.mtimeMs };
  let newest = null;
  for (const name of readdirSync(path)) {
    const found = newestFile(join(path, name));
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

/**
 * The built engine under `root`: `missing` (and which file), `stale` (and the newest source
 * changed after it was built) or `fresh`.
 */
export function builtWasm(root) {
  const missing = WASM_OUTPUTS.find((file) => !existsSync(join(root, file)));
  if (missing) return { state: 'missing', file: missing };
  const builtAt = Math.min(...WASM_OUTPUTS.map((file) => statSync(join(root, file)).mtimeMs));
  let newest = null;
  for (const source of WASM_SOURCES) {
    const found = newestFile(join(root, source));
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  if (newest && newest.mtimeMs > builtAt) {
    return { state: 'stale', newer: relative(root, newest.path) };
  }
  return { state: 'fresh' };
}
