import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';

import { distSizes } from './dist_sizes';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('distSizes()', () => {
  it('names each figure once: JavaScript per file, then the js, wasm and css totals', () => {
    dir = mkdtempSync(join(tmpdir(), 'archex-dist-'));
    const files: Record<string, string> = {
      'main-D0SphJ_v.js': 'main '.repeat(50),
      'shared-B6Aaca4y.js': 'react '.repeat(80),
      'shared-FAja5gJG.js': 'charts '.repeat(90),
      'archex-B0T2zwfd.wasm': 'wasm '.repeat(200),
      'styles-BxBa4fZd.css': 'body {} '.repeat(30),
      'icon.svg': '<svg/>',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const gz = (name: string) => gzipSync(files[name]!, { level: 9 }).length;
    const figures = distSizes(dir);
    const names = figures.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(figures).toEqual([
      { name: 'dist.main.js.gzip', value: gz('main-D0SphJ_v.js'), unit: 'bytes' },
      {
        name: 'dist.shared.js.gzip',
        value: gz('shared-B6Aaca4y.js') + gz('shared-FAja5gJG.js'),
        unit: 'bytes',
      },
      {
        name: 'dist.js.gzip_total',
        value: gz('main-D0SphJ_v.js') + gz('shared-B6Aaca4y.js') + gz('shared-FAja5gJG.js'),
        unit: 'bytes',
      },
      { name: 'dist.wasm.gzip_total', value: gz('archex-B0T2zwfd.wasm'), unit: 'bytes' },
      { name: 'dist.css.gzip_total', value: gz('styles-BxBa4fZd.css'), unit: 'bytes' },
    ]);
  });
});
