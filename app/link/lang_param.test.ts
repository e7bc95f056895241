import { describe, expect, it } from 'vitest';

import { readLang, withLang } from './lang_param';
import { emptyState, parseUrlState, serializeUrlState } from './url_state';

const ctx = { presetIds: ['paragon-logp'], tours: {}, specsFor: () => [] };

describe('a link’s language', () => {
  it('goes beside the state as a plain lang= and reads back', () => {
    const search = withLang(serializeUrlState(emptyState('paragon-logp')), 'ja');
    expect(search).toMatch(/^\?s=.*&lang=ja$/);
    expect(readLang(search)).toEqual({ lang: 'ja' });
    expect(parseUrlState(search, ctx)).toEqual(
      parseUrlState(serializeUrlState(emptyState('paragon-logp')), ctx),
    );
  });
  it('is the whole query on the picker', () => {
    expect(withLang('', 'en')).toBe('?lang=en');
    expect(parseUrlState('?lang=en', ctx).dropped).toEqual([]);
  });
  it('is left out when the reader chose none', () => {
    expect(withLang('?s=x', undefined)).toBe('?s=x');
    expect(readLang('?s=x')).toEqual({});
  });
  it('names a language archex does not speak with the ones it does', () => {
    expect(readLang('?lang=fr')).toEqual({ dropped: "lang 'fr' (en or ja)" });
    expect(parseUrlState('?lang=fr', ctx).dropped).toEqual(["lang 'fr' (en or ja)"]);
  });
});
