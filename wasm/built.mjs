// Whether the built wasm engine can stand in for a build: the CLI's scripts run it on a machine
// without Emscripten (a cluster's node) rather than stop, and say when engine sources are newer.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
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
/**
 * What made the engine, beside it: archex's version, a hash of the sources it was built from and
 * one of the wasm itself (app/engine/build_info.ts reads it into every output).
 */
export const BUILD_INFO = 'wasm/build/archex.build.json';

/** Every file under `path` (itself, for a file), by path. */
function filesUnder(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => filesUnder(join(path, name)));
}

/** The first 16 hex digits of the SHA-256 of `parts`, each after its length. */
function digest(parts) {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}\n`).update(part);
  return hash.digest('hex').slice(0, 16);
}

/** A hash of the engine's sources (WASM_SOURCES): their paths and contents, in path order. */
export function sourcesHash(root) {
  const files = WASM_SOURCES.flatMap((source) => filesUnder(join(root, source)))
    .map((file) => relative(root, file).split('\\').join('/'))
    .sort();
  return digest(files.flatMap((file) => [Buffer.from(file), readFileSync(join(root, file))]));
}

/**
 * Writes BUILD_INFO for the built engine. `keep`: an engine built elsewhere keeps the record it
 * came with; without one, its sources are not known (these may not be what it was built from).
 */
export function writeBuildInfo(root, { keep = false } = {}) {
  const file = join(root, BUILD_INFO);
  if (keep && existsSync(file)) return;
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const info = {
    version,
    sources: keep ? null : sourcesHash(root),
    wasm: digest([readFileSync(join(root, 'wasm/build/archex.wasm'))]),
  };
  writeFileSync(file, `${JSON.stringify(info)}\n`);
}

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
