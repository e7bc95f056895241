import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { Markdown } from './Markdown';

const html = (text: string, gloss = false) =>
  renderToStaticMarkup(<Markdown text={text} gloss={gloss} />);

describe('<Markdown text>', () => {
  it('draws emphasis, lists, code, maths and a link that opens apart', () => {
    expect(html('*a* **b** `c` $d$\n\n1. e\n2. f\n\n- g')).toBe(
      '<p><em>a</em> <strong>b</strong> <code>c</code> <span class="md-math">d</span></p>' +
        '<ol start="1"><li>e</li><li>f</li></ol><ul><li>g</li></ul>',
    );
    expect(html('[t](https://example.org/)')).toBe(
      '<p><a href="https://example.org/" target="_blank" rel="noopener noreferrer">t</a></p>',
    );
  });

  it('never makes markup of hostile text: tags, handlers and script links stay words', () => {
    const hostile =
      '<script>alert(1)</script> <img src=x onerror="alert(1)"> [x](javascript:alert(1)) ' +
      '<a href="javascript:alert(1)" onclick="alert(1)">y</a>';
    const out = html(hostile, true);
    expect(out).not.toMatch(/<script|<img|<a |href="javascript/i);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('[x](javascript:alert(1))');
  });

  it('marks the glossary words of the text, as the tours always did', () => {
    expect(html('A **wormhole** router', true)).toMatch(/<strong>.*data-term/);
  });
});
