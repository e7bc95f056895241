import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One bench figure: {"name", "value", "unit"}. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
}

/**
 * The gzip sizes of what dist/assets ships, each figure once: every JavaScript file by its name
 * without the content hash (chunks sharing a name summed), then the totals of the JavaScript, the
 * wasm and the CSS. The wasm and the stylesheet are one file each, so only their totals are given.
 */
export function distSizes(assets: string): Figure[] {
  const byName = new Map<string, number>();
  const totals = { js: 0, wasm: 0, css: 0 };
  for (const file of readdirSync(assets).sort()) {
    const ext = file.split('.').pop();
    if (ext !== 'js' && ext !== 'wasm' && ext !== 'css') continue;
    const gz = gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
    totals[ext] += gz;
    if (ext !== 'js') continue;
    const name = `dist.${file.replace(/-[\w-]{8}\./, '.')}.gzip`;
    byName.set(name, (byName.get(name) ?? 0) + gz);
  }
  return [
    ...[...byName].map(([name, value]) => ({ name, value, unit: 'bytes' })),
    { name: 'dist.js.gzip_total', value: totals.js, unit: 'bytes' },
    { name: 'dist.wasm.gzip_total', value: totals.wasm, unit: 'bytes' },
    { name: 'dist.css.gzip_total', value: totals.css, unit: 'bytes' },
  ];
}
