// `git log --oneline` reads as a history: each commit's subject is one line of at most 72
// characters, its detail in the body. Commits before SINCE kept longer subjects and are left as
// they are; a shallow clone without SINCE checks what it has.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const SINCE = '650cdd2';
const LIMIT = 72;

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' });
}

function subjects(): string[] {
  let range = 'HEAD';
  try {
    git('cat-file', '-e', `${SINCE}^{commit}`);
    range = `${SINCE}..HEAD`;
  } catch {
    // A shallow clone may not reach SINCE: judge every commit it holds.
  }
  return git('log', '--format=%h %s', range).split('\n').filter(Boolean);
}

describe('commit subjects', () => {
  it(`are at most ${LIMIT} characters`, () => {
    const long = subjects().filter((line) => [...line.slice(line.indexOf(' ') + 1)].length > LIMIT);
    expect(long).toEqual([]);
  });
});
