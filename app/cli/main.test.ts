import { execFile } from 'node:child_process';
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
