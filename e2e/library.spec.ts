// The library (docs/library.md) in Chromium as a notebook or another site uses it: the built
// package served from one origin, imported by its address from a page of another, running in
// Web Workers. Its run is compared with the CLI's for the same preset, byte for byte.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';

import { expect, test } from '@playwright/test';

import { LIB_DIST, packLibrary } from '../app/lib/build';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.html': 'text/html',
};

/** A static server of `files` (path to body) or of a folder, on a port of its own. */
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

let lib: { server: Server; origin: string };
let host: { server: Server; origin: string };

/** The host's pages: what each runs with the library, under what content security policy. */
const PAGES: Record<string, { script: string; policy?: () => string }> = {
  '/run': {
    script: `
  const report = await archex.run('jmachine-random-traffic',
    { sweep_rates: [0.01, 0.03], dims: '4x4x4', packet_flits: 4 }, { seed: 7 });
  out.textContent = JSON.stringify(report, null, 2) + '\\n';`,
  },
  '/refused': {
    script: `
  await archex.run('multipsi-v1-comm');
  out.textContent = 'ran';`,
    policy: () =>
      `default-src 'none'; script-src 'unsafe-inline' ${lib.origin} 'wasm-unsafe-eval'; ` +
      `connect-src ${lib.origin}; worker-src 'none'`,
  },
};

/** A page of the host's origin that imports the library by its address and runs `script`. */
function hostPage(script: string): string {
  return `<!doctype html><title>host</title><pre id="out"></pre>
<script type="module">
const out = document.getElementById('out');
try {
  const archex = await import('${lib.origin}/browser.js');
  ${script}
} catch (e) {
  out.dataset.error = JSON.stringify({ name: e.name, kind: e.kind, param: e.param, message: e.message });
}
out.dataset.done = 'true';
</script>`;
}

test.beforeAll(async () => {
  await packLibrary();
  lib = await serve(async (path) => ({ body: await readFile(join(LIB_DIST, 'package', path)) }));
  host = await serve(async (path) => {
    const { script, policy } = PAGES[path]!;
    return {
      body: hostPage(script),
      ...(policy ? { headers: { 'Content-Security-Policy': policy() } } : {}),
    };
  });
});

test.afterAll(() => {
  lib?.server.close();
  host?.server.close();
});

test('runs a preset in Web Workers from a page of another origin, the same bits as `cli run --json`', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`${host.origin}/run`);
  await expect(page.locator('#out')).toHaveAttribute('data-done', 'true', { timeout: 120_000 });
  expect(await page.locator('#out').getAttribute('data-error')).toBeNull();
  // Started from a blob that imports the package's worker: a page may not start another
  // origin's script as its worker.
  expect(page.workers().length).toBeGreaterThan(0);
  const { stdout } = await promisify(execFile)(
    join('node_modules', '.bin', 'tsx'),
    [
      '--import',
      './app/cli/node_css.ts',
      'app/cli/main.ts',
      'run',
      'jmachine-random-traffic',
      '--set',
      'sweep_rates=0.01,0.03',
      '--set',
      'dims=4x4x4',
      '--set',
      'packet_flits=4',
      '--set',
      'seed=7',
      '--json',
    ],
    { maxBuffer: 2 ** 28 },
  );
  expect(await page.locator('#out').textContent()).toBe(stdout);
  // Nothing but the two servers was asked for anything.
  const elsewhere = requests.filter(
    (url) =>
      !url.startsWith(host.origin) && !url.startsWith(lib.origin) && !url.startsWith('blob:'),
  );
  expect(elsewhere).toEqual([]);
});

test('a page whose policy refuses workers gets a typed error saying so, not a wait', async ({
  page,
}) => {
  await page.goto(`${host.origin}/refused`);
  await expect(page.locator('#out')).toHaveAttribute('data-done', 'true');
  const error = JSON.parse((await page.locator('#out').getAttribute('data-error')) ?? '{}');
  expect(error).toMatchObject({ name: 'ArchexError' });
  expect(error.message).toContain('content security policy');
});
