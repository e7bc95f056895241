import { describe, expect, it } from 'vitest';

import { MachinesLinkSchema, emptyMachinesLink } from './link';

describe('MachinesLinkSchema', () => {
  it('reads per-machine overrides and the unit, with defaults for what is left out', () => {
    expect(MachinesLinkSchema.parse({})).toEqual(emptyMachinesLink);
    const link = {
      machine: 'paragon-logp',
      params: { 'paragon-logp': { nx_send_message_us: 100, logp_sizes: [8, 64] } },
      unit: 'cycles',
    };
    expect(MachinesLinkSchema.parse(link)).toEqual(link);
  });

  it('refuses what is not a number, an unknown unit and unknown keys', () => {
    expect(MachinesLinkSchema.safeParse({ params: { a: { b: 'x' } } }).success).toBe(false);
    expect(MachinesLinkSchema.safeParse({ unit: 'ms' }).success).toBe(false);
    expect(MachinesLinkSchema.safeParse({ layout: 1 }).success).toBe(false);
  });
});
