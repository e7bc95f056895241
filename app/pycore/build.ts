// `npm run build:python-core`: bundles the Python package's core (core.ts) into one classic script,
// python/archex/_core.js, that a bare V8 (mini-racer) evaluates: presets inlined, the stylesheets a
// figure embeds inlined as text, React's production build, nothing imported at run time.
import { mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Plugin } from 'esbuild';
import { build } from 'esbuild';

import { presetsModule, stylesheets } from '../headless/bundle_plugins';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** Where the Python package looks for its core. */
export const CORE_FILE = join(root, 'python/archex/_core.js');

/**
 * `react-dom/server` as its legacy renderer alone, which renderToStaticMarkup is: the streaming
 * one beside it needs MessageChannel and TextEncoder at load, which a bare V8 has not.
 */
const staticRenderer: Plugin = {
  name: 'archex-static-renderer',
  setup(plugin) {
    plugin.onResolve({ filter: /^react-dom\/server$/ }, () => ({
      path: join(root, 'node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js'),
    }));
  },
};

/** Builds the core; returns its size in bytes. */
export async function buildPythonCore(file = CORE_FILE): Promise<number> {
  mkdirSync(dirname(file), { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['app/pycore/core.ts'],
    outfile: file,
    bundle: true,
    format: 'iife',
    platform: 'neutral',
    mainFields: ['browser', 'module', 'main'],
    conditions: ['browser'],
    target: 'es2022',
    plugins: [presetsModule, stylesheets, staticRenderer],
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  return Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const bytes = await buildPythonCore();
  console.log(`${relative(process.cwd(), CORE_FILE)}: ${(bytes / 2 ** 20).toFixed(1)} MB`);
}
