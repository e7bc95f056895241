// For tests that compare a CLI output with another's or the library's: the output's record of
// what made it, checked to be this build's, then set aside (its command differs by design). Plain
// throws, not a test runner's expect: Vitest's tests and Playwright's use it.
import { isDeepStrictEqual } from 'node:util';

import { madeBy } from '../engine/engine_build';
import { readEngineBuild } from '../engine/node_module';

/**
 * `text` (JSON as the CLI prints it) without its `made_by` (at `path`, e.g. ['otherData'] in a
 * Perfetto file), after checking it names this build and `command` where given: as the CLI would
 * print it without one.
 */
export function withoutMadeBy(text: string, command?: string[], path: string[] = []): string {
  const json = JSON.parse(text) as Record<string, unknown>;
  const holder = path.reduce((at, key) => at[key] as Record<string, unknown>, json);
  const made = holder.made_by as { command?: unknown } | undefined;
  const expected = madeBy(readEngineBuild(), command ?? (made?.command as string[]));
  if (!Array.isArray(made?.command) || !isDeepStrictEqual(made, expected)) {
    throw new Error(`made_by ${JSON.stringify(made)} is not ${JSON.stringify(expected)}`);
  }
  delete holder.made_by;
  return `${JSON.stringify(json, null, 2)}\n`;
}
