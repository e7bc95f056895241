// The library (docs/library.md) in Chromium as a notebook, another site or a bundled app uses
// it: the packed package imported by its address from a page of another origin, and installed
// into an app that Vite bundles, each running in Web Workers. Its run is compared with the CLI's
// for the same preset, byte for byte.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';

import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { build } from 'vite';

import { LIB_DIST, packLibrary } from '../app/lib/build';
import { withoutMadeBy } from '../app/cli/made_by_fixtures';

const exec = promisify(execFile);

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.html': 'text/html',
};

/** A static server on a port of its own: `files` gives a path's body and headers. */
async function serve(
  files: (path: string) => Promise<{ body: string | Buffer; headers?: Record<string, string> }>,
): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    files(path).then(
      ({ body, headers }) => {
        response.writeHead(200, {
          'Content-Type': TYPES[extname(path)] ?? 'text/html',
          // The package's server lets pages of other origins use it, as a CDN does.
          'Access-Control-Allow-Origin': '*',
          ...headers,
        });
        response.end(body);
      },
      () => {
        response.writeHead(404);
        response.end();
      },
    );
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The run every page makes, and the CLI's flags for it. */
const RUN = {
  preset: 'jmachine-random-traffic',
  params: { sweep_rates: [0.01, 0.03], dims: '4x4x4', packet_flits: 4 },
  seed: 7,
  flags: ['--set', 'sweep_rates=0.01,0.03', '--set', 'dims=4x4x4', '--set', 'packet_flits=4'],
};
const RUN_SCRIPT = `
  const report = await archex.run('${RUN.preset}', ${JSON.stringify(RUN.params)}, { seed: ${RUN.seed} });
  out.textContent = JSON.stringify(report, null, 2) + '\\n';`;

/** A page's module script: `script` with `archex` the library, its failure kept in words. */
function pageScript(load: string, script: string): string {
  return `const out = document.getElementById('out');
try {
  const archex = ${load};
  ${script}
} catch (e) {
  out.dataset.error = JSON.stringify({ name: e.name, kind: e.kind, param: e.param, message: e.message });
}
out.dataset.done = 'true';
`;
}

const servers: Server[] = [];
let lib: { origin: string };
let host: { origin: string };
/** What `cli run --json` prints for RUN, but what made it. */
let expected = '';

/** The host's pages: what each runs with the library, under what content security policy. */
const PAGES: Record<string, { script: string; policy?: () => string }> = {
  '/run': { script: RUN_SCRIPT },
  '/refused': {
    script: `
  await archex.run('multipsi-v1-comm');
  out.textContent = 'ran';`,
    policy: () =>
      `default-src 'none'; script-src 'unsafe-inline' ${lib.origin} 'wasm-unsafe-eval'; ` +
      `connect-src ${lib.origin}; worker-src 'none'`,
  },
};

// The tests share one pack of the library: one worker runs them, in order, after packing it once.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await packLibrary();
  const packageSite = await serve(async (path) => ({
    body: await readFile(join(LIB_DIST, 'package', path)),
  }));
  lib = packageSite;
  const hostSite = await serve(async (path) => {
    const { script, policy } = PAGES[path]!;
    return {
      body:
        '<!doctype html><title>host</title><pre id="out"></pre>\n<script type="module">\n' +
        `${pageScript(`await import('${lib.origin}/browser.js')`, script)}</script>`,
      ...(policy ? { headers: { 'Content-Security-Policy': policy() } } : {}),
    };
  });
  host = hostSite;
  servers.push(packageSite.server, hostSite.server);
  const tsx = join('node_modules', '.bin', 'tsx');
  const cli = ['--import', './app/cli/node_css.ts', 'app/cli/main.ts'];
  const args = [...cli, 'run', RUN.preset, ...RUN.flags, '--set', `seed=${RUN.seed}`, '--json'];
  expected = withoutMadeBy((await exec(tsx, args, { maxBuffer: 2 ** 28 })).stdout);
});

test.afterAll(() => {
  for (const server of servers) server.close();
});

/** The page's output once its script is done: its text, or its error. */
async function outcome(page: Page): Promise<{ text: string | null; error: string | null }> {
  const out = page.locator('#out');
  await expect(out).toHaveAttribute('data-done', 'true', { timeout: 120_000 });
  return { text: await out.textContent(), error: await out.getAttribute('data-error') };
}

test('runs a preset in Web Workers from a page of another origin, the same bits as `cli run --json`', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`${host.origin}/run`);
  expect(await outcome(page)).toEqual({ text: expected, error: null });
  // Started from blobs that import the package's worker: a page may not start another origin's
  // script as its worker.
  expect(page.workers().map((w) => w.url().slice(0, 5))).toContain('blob:');
  // Nothing but the two servers was asked for anything.
  const elsewhere = requests.filter(
    (url) => ![host.origin, lib.origin, 'blob:'].some((start) => url.startsWith(start)),
  );
  expect(elsewhere).toEqual([]);
});

test('a page whose policy refuses workers gets a typed error saying so, not a wait', async ({
  page,
}) => {
  await page.goto(`${host.origin}/refused`);
  const { error } = await outcome(page);
  expect(JSON.parse(error ?? '{}')).toMatchObject({ name: 'ArchexError' });
  expect(JSON.parse(error ?? '{}').message).toContain('content security policy');
});

test('runs in an app Vite bundled, its worker and wasm found under their new names', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const app = mkdtempSync(join(tmpdir(), 'archex-vite-'));
  try {
    writeFileSync(join(app, 'package.json'), '{ "private": true, "type": "module" }\n');
    const tarball = readdirSync(LIB_DIST).find((f) => f.endsWith('.tgz'))!;
    await exec(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', join(LIB_DIST, tarball)],
      { cwd: app },
    );
    writeFileSync(
      join(app, 'index.html'),
      '<!doctype html><title>app</title><pre id="out"></pre>\n' +
        '<script type="module" src="./main.js"></script>\n',
    );
    writeFileSync(
      join(app, 'main.js'),
      `import * as library from 'archex-engine';\n${pageScript('library', RUN_SCRIPT)}`,
    );
    await build({
      root: app,
      base: './',
      configFile: false,
      logLevel: 'error',
      build: { outDir: join(app, 'dist'), chunkSizeWarningLimit: 4096 },
    });
    const assets = readdirSync(join(app, 'dist', 'assets'));
    expect(assets.filter((f) => /^(web_worker|archex)-.+\.(js|wasm)$/.test(f))).toHaveLength(2);
    const site = await serve(async (path) => ({
      body: await readFile(join(app, 'dist', path === '/' ? 'index.html' : path)),
    }));
    servers.push(site.server);
    await page.goto(`${site.origin}/`);
    expect(await outcome(page)).toEqual({ text: expected, error: null });
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
});
