import { test } from '@playwright/test';

import { tourStepLink, waitIdle } from '../support';
import deadlock from '../../presets/tours/deadlock.json' with { type: 'json' };

const pages: [string, string][] = [
  ['start', './?lang=ja'],
  ['preset', './?s=j%7B%22v%22%3A6%2C%22preset%22%3A%22pie64-transfer%22%7D&lang=ja'],
  ['tour', `${tourStepLink('deadlock', 3, deadlock.steps[3]!)}&lang=ja`],
];
for (const [width, height] of [
  [1200, 900],
  [390, 844],
]) {
  for (const [name, url] of pages) {
    test(`${name} ${width}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.goto(url);
      await waitIdle(page);
      await page.screenshot({ path: `/tmp/shots/ja-${name}-${width}.png`, fullPage: width > 1000 ? false : false });
    });
  }
}
