import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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
    expect(three.stdout).toBe(one.stdout);
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
    expect(again.stdout).toBe(first.stdout);
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
