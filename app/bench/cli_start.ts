// The packed bin's start: how long `archex run --booksim FILE` of one light point (BookSim2's
// examples/torus88 at 0.01 flits/node/cycle) takes to print its first line and to end, as a
// person waits on it. The median of 5 runs, each a fresh process.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { emit, root } from './measure';

const TORUS88 = [
  'topology = torus;',
  'k = 8;',
  'n = 2;',
  'routing_function = dim_order;',
  'num_vcs = 2;',
  'traffic = uniform;',
  'injection_rate = 0.01;',
].join('\n');

/** One run's milliseconds to its first output (stdout or stderr) and to its end. */
function once(bin: string, file: string): Promise<{ first: number; total: number }> {
  return new Promise((done, fail) => {
    const start = performance.now();
    let first = Infinity;
    const child = spawn('node', [bin, 'run', '--booksim', file, '--json']);
    const seen = () => (first = Math.min(first, performance.now() - start));
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0
        ? done({ first, total: performance.now() - start })
        : fail(new Error(`archex run --booksim exited ${code}`)),
    );
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function cliStart() {
  const bin = fileURLToPath(new URL('dist-lib/package/cli.js', root));
  const file = join(mkdtempSync(join(tmpdir(), 'archex-bench-')), 'torus88');
  writeFileSync(file, TORUS88);
  const runs = [];
  for (let i = 0; i < 5; i++) runs.push(await once(bin, file));
  emit('cli_booksim_light_point_first_output', median(runs.map((r) => r.first)), 'ms');
  emit('cli_booksim_light_point_total', median(runs.map((r) => r.total)), 'ms');
}
