// Builds the engine and its embind bindings with Emscripten into wasm/build/archex.{mjs,wasm}.
// Incremental: ninja rebuilds only what changed.  --quiet prints nothing unless the build fails.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const buildDir = join(root, 'wasm', 'build');
const quiet = process.argv.includes('--quiet');

const hasEmcc = spawnSync('sh', ['-c', 'command -v emcc'], { stdio: 'ignore' }).status === 0;
if (!hasEmcc) {
  console.error('emcc not found: run `npm run ready` (or `sudo apt-get install -y emscripten`)');
  process.exit(1);
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
