import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { BooksimBanner } from './BooksimBanner';

const dismiss = () => undefined;

describe('<BooksimBanner>', () => {
  it('lists every note by its key, in the words run --booksim prints', () => {
    const html = renderToStaticMarkup(
      <BooksimBanner
        said={{
          name: 'mesh88_lat',
          notes: [
            { key: 'input_speedup', reason: "2 not modelled: archex's switch takes one flit" },
            { key: 'odd', reason: '3 not modelled: archex has no such setting' },
          ],
        }}
        onDismiss={dismiss}
      />,
    );
    expect(html).toContain('Opened mesh88_lat as the custom network');
    expect(html).toContain('archex leaves out or reads differently 2 keys:');
    expect(html).toContain(
      '<li><code translate="no">odd</code>: 3 not modelled: archex has no such setting</li>',
    );
    expect(html).toContain('aria-label="Dismiss"');
  });

  it('says so when archex models every key the file sets', () => {
    const html = renderToStaticMarkup(
      <BooksimBanner said={{ name: 'a.cfg', notes: [] }} onDismiss={dismiss} />,
    );
    expect(html).toContain('archex models every key the file sets.');
    expect(html).not.toContain('<ul>');
  });

  it('refuses as an alert that says the explorer is as it was', () => {
    const html = renderToStaticMarkup(
      <BooksimBanner
        said={{ name: 'f.cfg', refused: "BookSim topology: 'qtree' is not modelled." }}
        onDismiss={dismiss}
      />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain(
      'Not opened: f.cfg. BookSim topology: &#x27;qtree&#x27; is not modelled. The explorer is as it was.',
    );
  });

  it("shows the file's text as text, never as markup", () => {
    const html = renderToStaticMarkup(
      <BooksimBanner
        said={{
          name: '<img src=x onerror=alert(1)>',
          notes: [{ key: 'k', reason: "'<script>alert(1)</script>' not modelled" }],
        }}
        onDismiss={dismiss}
      />,
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
