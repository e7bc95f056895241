// `npm test`: every stage in order, each an npm script, stopping at the first that fails with its
// exit code; at the end (or at the failure) a table of each stage's wall time, so a slow stage is
// seen in the log without timing anything by hand.
import { spawn } from 'node:child_process';

// A stage whose script also builds (test:sanitize, build) finds that build done by
// the stage before it: ninja checks and has nothing to do.
const STAGES = [
  ['ready', 'ready:test'],
  // The engine's tests and the runner the bindings compare with, built once, with sanitizers: a
  // Release build checked nothing the sanitized one does not (`npm run test:native` keeps it for a
  // quick loop, the bench for its timings).
  ['engine build', 'build:sanitize'],
  ['engine tests', 'test:sanitize'],
  ['wasm build', 'build:wasm'],
  ['bindings', 'test:bindings'],
  ['typecheck', 'typecheck'],
  ['lint', 'lint'],
  ['unit', 'test:unit'],
  // The Python package: its wheel built (incrementally, in python/build), installed in a fresh
  // virtual environment and tested against the native runner and the wasm module built above.
  ['python', 'test:python'],
  ['vite build', 'build'],
  ['e2e', 'test:e2e'],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(script) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

const minutes = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

const times = [];
let failed = 0;
const start = Date.now();
for (const [name, script] of STAGES) {
  const begun = Date.now();
  const code = await run(script);
  times.push([name, Date.now() - begun, code]);
  if (code !== 0) {
    failed = code;
    break;
  }
}

const width = Math.max(...STAGES.map(([name]) => name.length));
console.log('\nnpm test, wall time of each stage (m:ss):');
for (const [name, ms, code] of times)
  console.log(
    `  ${name.padEnd(width)}  ${minutes(ms).padStart(6)}${code ? `  failed (exit ${code})` : ''}`,
  );
console.log(`  ${'total'.padEnd(width)}  ${minutes(Date.now() - start).padStart(6)}`);
process.exit(failed);
