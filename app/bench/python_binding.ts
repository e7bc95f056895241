// The Python package's cost over the native runner on one network point: the wheel built and
// installed in a virtual environment of its own, then app/bench/python_overhead.py run there
// (interleaved pairs of `archex.run` and `archex_run`), its JSON lines passed on.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { root } from './measure';

export function pythonBinding() {
  const cwd = fileURLToPath(root);
  const venv = mkdtempSync(join(tmpdir(), 'archex-bench-python-'));
  try {
    execFileSync('bash', ['python/build_and_test.sh', '--venv', venv], {
      cwd,
      // Its build's words on stderr: stdout is the bench's JSON lines.
      stdio: ['ignore', process.stderr, 'inherit'],
    });
    const lines = execFileSync(
      join(venv, 'bin/python'),
      ['app/bench/python_overhead.py', 'engine/build/archex_run'],
      { cwd, encoding: 'utf8' },
    );
    process.stdout.write(lines);
  } finally {
    rmSync(venv, { recursive: true, force: true });
  }
}
