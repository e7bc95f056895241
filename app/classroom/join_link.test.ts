import { describe, expect, it } from 'vitest';

import { isJoinLink, joinCodeOf, joinLink, onlyHere } from './join_link';

describe('joinLink', () => {
  it('is the page’s own address with the code and nothing of its state', () => {
    const link = joinLink('ABC234', new URL('https://class.example.org/archex/?s=jxyz#top'), []);
    expect(link).toBe('https://class.example.org/archex/?join=ABC234');
  });

  it('names the room’s network address when the lecturer opened the page on 127.0.0.1', () => {
    const page = new URL('http://127.0.0.1:5173/?s=jabc');
    expect(joinLink('ABC234', page, ['http://192.168.1.20:5173/'])).toBe(
      'http://192.168.1.20:5173/?join=ABC234',
    );
    const here = joinLink('ABC234', page, []);
    expect(onlyHere(here)).toBe(true);
    expect(onlyHere('http://192.168.1.20:5173/?join=ABC234')).toBe(false);
  });
});

describe('joinCodeOf', () => {
  it('reads a code, upper-cased, and refuses a malformed one', () => {
    expect(joinCodeOf('?join=abc234')).toBe('ABC234');
    expect(joinCodeOf('?join=ABC10')).toBeNull();
    expect(joinCodeOf('?s=j1')).toBeNull();
    expect(isJoinLink('?join=')).toBe(true);
    expect(isJoinLink('?s=j1')).toBe(false);
  });
});
