import { describe, expect, it } from 'vitest';

import { markdownText, parseInline, parseMarkdown, safeHref } from './markdown_parse';

describe('parseInline(text)', () => {
  it('reads emphasis, strong, code, maths and links', () => {
    expect(parseInline('a *b* **c** `d*e` $x_1 + y$ [f](https://example.org/g)')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'em', children: [{ kind: 'text', text: 'b' }] },
      { kind: 'text', text: ' ' },
      { kind: 'strong', children: [{ kind: 'text', text: 'c' }] },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'd*e' },
      { kind: 'text', text: ' ' },
      { kind: 'math', text: 'x_1 + y' },
      { kind: 'text', text: ' ' },
      { kind: 'link', text: 'f', href: 'https://example.org/g' },
    ]);
  });

  it('leaves stray marks as they are: products, money, names with underscores', () => {
    for (const text of [
      '2 * 3 * 4',
      'from $5 to $10',
      'injection_rate and _x_',
      'a ** b',
      '[a] (b)',
    ])
      expect(parseInline(text)).toEqual([{ kind: 'text', text }]);
    expect(parseInline('\\*not\\*')).toEqual([{ kind: 'text', text: '*not*' }]);
  });

  it('keeps a link whose address is not http(s) or mailto as its text', () => {
    for (const text of [
      '[x](javascript:alert(1))',
      '[x](JavaScript:alert`1`)',
      '[x](data:text/html,<script>alert(1)</script>)',
      '[x](vbscript:msgbox)',
      '[x](//evil.example)',
    ])
      expect(parseInline(text).some((r) => r.kind === 'link')).toBe(false);
    expect(parseInline('[mail](mailto:a@b.org)')).toEqual([
      { kind: 'link', text: 'mail', href: 'mailto:a@b.org' },
    ]);
  });
});

describe('safeHref(url)', () => {
  it('takes http, https and mailto only, and no address with spaces or quotes', () => {
    expect(safeHref('https://a.org/x?y=1')).toBe('https://a.org/x?y=1');
    expect(safeHref('http://a.org')).toBe('http://a.org');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('https://a.org/"onmouseover="x')).toBeNull();
    expect(safeHref('not a url')).toBeNull();
  });
});

describe('parseMarkdown(text)', () => {
  it('splits paragraphs at blank lines and reads bullet and numbered lists', () => {
    const blocks = parseMarkdown('One\nline.\n\n- a\n- b\n  goes on\n\n3. c\n4) d');
    expect(blocks).toEqual([
      { kind: 'p', children: [{ kind: 'text', text: 'One line.' }] },
      {
        kind: 'ul',
        items: [[{ kind: 'text', text: 'a' }], [{ kind: 'text', text: 'b goes on' }]],
      },
      {
        kind: 'ol',
        start: 3,
        items: [[{ kind: 'text', text: 'c' }], [{ kind: 'text', text: 'd' }]],
      },
    ]);
  });

  it('reads a plain sentence as one paragraph of itself', () => {
    const text = 'At 0.5 flits/node/cycle (about 2x the knee) nothing moves.';
    expect(parseMarkdown(text)).toEqual([{ kind: 'p', children: [{ kind: 'text', text }] }]);
  });
});

describe('markdownText(text)', () => {
  it('gives the words as drawn, so a number split by marks is read whole', () => {
    expect(markdownText('It is 4**2** cycles, see [the paper](https://a.org/7).')).toBe(
      'It is 42 cycles, see the paper.',
    );
    expect(markdownText('- one\n- two\n\nthree')).toBe('one\ntwo\nthree');
  });
});
