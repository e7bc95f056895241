import { expect, test } from '@playwright/test';

import { collectConsole, waitIdle } from './support';

test('the J-Machine round trip matches the paper in the model-vs-paper table', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=jmachine-round-trip');
  await waitIdle(page);
  await expect(page.locator('.validation tbody tr')).toHaveCount(4);
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  await expect(page.locator('svg[data-chart="round-trip"] .legend')).toContainText('null RPC');
  await page.screenshot({ path: testInfo.outputPath('jmachine-round-trip.png'), fullPage: true });
  expect(consoleMessages).toEqual([]);
});

test('the J-Machine traffic preset draws a channel heat map plane by plane', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=jmachine-random-traffic');
  await page.waitForFunction(() => document.documentElement.dataset.idle === 'true', null, {
    timeout: 90_000,
  });
  const card = page.locator('[data-chart-card="channel-utilization"]');
  const desc = card.locator('svg desc');
  await expect(desc).toContainText('plane z = 0');
  await card.getByRole('combobox', { name: 'Plane z' }).selectOption('4');
  await expect(desc).toContainText('plane z = 4');
  expect(new URL(page.url()).search).toMatch(/^\?s=/);
  await expect(page.locator('svg[data-chart="latency-load"] [data-curve]').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('jmachine-traffic.png'), fullPage: true });

  // Every network parameter is free on the custom network; a torus with one virtual channel is
  // refused at the field with the reason.
  await page.goto('./?preset=custom-network');
  await waitIdle(page);
  await page.locator('[data-param-number="topology"]').selectOption('1');
  await waitIdle(page);
  await expect(
    page.getByRole('alert').filter({ hasText: 'at least 2 virtual channels' }),
  ).toBeVisible();
  await page.locator('[data-param-number="vcs"]').fill('2');
  await waitIdle(page);
  await expect(
    page.getByRole('alert').filter({ hasText: 'at least 2 virtual channels' }),
  ).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('custom-network.png'), fullPage: true });
  expect(consoleMessages).toEqual([]);
});
