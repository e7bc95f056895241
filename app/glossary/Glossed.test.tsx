import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { chooseLanguage } from '../i18n/i18n';
import { Glossed } from './Glossed';

const render = (text: string) => renderToStaticMarkup(<Glossed text={text} />);
/** The markup as a reader sees it: the definitions, hidden, left out. */
const shown = (html: string) =>
  html.replace(/<span id="[^"]+" role="tooltip"[^]*?<\/span><\/span>/g, '').replace(/<[^>]+>/g, '');

describe('<Glossed>', () => {
  it('makes a term a button described by its hidden definition, with its source', () => {
    const html = render('UNIRED asks its MP.');
    const button =
      /<button type="button" class="term-word" aria-describedby="([^"]+)" data-term="UNIRED">UNIRED<\/button>/.exec(
        html,
      );
    expect(button).not.toBeNull();
    expect(html).toContain(
      `<span id="${button![1]}" role="tooltip" class="term-tip" hidden=""><b>UNIRED</b>: `,
    );
    expect(html).toContain('<span class="term-source">(Sato, Koike &amp; Tanaka 1993, sec. 2.2)');
  });

  it('keeps a term on one line with the punctuation it touches, and the text as it was', () => {
    const text = 'transfers (UNIRED asks its MP), WRITEX/WRITEMN and PIE64 NIP';
    const html = render(text);
    expect(html).toMatch(/<span class="term-glue">\(<span class="term">[^]*?UNIRED<\/button>/);
    expect(html).toMatch(/MP<\/button>[^]*?<\/span><\/span>\),<\/span>/);
    expect(shown(html)).toBe(text);
  });

  it('in Japanese, glues no kana, kanji or Japanese punctuation to a term, only a Latin word', async () => {
    await chooseLanguage('ja');
    try {
      const text =
        '各ユニットの「ネットワーク・インタフェース・プロセッサ」NIPs。仮想チャネルを使う。';
      const html = render(text);
      expect(shown(html)).toBe(text);
      // 「 and 。 stay outside: Japanese line breaking keeps them off a line's end and start.
      expect(html).toMatch(/「<span class="term-glue"><span class="term">/);
      expect(html).not.toMatch(/term-glue">[^<]*[「。]/);
      expect(html).toMatch(/仮想チャネル<\/button>[^]*?<\/span><\/span><\/span>を使う。/);
    } finally {
      await chooseLanguage('en');
    }
  });
});
