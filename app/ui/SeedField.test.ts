import { describe, expect, it } from 'vitest';

import { checkSeed } from './SeedField';

describe('checkSeed()', () => {
  it('accepts whole numbers from 0 to 2^53 - 1', () => {
    expect(checkSeed(' 0 ')).toEqual({ value: 0 });
    expect(checkSeed(String(Number.MAX_SAFE_INTEGER))).toEqual({ value: Number.MAX_SAFE_INTEGER });
  });
  it('names the valid range for anything else', () => {
    const error = { error: 'Whole numbers only. Valid: 0 to 9007199254740991' };
    for (const text of ['', '-1', '1.5', 'x', '9007199254740992']) {
      expect(checkSeed(text)).toEqual(error);
    }
  });
});
