/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: 'app',
  // Relative asset URLs: the built site works from any base path.
  base: './',
  publicDir: '../public',
  plugins: [react()],
  worker: { format: 'es' },
  build: { outDir: '../dist', emptyOutDir: true, target: 'es2022' },
  server: { fs: { allow: [root] } },
  test: {
    root,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['app/**/*.test.ts', 'presets/**/*.test.ts'] },
      },
      { extends: true, test: { name: 'bindings', include: ['wasm/**/*.test.ts'] } },
    ],
  },
});
