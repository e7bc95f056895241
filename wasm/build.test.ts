// The wasm build script on a machine without Emscripten: with --reuse (the CLI's scripts) the
// engine already built stands in, saying when engine sources changed after it was built; with
// nothing built, or without --reuse, it says what to run. Run on a copy of the script in a
// folder of its own, with a PATH holding only node (a folder of its own too: node's own folder,
// /usr/bin, may hold emcc).
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/** What the build writes (built.mjs's WASM_OUTPUTS). */
const OUTPUTS = ['wasm/build/archex.mjs', 'wasm/build/archex.wasm'];
const exec = promisify(execFile);
let root = '';

function touch(file: string, secondsAgo: number): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), '');
  const at = Date.now() / 1000 - secondsAgo;
  utimesSync(join(root, file), at, at);
}

/** `node wasm/build.mjs <args>` in the copy, with only node on the PATH: its exit code and stderr. */
async function build(args: string[]): Promise<{ code: number; stderr: string }> {
  const script = join(root, 'wasm/build.mjs');
  return exec(process.execPath, [script, ...args], {
    env: { PATH: join(root, 'bin') },
  }).then(
    ({ stderr }) => ({ code: 0, stderr }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'archex-wasm-'));
  mkdirSync(join(root, 'wasm'));
  mkdirSync(join(root, 'bin'));
  symlinkSync(process.execPath, join(root, 'bin/node'));
  for (const file of ['build.mjs', 'built.mjs'])
    copyFileSync(new URL(file, import.meta.url), join(root, 'wasm', file));
  touch('engine/src/core/sim.cpp', 60);
  touch('wasm/bindings.cpp', 60);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('wasm/build.mjs without emcc', () => {
  it('--reuse runs the built engine and says nothing when it is newer than its sources', async () => {
    for (const file of OUTPUTS) touch(file, 10);
    expect(await build(['--quiet', '--reuse'])).toEqual({ code: 0, stderr: '' });
  });

  it('--reuse runs a built engine older than a source, naming the source in one line', async () => {
    for (const file of OUTPUTS) touch(file, 10);
    touch('engine/src/network/router.h', 5);
    const { code, stderr } = await build(['--quiet', '--reuse']);
    expect(code).toBe(0);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringContaining('running the built engine, older than engine/src/network/router.h'),
    ]);
  });

  it('--reuse with no engine built says what to run and fails', async () => {
    touch('wasm/build/archex.mjs', 10);
    const { code, stderr } = await build(['--quiet', '--reuse']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/archex\.wasm is not built.*npm run build:wasm/);
  });

  it('without --reuse (npm run build:wasm) fails asking for emcc, built engine or not', async () => {
    for (const file of OUTPUTS) touch(file, 10);
    const { code, stderr } = await build(['--quiet']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^emcc not found: run `npm run ready`/);
  });
});
