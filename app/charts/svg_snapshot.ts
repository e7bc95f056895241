// Chart snapshots as SVG text, as Observable Plot keeps them (test/plot-snapshot.js): numbers
// rounded, generated ids renumbered, a -changed.svg written beside the stored file on mismatch.
// Test-only: it reads and writes snapshot files, which UI code never does.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

// React's useId ids across versions: ":r0:" (18), "«r0»" (19.0, 19.1), "_r_0_" (19.2 on).
const REACT_ID = /:[rR][0-9a-zA-Z]*:|«[rR][0-9a-zA-Z]*»|_[rR]_[0-9a-zA-Z]*_/g;
const DECIMAL = /-?\d+\.\d+(?:e[-+]?\d+)?/gi;

function renumberIds(markup: string): string {
  const ids = new Map<string, string>();
  return markup.replace(REACT_ID, (id) => {
    const known = ids.get(id);
    if (known) return known;
    const next = `id${ids.size}`;
    ids.set(id, next);
    return next;
  });
}

function roundNumbers(markup: string): string {
  return markup.replace(DECIMAL, (n) => {
    const rounded = Number(Number(n).toFixed(3));
    return String(rounded === 0 ? 0 : rounded);
  });
}

/** One element per line, indented by depth, so that snapshot diffs point at the element. */
function indent(markup: string): string {
  let depth = 0;
  return markup
    .replace(/<([\w:-]+)([^<>]*)><\/\1>/g, '<$1$2/>')
    .replace(/>\s*</g, '>\n<')
    .split('\n')
    .map((line) => {
      const leadingClose = line.startsWith('</');
      if (leadingClose) depth = Math.max(0, depth - 1);
      const out = `${'  '.repeat(depth)}${line}`;
      // A line may open and close several elements ("<title>t</title>text</text>").
      const opens = (line.match(/<[\w:-]+[^<>]*[^/]>|<[\w:-]+>/g) ?? []).length;
      const closes = (line.match(/<\//g) ?? []).length - (leadingClose ? 1 : 0);
      depth = Math.max(0, depth + opens - closes);
      return out;
    })
    .join('\n');
}

/**
 * Markup made comparable: decimals rounded to 3 places, React ids renumbered in order of
 * appearance, one element per line; attribute order is kept.
 */
export function normalizeSvg(markup: string): string {
  return `${indent(roundNumbers(renumberIds(markup.trim())))}\n`;
}

/** The first <svg>…</svg> element of rendered markup (a chart renders it inside a wrapper). */
export function extractSvg(markup: string): string {
  const start = markup.indexOf('<svg');
  const end = markup.lastIndexOf('</svg>');
  if (start < 0 || end < start) throw new Error('no <svg> element in the markup');
  return markup.slice(start, end + '</svg>'.length);
}

export interface SnapshotOptions {
  /** Folder of the stored snapshots. */
  dir?: URL;
  /** Write a missing snapshot instead of failing; from UPDATE_SNAPSHOTS=1 by default. */
  update?: boolean;
}

/**
 * Compares normalized `markup` with the stored `<name>.svg`. On a mismatch writes
 * `<name>-changed.svg` beside it and throws; a missing snapshot is written only when updating
 * (UPDATE_SNAPSHOTS=1), otherwise it is an error, so no snapshot passes unreviewed.
 */
export function checkSvgSnapshot(name: string, markup: string, options: SnapshotOptions = {}) {
  const dir = options.dir ?? new URL('./__snapshots__/', import.meta.url);
  const update = options.update ?? process.env.UPDATE_SNAPSHOTS === '1';
  const actual = normalizeSvg(extractSvg(markup));
  const stored = new URL(`${name}.svg`, dir);
  const changed = new URL(`${name}-changed.svg`, dir);
  if (!existsSync(stored)) {
    if (!update) {
      throw new Error(
        `No snapshot ${stored.pathname}; run with UPDATE_SNAPSHOTS=1 to write it, then review it.`,
      );
    }
    mkdirSync(dir, { recursive: true });
    writeFileSync(stored, actual);
    return;
  }
  if (readFileSync(stored, 'utf8') === actual) {
    rmSync(changed, { force: true });
    return;
  }
  writeFileSync(changed, actual);
  throw new Error(
    `Snapshot ${name}.svg differs; compare it with ${changed.pathname} and, if the change is ` +
      'intended, replace the stored file with it.',
  );
}
