import { describe, expect, it } from 'vitest';

import { checkSeed } from './SeedField';

describe('checkSeed()', () => {
  it('accepts whole numbers from 0 to 2^53 - 1', () => {
    expect(checkSeed(' 0 ')).toEqual({ value: 0 });
    expect(checkSeed(String(Number.MAX_SAFE_INTEGER))).toEqual({ value: Number.MAX_SAFE_INTEGER });
  });
  it('says what is wrong with anything else, and the valid range', () => {
    const valid = 'Valid: 0 to 9007199254740991';
    const cases = [
      ['-1', `Out of range. ${valid}`],
      ['9007199254740992', `Out of range. ${valid}`],
      ['1.5', `Whole numbers only. ${valid}`],
      ['x', `Not a number. ${valid}`],
      ['', `A number is needed. ${valid}`],
      ['0x10', `Decimal numbers only (0x10 is hexadecimal for 16). ${valid}`],
    ];
    for (const [text, error] of cases) expect(checkSeed(text!), text).toEqual({ error });
  });
});
