import { describe, expect, it } from 'vitest';

import { ShimUrl } from './url_shim';

describe('ShimUrl', () => {
  it('gives the href URL gives for an http(s) base and a query resolved against it', () => {
    const bases = [
      'http://127.0.0.1:5173/',
      'HTTPS://Example.org:443/archex/?x=1#top',
      'http://host:8080',
      'https://example.org/a/b',
    ];
    const queries = ['', '?s=zN4Ig', '?s=j%7B%22v%22%3A1%7D\'x<y>"', '?s=é ü'];
    for (const base of bases) {
      expect(new ShimUrl(base).href, base).toBe(new URL(base).href);
      for (const query of queries) {
        const shim = new ShimUrl(query, new ShimUrl(base)).href;
        expect(shim, `${base} ${query}`).toBe(new URL(query, new URL(base)).href);
      }
    }
  });

  it('refuses what it does not read, as URL refuses what is no URL', () => {
    for (const text of ['not a url', 'ftp://example.org/', 'http://exa mple.org/', 'http://h/a b'])
      expect(() => new ShimUrl(text), text).toThrow(TypeError);
    expect(() => new URL('not a url')).toThrow(TypeError);
  });
});
