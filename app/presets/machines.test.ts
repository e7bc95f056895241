import { describe, expect, it } from 'vitest';

import { loadPresetsFromDisk } from './from_disk';
import { machines, parseMachines } from './machines';

describe('machines.json', () => {
  it('says what every machine of the presets was and why it matters, and no other', () => {
    const named = [...new Set(loadPresetsFromDisk().map((p) => p.machine))].sort();
    expect(machines.map((m) => m.machine).sort()).toEqual(named);
    for (const m of machines) {
      // A sentence each: what it was, why it matters.
      expect(m.was, m.machine).toMatch(/^[^.]+(\.\d[^.]*)*\.$/);
      expect(m.matters, m.machine).toMatch(/^[^.]+\.$/);
    }
  });

  it('refuses a machine said twice, or a line without why it matters', () => {
    const line = { machine: 'PIE64', was: 'A machine.', matters: 'It matters.' };
    expect(() => parseMachines({ machines: [line, line] })).toThrow(
      "machines: machines.1: 'PIE64' twice",
    );
    expect(() => parseMachines({ machines: [{ machine: 'PIE64', was: 'A machine.' }] })).toThrow(
      'machines: machines.0.matters:',
    );
  });
});
