import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import LZString from 'lz-string';
import { describe, expect, it } from 'vitest';

import { readEngineBuild } from '../engine/node_module';
import { withoutMadeBy } from './made_by_fixtures';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Runs `npm run cli -- ...` as a script would. */
function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'cli', '--', ...args],
      { cwd: root, maxBuffer: 16 << 20 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('cli --jobs', () => {
  const loop = [
    'run',
    'jmachine-latency-load',
    '--set',
    'dims=4x4',
    '--set',
    'grain_cycles=0,30,100,300',
    '--set',
    'max_cycles=1000',
    '--json',
  ];

  it('gives the same bits on 1 and 3 worker threads', async () => {
    const [one, three] = await Promise.all([
      cli(...loop, '--jobs', '1'),
      cli(...loop, '--jobs', '3'),
    ]);
    expect(one.stderr).toBe('');
    expect(one.code).toBe(0);
    expect(three.code).toBe(0);
    const report = JSON.parse(one.stdout) as { series: Record<string, number[][]> };
    // Four message lengths, four grains each: every point is there.
    expect(Object.keys(report.series)).toContain('efficiency_vs_grain_n16');
    expect(withoutMadeBy(three.stdout, [...loop, '--jobs', '3'])).toBe(
      withoutMadeBy(one.stdout, [...loop, '--jobs', '1']),
    );
  }, 60_000);

  it('names the valid range for a bad --jobs and exits 2', async () => {
    const { code, stderr } = await cli('validate', 'jmachine-round-trip', '--jobs', '0');
    expect(code).toBe(2);
    expect(stderr.trim()).toBe("--jobs '0' is not a whole number from 1 to 256");
  }, 60_000);
});

describe('cli run --params', () => {
  it('reads back what run --json wrote, choices by name, to the same bits', async () => {
    const settings = ['topology=torus', 'vcs=2', 'dims=4x4', 'max_cycles=2000', 'seed=3'];
    const first = await cli(
      'run',
      'custom-network',
      '--json',
      '--jobs',
      '1',
      ...settings.flatMap((s) => ['--set', s]),
    );
    expect(first.code).toBe(0);
    const report = JSON.parse(first.stdout) as { params: Record<string, unknown> };
    expect(report.params.topology).toBe('torus');
    expect(report.params.switching).toBe('wormhole');
    const dir = mkdtempSync(join(tmpdir(), 'archex-params-'));
    const file = join(dir, 'run.json');
    writeFileSync(file, first.stdout);
    const again = await cli('run', '--params', file, '--json', '--jobs', '1');
    rmSync(dir, { recursive: true, force: true });
    expect(again.stderr).toBe('');
    expect(withoutMadeBy(again.stdout)).toBe(withoutMadeBy(first.stdout));
  }, 60_000);
});

describe('cli run, a run that runs out of memory', () => {
  it('exits 2 with what filled the memory and what to change, in words and no stack', async () => {
    // 64 MB rather than 2 GB: the same failure in a second rather than 110 s.
    const { code, stdout, stderr } = await cli(
      'run',
      'custom-network',
      '--max-memory',
      '64',
      '--jobs',
      '1',
      '--set',
      'dims=32x32',
      '--set',
      'packet_flits=1',
      '--set',
      'injection_rate=1',
      '--set',
      'warmup_cycles=100000',
    );
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(
      /^Out of memory while running\. [\d,]+ packets \([\d,]+ per node\) were waiting at the sources of the 1,024 nodes, .* Lower the offered load and the curve's loads, or use fewer nodes; .*\(The engine held \d+ MB when it asked for more\.\)\n$/,
    );
    expect(stderr).not.toMatch(/EngineError|\n\s+at /);
  }, 60_000);

  it('names the valid range of --max-memory', async () => {
    const { code, stderr } = await cli('run', 'multipsi-v1-comm', '--max-memory', '8');
    expect(code).toBe(2);
    expect(stderr.trim()).toBe("--max-memory '8' is not a whole number of MB from 16 to 4096");
  }, 60_000);
});

describe('cli run --shard stopped by a signal, resumed and merged', () => {
  // A sweep of 19 points, each a second or more: the signal comes while most are still to run.
  const sweep = [
    'run',
    'custom-network',
    '--set',
    'dims=12x12',
    '--set',
    'sweep_rates=0.1,0.15,0.2,0.25,0.3,0.35,0.4,0.45,0.5,0.55,0.6,0.65,0.7,0.75,0.8,0.85,0.9,0.95',
  ];

  it("SIGTERM to npm stops the run and its threads, leaving whole lines; --resume finishes the file, merge gives one run's bits", async () => {
    // npm run cli, as a job script starts it; SIGTERM goes to npm alone, as `kill <pid>` sends it.
    const child = spawn(
      'npm',
      ['run', '--silent', 'cli', '--', ...sweep, '--shard', '0/1', '--jobs', '2'],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Every process that holds the output (npm, tsx, the CLI's node) has ended once it closes.
    const closed = once(child.stdout, 'close');
    const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
    child.stdout.on('data', (d: Buffer) => {
      const before = stdout.split('\n').length;
      stdout += d.toString();
      // The header and the first point's line are out: stop it.
      if (before < 3 && stdout.split('\n').length >= 3) child.kill('SIGTERM');
    });
    const [code] = await exited;
    await closed;
    expect(stderr).toBe('archex: stopped by SIGTERM\n');
    expect(code).toBe(143);
    expect(stdout.endsWith('\n')).toBe(true);
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { point?: number });
    const points = lines.slice(1).map((l) => l.point);
    expect(points.length).toBeGreaterThan(0);
    expect(points.length).toBeLessThan(19);

    const dir = mkdtempSync(join(tmpdir(), 'archex-resume-'));
    try {
      const file = join(dir, 'shard-0.jsonl');
      writeFileSync(file, stdout);
      const resumed = await cli(...sweep, '--shard', '0/1', '--resume', file, '--jobs', '2');
      expect(resumed.stderr).toBe('');
      expect(resumed.code).toBe(0);
      expect(resumed.stdout).toBe('');
      const finished = readFileSync(file, 'utf8').trimEnd().split('\n');
      expect(finished.length).toBe(20);
      // The points the stopped run wrote stay as they were; only the others were added.
      expect(finished.slice(0, lines.length).join('\n')).toBe(stdout.trimEnd());
      const [merged, whole] = await Promise.all([
        cli('merge', file, '--json', '--jobs', '1'),
        cli(...sweep, '--json', '--jobs', '1'),
      ]);
      expect(merged.code).toBe(0);
      expect(withoutMadeBy(merged.stdout, ['merge', file, '--json', '--jobs', '1'])).toBe(
        withoutMadeBy(whole.stdout),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it('--time-limit stops a shard with exit 124, saying how many points it finished', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'archex-limit-'));
    try {
      const file = join(dir, 'shard.jsonl');
      // A 32x32 mesh: its 19 points take well over the 1 s limit even on an idle machine.
      const { code, stderr } = await cli(
        ...sweep,
        '--set',
        'dims=32x32',
        '--shard',
        '0/1',
        '--resume',
        file,
        '--time-limit',
        '1s',
        '--jobs',
        '1',
      );
      expect(code).toBe(124);
      const kept = readFileSync(file, 'utf8').trimEnd().split('\n').length - 1;
      // The limit first, then where the finished points are, in words true to their number.
      expect(stderr).toBe(
        `archex: the run reached its time limit of 1 s with ${kept} of 19 points finished ` +
          '(--time-limit)\n' +
          (kept === 0
            ? 'archex: no point finished: run it again with a longer --time-limit\n'
            : `archex: ${file} keeps the ${kept} finished point${kept === 1 ? '' : 's'}: ` +
              `run it again with --resume ${file} for the rest\n`),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('names --time-limit and its valid range for a bad value', async () => {
    for (const bad of ['10x', '30d']) {
      const { code, stderr } = await cli(...sweep, '--time-limit', bad);
      expect(code).toBe(2);
      expect(stderr.trim()).toBe(
        `--time-limit ${bad}: want a time from 1 s to 20 days, as a number of seconds or with ` +
          'a unit: 90s, 10m, 2h, 1d',
      );
    }
  }, 120_000);
});

describe('cli commands without a run', () => {
  it('describes a preset at values --set gives: a column of them, its network built from them', async () => {
    const { code, stdout } = await cli('describe', 'custom-network', '--set', 'dims=3x3', '--json');
    expect(code).toBe(0);
    const d = JSON.parse(stdout) as {
      given: Record<string, unknown>;
      networks: Record<string, { nodes: number }>;
    };
    expect(d.given).toEqual({ dims: [3, 3] });
    expect(Object.values(d.networks)[0]!.nodes).toBe(9);
    const text = await cli('describe', 'custom-network', '--set', 'dims=3x3');
    expect(text.stdout).toMatch(/^parameter +unit +default +preset +set +values$/m);
    expect(text.stdout).toMatch(/^dims +nodes +8, 8 +8, 8 +3, 3 /m);
    const bad = await cli('describe', 'custom-network', '--set', 'dims=1x3');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/dims/);
  }, 60_000);

  it('lists every preset; --help prints the usage (exit 0), no command or an unknown one exits 2', async () => {
    const { loadPresetsFromDisk } = await import('../presets/from_disk');
    const list = await cli('list');
    expect(list.code).toBe(0);
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^id +machine +title$/);
    // Each column starts under its heading.
    const starts = (line: string) => [...line.matchAll(/(?<=^| {2})\S/g)].map((m) => m.index);
    for (const line of lines.slice(2)) expect(starts(line)).toEqual(starts(lines[0]!));
    expect(lines.slice(2).map((l) => l.split(/\s+/)[0])).toEqual(
      loadPresetsFromDisk().map((p) => p.id),
    );
    const version = await cli('--version');
    const { version: archex, sources, wasm } = readEngineBuild();
    expect(version).toEqual({
      code: 0,
      stdout: `archex ${archex} (engine sources ${sources}, wasm ${wasm})\n`,
      stderr: '',
    });
    const help = await cli('--help');
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^usage:\n {2}npm run cli -- list\n/);
    expect(await cli()).toEqual({ code: 2, stdout: help.stdout, stderr: '' });
    const unknown = await cli('bogus');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      `unknown command 'bogus'; valid: list, run, merge, validate, trace, figure, describe\n${help.stdout}`,
    );
  }, 120_000);

  it("validates a preset's targets as a table with its summary, or as JSON, exit 0 when all are as expected", async () => {
    const table = await cli('validate', 'transputer-c104', '--jobs', '1');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^transputer-c104 +c104_p4_crossover_bytes +calibration +pass/m);
    expect(table.stdout).toMatch(
      /\nvalidation: all targets: passed 2 of 2 \(100\s%\)\n {2}independent targets \(without the 1 calibration targets, the 0 consistency checks and the 0 rows restating another\): passed 1 of 1 \(100\s%\)\n {2}independent targets over seeds \(the 0 stochastic ones pass on 15 of seeds 1-16\): passed 1 of 1 \(100\s%\)\n {2}by role: /,
    );
    const json = await cli('validate', 'transputer-c104', '--json', '--jobs', '1');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as {
      presets: { preset: string; validation: { metric: string }[] }[];
      summary: { notAsExpected: number };
    };
    expect(report.presets.map((p) => p.preset)).toEqual(['transputer-c104']);
    expect(report.presets[0]!.validation.map((v) => v.metric)).toEqual([
      'c104_p4_crossover_bytes',
      'c104_over_p4_500_1000',
    ]);
    expect(report.summary.notAsExpected).toBe(0);
    // A stochastic preset runs again on seeds 1-16: each such row with its count.
    const seeded = await cli('validate', 'pie64-congestion-writemn', '--json', '--jobs', '1');
    const rows = (
      JSON.parse(seeded.stdout) as {
        presets: { validation: { stochastic?: string; seeds?: { of: number } }[] }[];
        summary: { robust?: { of: number } };
      }
    ).presets[0]!.validation;
    expect(rows.filter((r) => r.stochastic === 'seed').map((r) => r.seeds?.of)).toEqual([
      16, 16, 16,
    ]);
    // Progress on stderr, piped or not: each preset as it is checked.
    expect(seeded.stderr).toMatch(
      /^validate: pie64-congestion-writemn done; 1 of 1 presets in \d+ (s|min)\n$/,
    );
    const dir = mkdtempSync(join(tmpdir(), 'archex-validate-'));
    try {
      // Its 16 runs in three shards, merged: what one validate prints, to the bit.
      const files = await Promise.all(
        ['0/3', '1/3', '2/3'].map(async (shard, i) => {
          const args = ['validate', 'pie64-congestion-writemn', '--shard', shard, '--jobs', '1'];
          const { code, stdout } = await cli(...args);
          expect(code).toBe(0);
          const header = JSON.parse(stdout.split('\n', 1)[0]!) as { runs: number };
          expect(header.runs).toBeGreaterThan(4);
          writeFileSync(join(dir, `v${i}.jsonl`), stdout);
          return join(dir, `v${i}.jsonl`);
        }),
      );
      // Shard 1/3 stopped part way through writing its second run: --resume runs only the rest.
      const [head, first, second] = readFileSync(files[1]!, 'utf8').split('\n');
      writeFileSync(files[1]!, `${head}\n${first}\n${second!.slice(0, 40)}`);
      const args = ['validate', 'pie64-congestion-writemn', '--jobs', '1', '--shard', '1/3'];
      const resumed = await cli(...args, '--resume', files[1]!);
      expect(resumed).toMatchObject({ code: 0, stdout: '' });
      expect(resumed.stderr).toMatch(
        /^archex: \S+v1\.jsonl:3: a torn last line \(the shard stopped while writing/,
      );
      const merged = await cli('merge', ...files, '--json');
      expect(merged.code).toBe(0);
      expect(withoutMadeBy(merged.stdout, ['merge', ...files, '--json'])).toBe(
        withoutMadeBy(seeded.stdout),
      );
      const part = await cli('merge', files[0]!, files[2]!);
      expect(part.code).toBe(2);
      expect(part.stderr).toMatch(
        /^merge: \d+ of 16 validate runs missing:\n {2}shard 1\/3: \d+ runs \(pie64-congestion-writemn seed=\d+, .*\): `npm run cli -- validate pie64-congestion-writemn --jobs 1 --shard 1\/3` runs them\n$/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const one = await cli('validate', 'pie64-congestion-writemn', '--one-seed', '--jobs', '1');
    expect(one.stdout).toMatch(/over seeds: not run \(--one-seed\); 3 are stochastic\n/);
    expect(one.stdout).not.toMatch(/ of 16 seeds/);
    const misuse = await cli('validate', 'transputer-c104', '--params', 'x.json');
    expect(misuse).toEqual({
      code: 2,
      stdout: '',
      stderr: 'validate runs the presets as they are; --params goes with run\n',
    });
  }, 120_000);
});

/** Runs main.ts with tsx directly, on the wasm engine as built (no rebuild check). */
function tsxCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npx',
      ['tsx', '--import', './app/cli/node_css.ts', 'app/cli/main.ts', ...args],
      { cwd: root, maxBuffer: 16 << 20 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

describe('cli run --booksim', () => {
  const dir = mkdtempSync(join(tmpdir(), 'archex-booksim-'));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  /** `run --booksim config`, short, on one thread, as `format` (--csv or --json). */
  const runShort = (config: string, format: '--csv' | '--json') =>
    tsxCli('run', '--booksim', config, '--set', 'max_cycles=2000', '--jobs', '1', format);
  /** The state of the explorer link printed on stderr. */
  const linkState = <T>(stderr: string): T => {
    const link = /explorer link: (\S+)/.exec(stderr)?.[1];
    const payload = new URL(link!).searchParams.get('s')!;
    return JSON.parse(
      payload[0] === 'z'
        ? LZString.decompressFromEncodedURIComponent(payload.slice(1))
        : decodeURIComponent(payload.slice(1)),
    ) as T;
  };

  it('runs a BookSim2 file as the custom network, naming what it leaves out, with its link', async () => {
    const config = file(
      'mesh44',
      [
        '// a 4x4 mesh as BookSim2 writes it',
        'topology = mesh; k = 4; n = 2;',
        'routing_function = dor;',
        'num_vcs = 2; vc_buf_size = 4;',
        'input_speedup = 2;',
        'traffic = transpose; packet_size = 2; injection_rate = 0.01;',
      ].join('\n'),
    );
    const { code, stdout, stderr } = await tsxCli(
      'run',
      '--booksim',
      config,
      // a BookSim key over the file's, as BookSim2's command line takes it
      'injection_rate=0.02',
      '--set',
      'sweep_scale=flits/node/cycle',
      '--set',
      'sweep_rates=0.02',
      '--set',
      'max_cycles=2000',
      '--jobs',
      '1',
      '--csv',
    );
    expect(code).toBe(0);
    // What made it first, as a comment a CSV reader skips, with the command to run it again.
    expect(stdout.split('\n', 2)).toEqual([
      `# made by: archex ${readEngineBuild().version} (engine sources ${readEngineBuild().sources}, wasm ` +
        `${readEngineBuild().wasm}): npm run cli -- run --booksim ${config} injection_rate=0.02 ` +
        '--set sweep_scale=flits/node/cycle --set sweep_rates=0.02 --set max_cycles=2000 ' +
        '--jobs 1 --csv',
      'metric,value,unit',
    ]);
    // 0.02 packets of 2 flits a cycle
    expect(stdout).toMatch(/^offered_flits_per_node_cycle,0\.04,/m);
    expect(stderr).toMatch(/input_speedup: 2 not modelled/);
    const state = linkState<{
      preset: string;
      params: Record<string, unknown>;
      booksim: { name: string; notes: { key: string; reason: string }[] };
    }>(stderr);
    expect(state.preset).toBe('custom-network');
    expect(state.params).toMatchObject({ dims: [4, 4], vcs: 2, buffer_flits: 4, packet_flits: 2 });
    // The notes printed go with the link, so the explorer says them too.
    expect(state.booksim.name).toBe('mesh44');
    expect(state.booksim.notes).toContainEqual({
      key: 'input_speedup',
      reason: expect.stringMatching(/^2 not modelled/) as unknown as string,
    });
  }, 60_000);

  it("runs the file's load alone, as BookSim2 does, its link opening the whole curve", async () => {
    const config = file(
      'mesh33',
      'topology = mesh; k = 3; n = 2; routing_function = dor; injection_rate = 0.03;',
    );
    const { code, stdout, stderr } = await runShort(config, '--json');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as {
      params: Record<string, unknown>;
      results: Record<string, number>;
    };
    // The curve is the file's load, the same run: twice the chosen point's cycles, no more.
    expect(report.params).toMatchObject({ sweep_rates: [0.03], sweep_scale: 'flits/node/cycle' });
    expect(report.results.total_simulated_cycles).toBe(2 * report.results.simulated_cycles!);
    const state = linkState<{ params: Record<string, unknown> }>(stderr);
    // The link keeps the preset's curve: a link names only what differs from the preset.
    expect(state.params).toMatchObject({ dims: [3, 3] });
    expect(state.params).not.toHaveProperty('sweep_rates');
    expect(state.params).not.toHaveProperty('sweep_scale');
  }, 60_000);

  it('refuses a BookSim key over the file that is not key=value, and a value out of range', async () => {
    const config = file('t44', 'topology = torus; k = 4; routing_function = dim_order;');
    const bad = await tsxCli('run', '--booksim', config, 'num_vcs=');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/'num_vcs=' is not a BookSim key=value/);
    const range = await tsxCli('run', '--booksim', config, 'num_vcs=40');
    expect(range.code).toBe(2);
    expect(range.stderr).toMatch(/num_vcs: '40' is not a whole number from 1 to 16/);
  }, 60_000);

  it("runs an anynet, reading its network_file from the configuration's folder", async () => {
    file('net', 'router 0 node 0 node 1 router 1 10\nrouter 1 node 2\n');
    const config = file(
      'anynet',
      'topology = anynet; network_file = net; routing_function = min; injection_rate = 0.01;',
    );
    const { code, stdout, stderr } = await runShort(config, '--csv');
    expect(stderr).not.toMatch(/topology|network_file/);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^accepted_flits_per_node_cycle,0\.0\d+,/m);
    const missing = await tsxCli(
      'run',
      '--booksim',
      file('lost', 'topology = anynet; network_file = none; routing_function = min;'),
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`BookSim network_file: ${join(dir, 'none')}: ENOENT`);
  }, 60_000);

  it('refuses a topology archex has not, naming the key and what it supports', async () => {
    const config = file('qt', 'topology = qtree; routing_function = nca;');
    const { code, stderr } = await tsxCli('run', '--booksim', config);
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(
      `--booksim ${config}: BookSim topology: 'qtree' is not modelled by archex; it supports mesh, torus, cmesh, fly, dragonflynew, fattree, flatfly, anynet`,
    );
  }, 60_000);
});
