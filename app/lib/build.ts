// `npm run pack:lib`: builds the engine as an npm package in dist-lib/package and packs it
// (dist-lib/archex-engine-<version>.tgz). The package holds:
//   node.js, node_worker.js       the library in Node, on worker threads
//   browser.js, web_worker.js     the library in browsers and bundlers, on Web Workers
//   cli.js                        the CLI as the bin `archex` (run, shard, merge, figure, trace,
//                                 validate, describe), on the same engine threads
//   archex.wasm                   the same wasm engine the explorer and the CLI run
//   node.d.ts, browser.d.ts       the declarations of the library's API and all it names, one
//                                 file an entry (tsc's declarations rolled up by API Extractor)
// Every preset is checked against the schema here and shipped in the code. The library's code
// imports nothing outside the package (a page may import browser.js by its URL alone); zod is a
// dependency only because the declarations of the presets' types are written in it. The bin's
// figure command imports the rest: pdfkit (which reads its font metrics from its own files),
// @resvg/resvg-js (native, prebuilt for each platform on the npm registry: no compiler) and the
// Arimo font files, which the PDF embeds; its pure-JS modules (React, D3, SVGO, svg-to-pdfkit)
// are bundled.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { BuildOptions } from 'esbuild';
import { build } from 'esbuild';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

import { presetsModule, stylesheets } from '../headless/bundle_plugins';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** Where the package is built and packed. */
export const LIB_DIST = join(root, 'dist-lib');
const out = join(LIB_DIST, 'package');
/** tsc's declarations, file by file, before they are rolled up (app/lib/tsconfig.build.json). */
const declarations = join(LIB_DIST, 'types');

const app = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
  license: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The version range the app itself depends on. */
function versionOf(name: string): string {
  const range = app.dependencies[name] ?? app.devDependencies[name];
  if (!range) throw new Error(`the package needs ${name}, which package.json does not list`);
  return range;
}

/** What the bin imports at run time rather than bundles (see above). */
const BIN_EXTERNAL = ['pdfkit', '@resvg/resvg-js', '@expo-google-fonts/arimo'];

/** The package's manifest: its entries by platform, its bin, its types, its dependencies. */
const manifest = {
  name: 'archex-engine',
  version: app.version,
  description:
    "archex's simulation engine (J-Machine, Multi-PSI, PIE64, Paragon, transputers, networks) " +
    'in WebAssembly: run, trace and validate its presets from Node or a browser',
  license: app.license,
  type: 'module',
  engines: { node: '>=20' },
  exports: {
    '.': {
      node: { types: './node.d.ts', default: './node.js' },
      default: { types: './browser.d.ts', default: './browser.js' },
    },
  },
  bin: { archex: './cli.js' },
  types: './node.d.ts',
  dependencies: Object.fromEntries(['zod', ...BIN_EXTERNAL].map((name) => [name, versionOf(name)])),
};

const common: BuildOptions = {
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  target: 'es2022',
  outdir: out,
  plugins: [presetsModule],
  logLevel: 'warning',
};

function run(command: string, args: string[], cwd = root): string {
  return execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** `entry`'s declarations and all they name as one file, `<entry>.d.ts`, zod imported. */
function rollUp(entry: string): void {
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: declarations,
      mainEntryPointFilePath: join(declarations, `app/lib/${entry}.d.ts`),
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            module: 'esnext',
            moduleResolution: 'bundler',
            target: 'es2022',
            lib: ['es2023', 'dom'],
            types: ['node'],
            typeRoots: [join(root, 'node_modules/@types')],
            strict: true,
          },
        },
      },
      dtsRollup: { enabled: true, untrimmedFilePath: join(out, `${entry}.d.ts`) },
      apiReport: { enabled: false },
      docModel: { enabled: false },
      tsdocMetadata: { enabled: false },
    },
    configObjectFullPath: undefined,
    packageJsonFullPath: join(declarations, 'package.json'),
  });
  const problems: string[] = [];
  const result = Extractor.invoke(config, {
    localBuild: true,
    messageCallback: (message) => {
      message.handled = true;
      if (message.logLevel === 'error' || message.logLevel === 'warning')
        problems.push(message.text);
    },
  });
  if (!result.succeeded || problems.length > 0) {
    throw new Error(`the ${entry} declarations did not roll up: ${problems.join('; ')}`);
  }
}

/** Builds the package folder and packs it; returns the tarball's path. */
export async function packLibrary(): Promise<string> {
  rmSync(LIB_DIST, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    ...common,
    platform: 'node',
    entryPoints: { node: 'app/lib/node.ts', node_worker: 'app/lib/node_worker.ts' },
  });
  await build({
    ...common,
    platform: 'browser',
    entryPoints: { browser: 'app/lib/browser.ts', web_worker: 'app/lib/web_worker.ts' },
    // The Emscripten glue's Node branch, never taken in a browser.
    external: ['fs', 'path'],
  });
  await build({
    ...common,
    platform: 'node',
    entryPoints: { cli: 'app/cli/package_bin.ts' },
    plugins: [presetsModule, stylesheets],
    external: ['zod', ...BIN_EXTERNAL],
    // React's production build only: its development one doubles the file.
    define: { 'process.env.NODE_ENV': '"production"' },
    // The bundled CommonJS modules (React's server renderer) require Node's own modules.
    banner: {
      js: [
        '#!/usr/bin/env node',
        "import { createRequire as archexRequire } from 'node:module';",
        'const require = archexRequire(import.meta.url);',
      ].join('\n'),
    },
  });
  for (const file of ['archex.wasm', 'archex.build.json'])
    copyFileSync(join(root, 'wasm/build', file), join(out, file));
  const tsconfig = join(root, 'app/lib/tsconfig.build.json');
  run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', tsconfig]);
  mkdirSync(join(declarations, 'wasm'));
  copyFileSync(join(root, 'wasm/archex.d.mts'), join(declarations, 'wasm/archex.d.mts'));
  // The declarations name the engine's types by the path the repository's code uses.
  writeFileSync(
    join(declarations, 'package.json'),
    JSON.stringify({
      name: manifest.name,
      version: manifest.version,
      imports: { '#wasm/archex': { types: './wasm/archex.d.mts' } },
    }),
  );
  for (const entry of ['node', 'browser']) rollUp(entry);
  copyFileSync(join(root, 'docs/library.md'), join(out, 'README.md'));
  for (const notice of ['LICENSE', 'THIRD_PARTY_LICENSES.md', 'CITATION.cff'])
    copyFileSync(join(root, notice), join(out, notice));
  writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const packed = JSON.parse(
    run('npm', ['pack', '--json', '--pack-destination', LIB_DIST], out),
  ) as { filename: string }[];
  return join(LIB_DIST, packed[0]!.filename);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const tarball = await packLibrary();
  console.log(relative(process.cwd(), tarball));
}
