// archex is MIT-licensed: its own notices agree, and everything it ships allows that and is listed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
const app = JSON.parse(read('package.json')) as { version: string; license: string };

/** Licences that let MIT-licensed code ship the package (SPDX identifiers). */
const ALLOWED = new Set([
  'MIT',
  'ISC',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  '0BSD',
  'CC0-1.0',
  'BlueOak-1.0.0',
  'MIT AND OFL-1.1',
  // A dedication to the public domain (postgres, the class server's PostgreSQL client).
  'Unlicense',
  // File-level copyleft: resvg's own files stay MPL-2.0, unmodified, beside archex's MIT code.
  'MPL-2.0',
]);

interface LockEntry {
  license?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/**
 * The production dependency tree from the lock file, each package's name and licence: what the
 * root's dependencies need, as Node resolves them (a nested node_modules first). Walked, not read
 * from the lock's dev flags: npm marks an optional dependency of a dev-only package (TypeScript's
 * native binaries, under react-i18next's optional peer) neither dev nor devOptional.
 */
function shipped(): Map<string, string | undefined> {
  const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> };
  const out = new Map<string, string | undefined>();
  const resolve = (from: string, name: string): string | undefined => {
    for (let dir = from; ; dir = dir.replace(/\/?node_modules\/(@[^/]+\/)?[^/]+$/, '')) {
      const path = `${dir === '' ? '' : `${dir}/`}node_modules/${name}`;
      if (lock.packages[path]) return path;
      if (dir === '') return undefined;
    }
  };
  const seen = new Set<string>();
  const visit = (path: string) => {
    const entry = lock.packages[path]!;
    const needs = { ...entry.dependencies, ...entry.optionalDependencies };
    for (const name of Object.keys(needs)) {
      const found = resolve(path, name);
      // An optional dependency for another platform is not installed.
      if (!found || seen.has(found)) continue;
      seen.add(found);
      out.set(name, lock.packages[found]!.license);
      visit(found);
    }
  };
  visit('');
  return out;
}

/** The licence each package row of THIRD_PARTY_LICENSES.md gives. */
function listed(): Map<string, string> {
  const text = read('THIRD_PARTY_LICENSES.md');
  const table = text.slice(text.indexOf('## Packages'));
  const rows = [...table.matchAll(/^\|\s*([^|\s]+)\s*\|\s*([^|]+?)\s*\|$/gm)];
  const pairs = rows.map((r): [string, string] => [r[1]!, r[2]!]);
  return new Map(pairs.filter(([name]) => !/^(Package|-+)$/.test(name)));
}

describe('licence', () => {
  it('is MIT in the licence file, the package and the citation, which has the version', () => {
    expect(read('LICENSE')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
    expect(app.license).toBe('MIT');
    const citation = read('CITATION.cff');
    expect(citation).toMatch(/^cff-version: 1\.2\.0$/m);
    expect(citation).toMatch(/^license: MIT$/m);
    expect(citation).toContain(`\nversion: ${app.version}\n`);
    expect(read('README.md')).toMatch(/\]\(CITATION\.cff\)/);
    expect(read('README.md')).toMatch(/\]\(LICENSE\)/);
  });

  it('lists every shipped package with a licence that allows MIT', () => {
    const table = listed();
    const problems: string[] = [];
    for (const [name, licence] of shipped()) {
      const row = table.get(name);
      if (row === undefined) problems.push(`${name}: not in THIRD_PARTY_LICENSES.md`);
      // A package whose manifest names no licence is listed by its LICENSE file's words.
      else if (licence !== undefined && row !== licence)
        problems.push(`${name}: listed as '${row}', its package says '${licence}'`);
      if (licence !== undefined && !ALLOWED.has(licence))
        problems.push(`${name}: '${licence}' is not a licence MIT code may ship`);
    }
    for (const name of table.keys())
      if (!shipped().has(name)) problems.push(`${name}: listed but no longer shipped`);
    expect(problems).toEqual([]);
  });
});
