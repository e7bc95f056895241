// Japanese lays out as English does: at 390 px (touch), 1200 px and 1920 x 1080 presented, no page
// is wider than the screen and no text is cut, on the start page and on every step of every tour.
import { readdirSync, readFileSync } from 'node:fs';

import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

import type { TourStepFields } from './support';
import { tourStepLink, waitIdle } from './support';

const TOURS = readdirSync(new URL('../presets/tours/', import.meta.url))
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({
    id: f.replace(/\.json$/, ''),
    steps: (
      JSON.parse(readFileSync(new URL(`../presets/tours/${f}`, import.meta.url), 'utf8')) as {
        steps: TourStepFields[];
      }
    ).steps,
  }));

/** What sticks out: the page wider than the screen, and each element whose text its box cuts. */
async function outOfBounds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1)
      found.push(`the page is ${document.documentElement.scrollWidth} px wide in ${width}`);
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(el);
      const clips =
        ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      // A screen reader's words (sr-only: a 1 px box) are heard whole, not seen.
      if (!clips || !el.textContent?.trim() || el.closest('svg, canvas, [hidden], .sr-only'))
        continue;
      if (el.scrollWidth > el.clientWidth + 1 && el.getClientRects().length > 0)
        found.push(`cut: <${el.localName} class="${el.className}">${el.textContent.slice(0, 40)}`);
    }
    return found;
  });
}

test('the start page in Japanese fits at 390, 1200 and 1920 px', async ({ page }) => {
  for (const [width, height] of [
    [390, 844],
    [1200, 900],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('./?lang=ja');
    await waitIdle(page);
    expect(await outOfBounds(page), `${width} px`).toEqual([]);
  }
});

for (const tour of TOURS) {
  test(`every step of the ${tour.id} tour in Japanese fits at 390 px, its first at 1200 px`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    for (const [i, step] of tour.steps.entries()) {
      for (const [width, height] of i === 0
        ? ([
            [390, 844],
            [1200, 900],
          ] as const)
        : ([[390, 844]] as const)) {
        await page.setViewportSize({ width, height });
        await page.goto(`${tourStepLink(tour.id, i, step)}&lang=ja`);
        await waitIdle(page, { timeout: 120_000 });
        expect(await outOfBounds(page), `step ${i + 1} at ${width} px`).toEqual([]);
      }
    }
  });
}

test('a tour step presented at 1920 x 1080 in Japanese fits', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  const deadlock = TOURS.find((t) => t.id === 'deadlock')!;
  const link = tourStepLink('deadlock', 0, deadlock.steps[0]!);
  const state = JSON.parse(decodeURIComponent(link.slice('./?s=j'.length))) as object;
  await page.goto(`./?s=j${encodeURIComponent(JSON.stringify({ ...state, present: {} }))}&lang=ja`);
  await waitIdle(page);
  await expect(page.locator('main.presentation')).toBeVisible();
  expect(await outOfBounds(page)).toEqual([]);
});
