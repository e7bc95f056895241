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
  readFileSync,
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
  writeFileSync(join(root, 'package.json'), '{"version": "9.8.7"}');
});

/** The build's record beside the engine (built.mjs's BUILD_INFO). */
const buildInfo = () =>
  JSON.parse(readFileSync(join(root, 'wasm/build/archex.build.json'), 'utf8')) as unknown;

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('wasm/build.mjs without emcc', () => {
  it('--reuse runs the built engine and says nothing when it is newer than its sources', async () => {
    for (const file of OUTPUTS) touch(file, 10);
    expect(await build(['--quiet', '--reuse'])).toEqual({ code: 0, stderr: '' });
  });

  it('--reuse records the engine built elsewhere: its version and wasm, its sources not known', async () => {
    for (const file of OUTPUTS) touch(file, 10);
    await build(['--quiet', '--reuse']);
    expect(buildInfo()).toEqual({
      version: '9.8.7',
      sources: null,
      wasm: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  });

  it('--reuse keeps the record an engine built elsewhere came with', async () => {
    for (const file of OUTPUTS) touch(file, 10);
    const record = '{"version":"1.0.0","sources":"0123456789abcdef","wasm":"fedcba9876543210"}\n';
    writeFileSync(join(root, 'wasm/build/archex.build.json'), record);
    await build(['--quiet', '--reuse']);
    expect(readFileSync(join(root, 'wasm/build/archex.build.json'), 'utf8')).toBe(record);
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

/** built.mjs's sourcesHash of the copy (a module of plain JS, run as the build runs it). */
async function sourcesHash(): Promise<string> {
  const module = JSON.stringify(join(root, 'wasm/built.mjs'));
  const code = `import { sourcesHash } from ${module}; console.log(sourcesHash(${JSON.stringify(root)}));`;
  const { stdout } = await exec(process.execPath, ['--input-type=module', '-e', code]);
  return stdout.trim();
}

describe('sourcesHash', () => {
  it("changes with a source's content or name, not with its time", async () => {
    const first = await sourcesHash();
    touch('engine/src/core/sim.cpp', 1);
    expect(await sourcesHash()).toBe(first);
    writeFileSync(join(root, 'engine/src/core/sim.cpp'), 'int x;');
    const edited = await sourcesHash();
    expect(edited).not.toBe(first);
    touch('engine/src/core/other.cpp', 1);
    const added = await sourcesHash();
    expect(added).not.toBe(edited);
    // The engine's tests build no part of the wasm.
    touch('engine/tests/sim_test.cpp', 1);
    expect(await sourcesHash()).toBe(added);
  });
});
