import { describe, expect, it } from 'vitest';

import { sharedName } from './curves';

describe('sharedName(names)', () => {
  it('names one measure once', () => {
    expect(sharedName(['time', 'time'])).toBe('time');
    expect(sharedName([])).toBe('');
  });

  it('keeps the words every name ends with, else those every one begins with', () => {
    expect(sharedName(['mean latency', 'mean network latency', 'latency'])).toBe('latency');
    expect(sharedName(['speedup over 1 node', 'speedup of the farm'])).toBe('speedup');
  });

  it('lists the names where they share no word at an end', () => {
    expect(sharedName(['bandwidth', 'round trip'])).toBe('bandwidth, round trip');
  });
});
