// The Docker image runs the server from a few copied folders and the production dependencies
// (no Docker runs in CI): every file the server imports is among what the runtime stage copies,
// and every package it imports, and tsx that runs it, is a production dependency.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** What the Dockerfile's last stage copies from the build context (not from another stage). */
function copied(): string[] {
  const stages = read('Dockerfile').split(/^FROM /m);
  return [...stages.at(-1)!.matchAll(/^COPY (?!--from)(\S+) /gm)].map((m) => m[1]!);
}

/** The server's own files and the packages they import, as esbuild follows its imports. */
async function imports(): Promise<{ files: string[]; packages: string[] }> {
  const result = await build({
    entryPoints: [join(root, 'server/main.ts')],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.values(result.metafile.inputs);
  const packages = inputs.flatMap((i) => i.imports.filter((m) => m.external).map((m) => m.path));
  return {
    files: Object.keys(result.metafile.inputs),
    packages: [...new Set(packages.filter((p) => !p.startsWith('node:')))],
  };
}

/** A package's name from an import of it or of a file in it (`hono/body-limit` is hono). */
const packageOf = (path: string) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');

describe('the Dockerfile', () => {
  it('copies every file the server imports into the runtime stage', async () => {
    const paths = copied();
    const { files } = await imports();
    const left = files.filter((f) => !paths.some((p) => f === p || f.startsWith(`${p}/`)));
    expect(left).toEqual([]);
  });

  it('finds every package the server imports, and tsx, among the production dependencies', async () => {
    const manifest = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    const { packages } = await imports();
    // Vite serves the development server alone (--dev), never the image.
    const needed = [...packages.map(packageOf).filter((p) => p !== 'vite'), 'tsx'];
    expect(needed.filter((p) => !(p in manifest.dependencies))).toEqual([]);
    expect(read('Dockerfile')).toMatch(/^CMD \["node", "--import", "tsx", "server\/main\.ts"\]$/m);
  });
});
