import { afterEach, describe, expect, it } from 'vitest';

import { chooseLanguage, i18n } from '../i18n/i18n';
import { readableNumber } from '../results/format';
import { numberFormat, numberText } from './number_format';

describe("numbers in the reader's language", () => {
  afterEach(() => chooseLanguage('en'));

  it('group as English and Japanese do, and as the pseudo-language’s English', async () => {
    expect(numberText(1234567.5)).toBe('1,234,567.5');
    await chooseLanguage('ja');
    expect(numberText(1234567.5)).toBe('1,234,567.5');
    await chooseLanguage('en-XA');
    expect(numberText(1234567.5)).toBe('1,234,567.5');
  });

  it('follow the language, not a constant: one that writes them otherwise', async () => {
    // German groups with "." and marks decimals with ",": were English fixed, this would fail.
    await i18n.changeLanguage('de');
    expect(numberText(12345)).toBe('12.345');
    expect(readableNumber(36606.4)).toBe('36.606');
    expect(readableNumber(6.50388)).toBe('6,5');
    expect(numberFormat({ maximumFractionDigits: 1 }).format(72.54)).toBe('72,5');
  });
});
