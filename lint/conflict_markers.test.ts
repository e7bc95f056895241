// A merge's conflict markers never reach a commit: a file holding one is a merge left half done.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const MARKER = /^(<{7} |>{7} |={7}$)/m;

describe('tracked text files', () => {
  it('hold no merge conflict markers', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((f) => /\.(ts|tsx|mjs|js|json|css|md|cpp|h|txt|cmake|sh|html|yml|cff)$/.test(f));
    const marked = files.filter((f) => MARKER.test(readFileSync(join(root, f), 'utf8')));
    expect(marked).toEqual([]);
  });
});
