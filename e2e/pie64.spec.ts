import { expect, test } from '@playwright/test';

import { collectConsole, targetRows, waitRun } from './support';

test('PIE64 transfers match the paper in the model-vs-paper table', async ({ page }, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=pie64-transfer');
  await waitRun(page);
  await expect(page.locator('.validation tbody tr')).toHaveCount(targetRows('pie64-transfer'));
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  await expect(page.locator('.validation')).toContainText('MP-Write - WRITEMN');
  await expect(page.locator('svg[data-chart="transfer-time"] .legend')).toContainText('MP-Write');
  await page.screenshot({ path: testInfo.outputPath('pie64-transfer.png'), fullPage: true });
  expect(consoleMessages).toEqual([]);
});

test('the PIE64 congestion chart follows the message lengths as they change', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=pie64-congestion-writemn');
  await waitRun(page);
  await expect(page.locator('.validation tbody tr')).toHaveCount(
    targetRows('pie64-congestion-writemn'),
  );
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  await expect(page.locator('.validation')).toContainText('Throughput falls past the limit');
  const legend = page.locator('svg[data-chart="wait"] .legend');
  await expect(legend).toContainText('WRITEMN, 1024 words');
  await expect(legend).toContainText('a/x, 1 word');
  await expect(page.locator('[data-chart="occupancy"]').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('pie64-writemn.png'), fullPage: true });

  await page.locator('[data-param-number="lengths"]').fill('8, 32');
  await waitRun(page);
  await expect(legend).toContainText('WRITEMN, 32 words');
  await expect(legend).not.toContainText('1024 words');
  expect(consoleMessages).toEqual([]);
});

test('PIE64 MP-Write shows its latency breakdown', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=pie64-congestion-mpwrite');
  await waitRun(page);
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  await expect(page.locator('svg[data-chart="breakdown"]')).toContainText('Tpa');
  await page.screenshot({ path: testInfo.outputPath('pie64-mpwrite.png'), fullPage: true });
  expect(consoleMessages).toEqual([]);
});

test('the picker draws PIE64 as its two networks, PAN and DAN', async ({ page }, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./');
  const card = page.locator('.card:has(a[data-preset="pie64-congestion-writemn"]) svg.schematic');
  await expect(card).toHaveAttribute('aria-label', 'PAN and DAN: 2 × 4-ary 3-fly of 54 nodes');
  await expect(card.locator('text')).toHaveText(['PAN', 'DAN']);
  await card.screenshot({ path: testInfo.outputPath('pie64-schematic.png') });
  expect(consoleMessages).toEqual([]);
});

test('PIE64 load dispatch draws the IU work rates with and without it', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=pie64-load-dispatch');
  await waitRun(page);
  await expect(page.locator('svg[data-chart="work-rates"] .legend')).toContainText(
    'IU work rate 0 to 100',
  );
  await expect(page.locator('svg[data-chart="work-rates"]')).not.toContainText('PE');
  await expect(page.locator('svg[data-chart="work-rate"] .legend')).toContainText(
    'automatic load dispatch',
  );
  await page.screenshot({ path: testInfo.outputPath('pie64-dispatch.png'), fullPage: true });
  expect(consoleMessages).toEqual([]);
});
