// The packed library as a user gets it: the tarball installed into an empty folder, a script
// there running presets, its output compared with the CLI's for the same run, a TypeScript
// file there checked against the package's declarations, and its bin `archex` run as on a
// cluster's node: with a PATH holding node alone (no emcc, cmake or compiler).
import { execFile } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { withoutMadeBy } from '../cli/made_by_fixtures';
import { buildText, madeBy } from '../engine/engine_build';
import { readEngineBuild } from '../engine/node_module';
import { packLibrary } from './build';

const exec = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
let folder = '';

/** `node <script>` in the folder; its stdout. */
async function script(name: string, text: string): Promise<string> {
  writeFileSync(join(folder, name), text);
  const { stdout } = await exec(process.execPath, [name], { cwd: folder, maxBuffer: 2 ** 28 });
  return stdout;
}

/** `npm run cli -- <args>`'s stdout, without rebuilding the wasm. */
async function cli(args: string[]): Promise<string> {
  const tsx = join(root, 'node_modules/.bin/tsx');
  const { stdout } = await exec(
    tsx,
    ['--import', './app/cli/node_css.ts', 'app/cli/main.ts', ...args],
    { cwd: root, maxBuffer: 2 ** 28 },
  );
  return stdout;
}

/**
 * `archex <args>` as installed (node_modules/.bin), with only node on the PATH: a folder of its
 * own, since node's folder (/usr/bin) may hold emcc and the compilers.
 */
async function bin(args: string[]): Promise<string> {
  const { stdout } = await exec(join(folder, 'node_modules/.bin/archex'), args, {
    cwd: folder,
    env: { PATH: join(folder, 'node-only') },
    maxBuffer: 2 ** 28,
  });
  return stdout;
}

beforeAll(async () => {
  const tarball = await packLibrary();
  folder = mkdtempSync(join(tmpdir(), 'archex-engine-'));
  writeFileSync(join(folder, 'package.json'), '{ "private": true, "type": "module" }\n');
  // Its dependencies (zod; pdfkit, resvg and the font for the bin's figures) come from npm's
  // cache when they are there.
  await exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], {
    cwd: folder,
  });
  mkdirSync(join(folder, 'node-only'));
  symlinkSync(process.execPath, join(folder, 'node-only/node'));
}, 180_000);

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the packed library, installed into an empty folder', () => {
  it('says its licence and carries its notices and citation, of its own version', () => {
    const installed = join(folder, 'node_modules/archex-engine');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(manifest.license).toBe('MIT');
    const citation = readFileSync(join(root, 'CITATION.cff'), 'utf8');
    expect(/^version: (.+)$/m.exec(citation)?.[1]).toBe(manifest.version);
    for (const notice of ['LICENSE', 'THIRD_PARTY_LICENSES.md', 'CITATION.cff'])
      expect(readFileSync(join(installed, notice), 'utf8')).toBe(
        readFileSync(join(root, notice), 'utf8'),
      );
  });

  it('runs a preset exactly as `cli run --json` does, on worker threads, and the script ends by itself', async () => {
    const params = { sweep_rates: [0.01, 0.03], dims: '4x4x4', packet_flits: 4 };
    const out = await script(
      'run.mjs',
      `import { createArchex } from 'archex-engine';
const archex = createArchex({ threads: 2 });
const report = await archex.run('jmachine-random-traffic', ${JSON.stringify(params)}, { seed: 7 });
console.log(JSON.stringify(report, null, 2));
`,
    );
    const expected = await cli([
      'run',
      'jmachine-random-traffic',
      '--set',
      'sweep_rates=0.01,0.03',
      '--set',
      'dims=4x4x4',
      '--set',
      'packet_flits=4',
      '--set',
      'seed=7',
      '--json',
    ]);
    expect(JSON.parse(out).series).not.toEqual({});
    expect(out).toBe(withoutMadeBy(expected));
  });

  it('runs a preset with its own values through the top-level functions, as `cli run --json`; a model runs with its defaults', async () => {
    const out = await script(
      'top.mjs',
      `import { run, presets } from 'archex-engine';
const report = await run('multipsi-v1-comm');
const model = await run('multipsi_perf', { pes: 8 });
// A sweep, over every thread: the pool's idle timer must not keep the script either.
await run('jmachine-random-traffic', { dims: '4x4x4', sweep_rates: [0.01, 0.02] });
// What would keep the script running now that its work is done (nothing: it ends by itself).
setImmediate(() => console.log(JSON.stringify({
  presets: presets.length,
  report,
  model: ['preset' in model, model.seed, model.params.pes, model.validation.length],
  holding: process.getActiveResourcesInfo(),
})));
`,
    );
    const got = JSON.parse(out);
    expect(got.presets).toBeGreaterThan(40);
    const cliReport = withoutMadeBy(await cli(['run', 'multipsi-v1-comm', '--json']));
    expect(got.report).toEqual(JSON.parse(cliReport));
    expect(got.model).toEqual([false, 1, 8, 0]);
    // Only its stdout and stderr, piped to this test.
    expect(got.holding.filter((r: string) => r !== 'PipeWrap')).toEqual([]);
  });

  it('traces as `cli trace --json` and `--format perfetto` do, and describes a machine', async () => {
    const out = await script(
      'trace.mjs',
      `import { trace, perfetto, describe } from 'archex-engine';
const options = { from: 100, length: 200 };
console.log(JSON.stringify({
  trace: await trace('network-deadlock', {}, options),
  perfetto: await perfetto('network-deadlock', {}, options),
  describe: await describe('network-deadlock'),
  loads: (await describe('custom-network')).model.params.find((p) => p.name === 'sweep_rates'),
}));
`,
    );
    const got = JSON.parse(out);
    const flags = ['network-deadlock', '--from', '100', '--cycles', '200'];
    expect(got.trace.events.length).toBeGreaterThan(0);
    const cliTrace = withoutMadeBy(await cli(['trace', ...flags, '--json']));
    expect(got.trace).toEqual(JSON.parse(cliTrace));
    const cliPerfetto = await cli(['trace', ...flags, '--format', 'perfetto']);
    expect(got.perfetto).toEqual(JSON.parse(withoutMadeBy(cliPerfetto, undefined, ['otherData'])));
    expect(got.describe).toEqual(JSON.parse(await bin(['describe', 'network-deadlock', '--json'])));
    expect(got.describe.model.name).toBe('network_traffic');
    expect(got.describe.preset.id).toBe('network-deadlock');
    expect(Object.keys(got.describe.networks).length).toBeGreaterThan(0);
    // The custom network reads its curve's loads as fractions of the bound, and says so.
    expect(got.loads.unit).toBe('fractions of the capacity bound');
  });

  it('says what is wrong as a typed error naming the parameter and its range', async () => {
    const out = await script(
      'errors.mjs',
      `import { ArchexError, createArchex, run, trace } from 'archex-engine';
const caught = async (work) => {
  try { await work(); return 'no error'; }
  catch (e) { return { error: e instanceof ArchexError, kind: e.kind, param: e.param, message: e.message }; }
};
console.log(JSON.stringify([
  await caught(() => run('multipsi-v1-comm', { pes: 0 })),
  await caught(() => run('multipsi-v1-comm', { nope: 1 })),
  await caught(() => run('no-such-preset')),
  await caught(() => trace('network-deadlock', {}, { length: -5 })),
  await caught(async () => createArchex({ threads: 0 })),
  await caught(() => run('custom-network', { injection_rate: NaN })),
  await caught(() => run('custom-network', { topology: 'ring' })),
]));
`,
    );
    const [range, unknown, preset, window, threads, nan, choice] = JSON.parse(out);
    expect(range).toMatchObject({ error: true, kind: 'param', param: 'pes' });
    expect(range.message).toMatch(/'pes'.*Valid: 1 to 1024 PEs/);
    expect(unknown).toMatchObject({ error: true, kind: 'param', param: 'nope' });
    expect(unknown.message).toContain('valid: pes');
    expect(preset).toMatchObject({ error: true, kind: 'input' });
    expect(preset.message).toContain('multipsi-v1-comm');
    expect(window).toMatchObject({ error: true, kind: 'param', param: 'length' });
    expect(threads).toMatchObject({ error: true, kind: 'input', param: 'threads' });
    expect(threads.message).toBe('createArchex: threads 0 is not a whole number from 1 to 256');
    expect(nan.message).toContain("'injection_rate' = NaN: Not a finite number. Valid: 0.001 to 1");
    expect(choice.message).toContain(
      "'topology' = 'ring': Unknown choice 'ring'. Valid: mesh, torus, fly, crossbar",
    );
  });

  it("types a TypeScript user's code: its results, options and errors", async () => {
    writeFileSync(
      join(folder, 'use.ts'),
      `import { ArchexError, createArchex, run, type RunReport, type TraceResult } from 'archex-engine';
const report: RunReport = await run('jmachine-lcs', { nodes: 64 }, { seed: 2 });
const seed: number = report.seed;
const traced: TraceResult = await createArchex({ threads: 2 }).trace('network-deadlock');
const clock: string = traced.clock;
try { await run('x'); } catch (e) { if (e instanceof ArchexError) console.log(e.kind, e.param, seed, clock); }
// @ts-expect-error a report's seed is a number
const wrong: string = report.seed;
// @ts-expect-error no such option
await run('jmachine-lcs', {}, { sed: 2 });
export { wrong };
`,
    );
    writeFileSync(
      join(folder, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          noEmit: true,
          lib: ['es2023', 'dom'],
        },
        files: ['use.ts'],
      }),
    );
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const result = await exec(process.execPath, [tsc, '-p', '.'], { cwd: folder }).catch(
      (e: { stdout: string }) => e,
    );
    expect(result.stdout).toBe('');
  });

  it('its bin runs a sweep in shards with node alone on the PATH; merged they are the bytes of one run --json, and of the library', async () => {
    expect(readdirSync(join(folder, 'node-only'))).toEqual(['node']);
    const preset = 'paragon-pingpong';
    const shards = await Promise.all(
      ['0/2', '1/2'].map(async (shard, i) => {
        const file = `shard-${i}.jsonl`;
        writeFileSync(
          join(folder, file),
          await bin(['run', preset, '--shard', shard, '--jobs', '1']),
        );
        return file;
      }),
    );
    const [merged, one, library] = await Promise.all([
      bin(['merge', ...shards, '--json']),
      bin(['run', preset, '--json']),
      script(
        'sweep.mjs',
        `import { run } from 'archex-engine';
console.log(JSON.stringify(await run('${preset}'), null, 2));
`,
      ),
    ]);
    expect(Object.keys(JSON.parse(one).series).length).toBeGreaterThan(0);
    const run = withoutMadeBy(one, ['run', preset, '--json']);
    expect(withoutMadeBy(merged, ['merge', ...shards, '--json'])).toBe(run);
    expect(library).toBe(run);
  });

  it('its bin says what is wrong in words, exit 2, naming what is valid', async () => {
    const failed = await bin(['describe', 'no-such-machine']).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toMatch(
      /^unknown preset or model 'no-such-machine'; presets: .*paragon-pingpong.*; models: /,
    );
    expect(await bin(['--help'])).toMatch(/^ {2}archex run <preset-id>/m);
    // The package's engine is the build it was packed from, and says so.
    expect(await bin(['--version'])).toBe(`${buildText(madeBy(readEngineBuild()))}\n`);
  });
});
