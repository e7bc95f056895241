import { describe, expect, it } from 'vitest';

import { chooseLang, isLang } from './languages';

describe('chooseLang', () => {
  it('takes the link’s language before the one chosen before and the browser’s', () => {
    expect(chooseLang('ja', 'en', ['en-GB'])).toBe('ja');
    expect(chooseLang(undefined, 'ja', ['en-GB'])).toBe('ja');
  });
  it('takes the first of the browser’s languages archex speaks, by its primary subtag', () => {
    expect(chooseLang(undefined, null, ['de-DE', 'ja-JP', 'en'])).toBe('ja');
    expect(chooseLang(undefined, null, ['EN-us'])).toBe('en');
  });
  it('falls back to English for a choice or a browser it does not speak', () => {
    expect(chooseLang(undefined, 'fr', ['fr-FR', 'de'])).toBe('en');
    expect(chooseLang(undefined, null, [])).toBe('en');
  });
  it('knows its languages by code only', () => {
    expect(isLang('ja')).toBe(true);
    expect(isLang('日本語')).toBe(false);
    expect(isLang(undefined)).toBe(false);
  });
});
