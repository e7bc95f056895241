import { expect, test } from '@playwright/test';

import { waitIdle } from './support';

test('works offline once loaded', async ({ page, context }) => {
  await page.goto('./?preset=multipsi-v1-comm');
  await waitIdle(page);
  // Every built file is cached at install; wait until the worker controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });
  await context.setOffline(true);
  await page.reload();
  await waitIdle(page);
  await expect(page.locator('svg[data-chart="perf-overhead"]')).toBeVisible();
  await page.goto('./embed.html?preset=multipsi-v1-comm&chart=cost-breakdown');
  await waitIdle(page);
  await expect(page.locator('svg[data-chart="cost-breakdown"]')).toBeVisible();
  await context.setOffline(false);
});
