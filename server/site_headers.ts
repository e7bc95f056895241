// The headers the explorer is served with, declared once: by the preview server (vite.config.ts)
// and by the class server in production (server/main.ts).
import { readFileSync } from 'node:fs';

/**
 * The content security policy of the explorer and the embed page: scripts and workers only from
 * the site, the engine's wasm compiled under 'wasm-unsafe-eval' (its glue is built without eval),
 * no plugins, no <base>. Inline styles stay allowed: React sets style attributes and an SVG export
 * carries its own stylesheet. PNG export draws the SVG from a blob: URL. Workers may also start
 * from blob: addresses: in a frame sandboxed without allow-same-origin (a chart's embed, a whole
 * lesson on a course page) the engine's worker can only start from a blob: address the page made
 * itself (app/engine/start_worker.ts); the blob holds no script of its own, it imports the site's.
 * The class's socket is on the site's own origin, which 'self' covers.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export interface HeaderRule {
  path: string;
  headers: [string, string][];
}

/**
 * The rules of a `_headers` file (the file Netlify and Cloudflare Pages read, shipped in the
 * build): `path` lines (exact, or a prefix ending in '*'), each followed by its indented
 * `Name: value` lines.
 */
export function readHeaderRules(file: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ path: line.trim(), headers: [] });
    else {
      const colon = line.indexOf(':');
      rules.at(-1)?.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
    }
  }
  return rules;
}

/** The headers the rules give a request's path. */
export function headersFor(rules: HeaderRule[], path: string): [string, string][] {
  const matches = (rule: string) =>
    rule.endsWith('*') ? path.startsWith(rule.slice(0, -1)) : path === rule;
  return rules.filter((r) => matches(r.path)).flatMap((r) => r.headers);
}
