// Opt-in: with ARCHEX_COUNT_ASSERTIONS=<file>, each test file adds a line to <file>: its path, the
// tests it ran and the expect() calls they made, so a change to the tests can show it lost none.
import { appendFileSync } from 'node:fs';
import { afterAll, afterEach, expect } from 'vitest';

const out = process.env.ARCHEX_COUNT_ASSERTIONS;
if (out) {
  let tests = 0;
  let assertions = 0;
  afterEach(() => {
    tests += 1;
    assertions += expect.getState().assertionCalls;
  });
  afterAll(() => {
    appendFileSync(out, `${expect.getState().testPath}\t${tests}\t${assertions}\n`);
  });
}
