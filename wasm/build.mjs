// Builds the engine and its embind bindings with Emscripten into wasm/build/archex.{mjs,wasm}.
// Incremental: ninja rebuilds only what changed.  --quiet prints nothing unless the build fails.
// --reuse: without emcc, the engine already built stands in (the CLI's scripts on a machine with
// Node alone), with a line on stderr when engine sources changed after it was built.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { builtWasm, onPath, writeBuildInfo } from './built.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const buildDir = join(root, 'wasm', 'build');
const quiet = process.argv.includes('--quiet');
const reuse = process.argv.includes('--reuse');
const install = 'run `npm run ready` (or `sudo apt-get install -y emscripten`)';

if (!onPath('emcc')) {
  const built = reuse ? builtWasm(root) : { state: 'missing' };
  if (built.state === 'missing') {
    console.error(
      reuse
        ? `${built.file} is not built and emcc is not here to build it: ${install}, then \`npm run build:wasm\``
        : `emcc not found: ${install}`,
    );
    process.exit(1);
  }
  if (built.state === 'stale') {
    console.error(
      `emcc not found: running the built engine, older than ${built.newer} (\`npm run build:wasm\` where Emscripten is rebuilds it)`,
    );
  }
  // Built elsewhere: the sources here may not be the ones it was built from, so a build that
  // came with its record keeps it.
  writeBuildInfo(root, { keep: true });
  process.exit(0);
}

// Debian's emscripten resolves its JS tools (acorn) from Debian's node modules.
const env = {
  ...process.env,
  NODE_PATH: ['/usr/share/nodejs', process.env.NODE_PATH].filter(Boolean).join(':'),
};
const stdio = quiet ? 'pipe' : 'inherit';

function run(cmd, args) {
  try {
    execFileSync(cmd, args, { cwd: root, env, stdio });
  } catch (error) {
    if (quiet) {
      process.stderr.write(error.stdout ?? '');
      process.stderr.write(error.stderr ?? '');
    }
    console.error(`wasm build failed: ${cmd} ${args.join(' ')}`);
    process.exit(1);
  }
}

if (!existsSync(join(buildDir, 'build.ninja'))) {
  run('emcmake', [
    'cmake',
    '-S',
    'wasm',
    '-B',
    buildDir,
    '-G',
    'Ninja',
    '-DCMAKE_BUILD_TYPE=Release',
    // emcmake's default emulator passes a flag node 20 rejects.
    `-DCMAKE_CROSSCOMPILING_EMULATOR=${process.execPath}`,
  ]);
}
run('cmake', ['--build', buildDir]);
writeBuildInfo(root);
