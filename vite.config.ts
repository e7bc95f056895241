/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { build, defineConfig } from 'vite';

import { CSP, headersFor, readHeaderRules } from './server/site_headers.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = join(root, 'dist');

/**
 * Ships each built page's policy in it as a meta element (a static host may set no headers); the
 * preview server also sends it as a header, which covers the engine's workers too.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'archex-content-security-policy',
    apply: (_config, env) => env.command === 'build' || env.isPreview === true,
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: {
          'http-equiv': 'Content-Security-Policy',
          content: CSP,
        },
        injectTo: 'head-prepend',
      },
    ],
    configurePreviewServer(server) {
      server.middlewares.use((_req, res, next) => {
        res.setHeader('Content-Security-Policy', CSP);
        next();
      });
    },
  };
}

/**
 * The classic scripts of the embed: `embed.js`, the snippet's script (app/embed_script.ts), which
 * a host page of another origin loads with a plain <script src>, needing no CORS (a module script
 * would); and `embed-boot.js`, the first script of every page (app/embed_boot_script.ts), which
 * runs where the page's module scripts are refused (a frame sandboxed without allow-same-origin)
 * to say so. Each is one file beside the pages and adds no name to a page's globals.
 */
const CLASSIC_SCRIPTS = {
  'embed.js': 'app/embed_script.ts',
  'embed-boot.js': 'app/embed_boot_script.ts',
};
type ClassicScript = keyof typeof CLASSIC_SCRIPTS;

/** Builds the classic script `file`; written to dist/ when `write`. */
async function buildClassicScript(file: ClassicScript, write: boolean): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: false,
      write,
      target: 'es2020',
      rollupOptions: {
        input: join(root, CLASSIC_SCRIPTS[file]),
        output: { format: 'iife', entryFileNames: file },
      },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((c) => c.type === 'chunk');
    if (chunk?.type === 'chunk') return chunk.code;
  }
  throw new Error(`${file}: the build wrote no script`);
}

/**
 * Builds the classic scripts with the pages (the dev server builds them on request), and starts
 * each page with embed-boot.js. A page's stylesheet loads without CORS, so it styles the words
 * embed-boot.js shows where the module scripts were refused.
 */
function embedScripts(): Plugin {
  const files = Object.keys(CLASSIC_SCRIPTS) as ClassicScript[];
  return {
    name: 'archex-embed-scripts',
    // Written before closeBundle, where the service worker lists the built files.
    async writeBundle() {
      for (const file of files) await buildClassicScript(file, true);
    },
    configureServer(server) {
      for (const file of files) {
        server.middlewares.use(`/${file}`, (_req, res, next) => {
          buildClassicScript(file, false).then((code) => {
            res.setHeader('Content-Type', 'text/javascript');
            res.end(code);
          }, next);
        });
      }
    },
    // Every page boots from it: the explorer is framed too (a whole lesson on a course page).
    transformIndexHtml: {
      order: 'post',
      handler: (html) => ({
        html: html.replace(/(<link rel="stylesheet") crossorigin/g, '$1'),
        tags: [{ tag: 'script', attrs: { src: './embed-boot.js' }, injectTo: 'head' }],
      }),
    },
  };
}

/**
 * Sends the headers public/_headers gives (the file Netlify and Cloudflare Pages read, shipped in
 * the build) from the preview server, so it serves the site as such a host does.
 */
function staticHostHeaders(): Plugin {
  const rules = readHeaderRules(join(root, 'public/_headers'));
  return {
    name: 'archex-static-host-headers',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? '/', 'http://x').pathname;
        for (const [n, v] of headersFor(rules, path)) res.setHeader(n, v);
        next();
      });
    },
  };
}

/** Writes dist/sw.js listing every built file, versioned by their contents. */
function serviceWorker(): Plugin {
  return {
    name: 'archex-service-worker',
    apply: 'build',
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, withFileTypes: true })
        // _headers is the host's to read, not a file it serves. The Japanese faces (11 MB) are
        // fetched when a PDF of Japanese text is made, never for a reader who makes none.
        .filter(
          (e) =>
            e.isFile() &&
            e.name !== 'sw.js' &&
            e.name !== '_headers' &&
            !e.name.startsWith('NotoSansJP_'),
        )
        .map((e) => relative(outDir, join(e.parentPath, e.name)).split('\\').join('/'))
        .sort();
      const hash = createHash('sha256');
      for (const file of files) hash.update(file).update(readFileSync(join(outDir, file)));
      const template = readFileSync(join(root, 'app/offline/service_worker.js'), 'utf8');
      const source = template
        .replace("'__VERSION__'", JSON.stringify(hash.digest('hex').slice(0, 16)))
        .replace('__FILES__', JSON.stringify(['./', ...files]));
      writeFileSync(join(outDir, 'sw.js'), source);
    },
  };
}

/**
 * The build of the engine the page bundles, as wasm/build.mjs recorded it beside the wasm (JSON
 * text; null before one was built), for what the page's exports say made them.
 */
function engineBuild(): string {
  const file = join(root, 'wasm/build/archex.build.json');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : 'null';
}

export default defineConfig({
  root: 'app',
  define: { __ARCHEX_BUILD__: engineBuild() },
  // Relative asset URLs: the built site works from any base path.
  base: './',
  publicDir: '../public',
  plugins: [react(), contentSecurityPolicy(), staticHostHeaders(), embedScripts(), serviceWorker()],
  worker: { format: 'es' },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    // The embed page, the compact lesson view and the worksheet are entries of their own.
    rollupOptions: {
      input: {
        main: `${root}app/index.html`,
        embed: `${root}app/embed.html`,
        lesson: `${root}app/lesson.html`,
        worksheet: `${root}app/worksheet.html`,
      },
      // Code both pages use (React, the charts, the presets) in one chunk named for what it is.
      output: { chunkFileNames: 'assets/shared-[hash].js' },
    },
  },
  server: { fs: { allow: [root] } },
  test: {
    root,
    // Tests check results, not speed (the bench measures that): a slower CI machine must not
    // fail a test that takes 3 s here against Vitest's 5 s default, nor a hook (a database
    // started for a file) against its 10 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Stylesheets stay out of tests, except the text the figure renderer embeds (`x.css?raw`).
    css: { include: [/\.css\?raw$/] },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'app/**/*.test.{ts,tsx}',
            'presets/**/*.test.ts',
            'lint/**/*.test.ts',
            'server/**/*.test.ts',
          ],
          setupFiles: ['.ci/count_assertions.ts'],
          globalSetup: ['app/presets/shared_runs_setup.ts'],
        },
      },
      { extends: true, test: { name: 'bindings', include: ['wasm/**/*.test.ts'] } },
    ],
  },
});
