// Nothing on a page is left untranslatable: in the pseudo-language (lang=en-XA) every message,
// and every word of a preset, tour, machine and the glossary, is wrapped in ⟦ ⟧, so any word a
// reader sees outside a wrapped run came from no catalogue. Marked translate="no" is what no
// language translates: the name archex, papers' citations, code.
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

import { unwrapped } from '../app/i18n/pseudo';
import { waitIdle } from './support';

/** The page's words as a reader meets them, but for what is marked translate="no". */
async function pageText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    body.querySelectorAll('[translate="no"], script, style, noscript').forEach((el) => el.remove());
    // Each element's text apart: two messages side by side stay two runs.
    body.querySelectorAll('*').forEach((el) => el.append(' '));
    const attrs = [...document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')]
      .filter((el) => !el.closest('[translate="no"]'))
      .flatMap((el) =>
        ['aria-label', 'title', 'placeholder', 'alt'].map((a) => el.getAttribute(a) ?? ''),
      );
    return [body.textContent ?? '', ...attrs].join(' \n ');
  });
}

/** The pages whose every word comes from a catalogue; the rest are still being translated. */
const PAGES: [string, string][] = [
  ['the start page', './?lang=en-XA'],
  ['the worksheet page without a lesson', './worksheet.html?lang=en-XA'],
  ['the compact lesson page without a lesson', './lesson.html?lang=en-XA'],
  ['the embed page without an experiment', './embed.html?lang=en-XA'],
];

for (const [name, url] of PAGES) {
  test(`${name}: every word a reader sees is translatable`, async ({ page }) => {
    await page.goto(url);
    await waitIdle(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    expect(unwrapped(await pageText(page))).toEqual([]);
  });
}
