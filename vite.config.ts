/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { build, defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = join(root, 'dist');

/**
 * The content security policy of both pages: scripts and workers only from the site, the engine's
 * wasm compiled under 'wasm-unsafe-eval' (its glue is built without eval), no plugins, no <base>.
 * Inline styles stay allowed: React sets style attributes and an SVG export carries its own
 * stylesheet. PNG export draws the SVG from a blob: URL.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * Ships the policy in each built page as a meta element (a static host may set no headers); the
 * preview server also sends it as a header, which covers the engine's workers too.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'archex-content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/**
 * The embed snippet's script (app/embed_script.ts) as one classic script, `embed.js` beside the
 * pages: a host page of another origin loads it with a plain <script src>, which needs no CORS
 * (a module script would), and it adds no name to the host page's globals. Written to dist/ when `write`.
 */
async function buildEmbedScript(write: boolean): Promise<string> {
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
        input: join(root, 'app/embed_script.ts'),
        output: { format: 'iife', entryFileNames: 'embed.js' },
      },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if (!('output' in result)) continue;
    const chunk = result.output.find((c) => c.type === 'chunk');
    if (chunk?.type === 'chunk') return chunk.code;
  }
  throw new Error('embed.js: the build wrote no script');
}

/** Builds embed.js with the pages; the dev server builds it on request. */
function embedScript(): Plugin {
  return {
    name: 'archex-embed-script',
    // Written before closeBundle, where the service worker lists the built files.
    async writeBundle() {
      await buildEmbedScript(true);
    },
    configureServer(server) {
      server.middlewares.use('/embed.js', (_req, res, next) => {
        buildEmbedScript(false).then((code) => {
          res.setHeader('Content-Type', 'text/javascript');
          res.end(code);
        }, next);
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
        .filter((e) => e.isFile() && e.name !== 'sw.js')
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

export default defineConfig({
  root: 'app',
  // Relative asset URLs: the built site works from any base path.
  base: './',
  publicDir: '../public',
  plugins: [react(), contentSecurityPolicy(), embedScript(), serviceWorker()],
  worker: { format: 'es' },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    // The embed page is its own entry, so it loads only the chart code.
    rollupOptions: {
      input: { main: `${root}app/index.html`, embed: `${root}app/embed.html` },
      // Code both pages use (React, the charts, the presets) in one chunk named for what it is.
      output: { chunkFileNames: 'assets/shared-[hash].js' },
    },
  },
  server: { fs: { allow: [root] } },
  preview: { headers: { 'Content-Security-Policy': CSP } },
  test: {
    root,
    // Tests check results, not speed (the bench measures that): a slower CI machine must not
    // fail a test that takes 3 s here against Vitest's 5 s default.
    testTimeout: 60_000,
    // Stylesheets stay out of tests, except the text the figure renderer embeds (`x.css?raw`).
    css: { include: [/\.css\?raw$/] },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'presets/**/*.test.ts', 'lint/**/*.test.ts'],
        },
      },
      { extends: true, test: { name: 'bindings', include: ['wasm/**/*.test.ts'] } },
    ],
  },
});
