import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

import { chartPaths, collectConsole } from './support';

const idle = { timeout: 120_000 };

async function waitIdleLong(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.idle === 'true', null, idle);
}

test('Paragon ping-pong matches eqs. 1 and 2 in the model-vs-paper table', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=paragon-pingpong');
  await waitIdleLong(page);
  await expect(page.locator('.validation tbody tr')).toHaveCount(6);
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  await expect(page.locator('svg[data-chart="pingpong"] .legend')).toContainText(
    'ping-pong, least-squares line',
  );
  await page.screenshot({ path: testInfo.outputPath('paragon-pingpong.png'), fullPage: true });
  expect(consoleMessages).toEqual([]);
});

test('moving the mesh size updates g, L and the BSP prediction line', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=paragon-bsp');
  await waitIdleLong(page);
  await expect(page.locator('.validation tbody tr')).toHaveCount(12);
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  const legend = page.locator('svg[data-chart="hrelations"] .legend');
  await expect(legend).toContainText('4x2: BSP g h + L');
  await page.screenshot({ path: testInfo.outputPath('paragon-bsp.png'), fullPage: true });
  const g = page.locator('[data-readout="g_us"]');
  const before = { g: await g.textContent(), paths: await chartPaths(page, 'hrelations') };

  // The first configuration becomes 4x4: its g and L are fitted anew and its line redrawn.
  await page.locator('[data-param-number="processors"]').fill('16, 64');
  await waitIdleLong(page);
  await expect(legend).toContainText('4x4: BSP g h + L');
  await expect(legend).not.toContainText('4x2');
  await expect(g).not.toHaveText(before.g ?? '');
  await expect(page.locator('[data-readout="g_us"]')).toContainText('us');
  expect(await chartPaths(page, 'hrelations')).not.toEqual(before.paths);
  expect(consoleMessages).toEqual([]);
});
