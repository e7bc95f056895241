// docs/reference.md is generated from the engine's declarations; this fails when the committed
// file and the engine (its parameters, ranges, defaults, outputs) have drifted apart.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { REFERENCE_COMMAND, referenceMarkdown } from '../app/cli/reference';
import { loadNodeModule } from '../app/engine/node_module';

describe('docs/reference.md', () => {
  it('matches the engine it documents', async () => {
    const archex = await loadNodeModule();
    const expected = referenceMarkdown(archex.listModels());
    const committed = readFileSync(new URL('../docs/reference.md', import.meta.url), 'utf8');
    const a = committed.split('\n');
    const b = expected.split('\n');
    let line = 0;
    while (line < a.length && a[line] === b[line]) line++;
    const first = `first difference at line ${line + 1}: ${JSON.stringify(a[line] ?? '')} vs ${JSON.stringify(b[line] ?? '')}`;
    expect(
      committed === expected,
      `docs/reference.md is out of date with the engine (${first}); run ${REFERENCE_COMMAND}`,
    ).toBe(true);
  });
});
