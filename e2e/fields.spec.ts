import { expect, test } from '@playwright/test';

import { collectConsole, waitIdle } from './support';

test('a rejected combination greys every chart and the readouts with the reason until fixed', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=custom-network');
  await waitIdle(page);
  const cards = page.locator('[data-chart-card]');
  const notes = page.locator('.stale-note');
  await expect(notes).toHaveCount(0);

  await page.locator('[data-param-number="topology"]').selectOption('1');
  await waitIdle(page);
  const reason = /^Not updated: Virtual channels: .*at least 2 virtual channels/;
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await expect(cards.nth(i).locator('.stale-note')).toHaveText(reason);
    await expect(cards.nth(i).locator('.stale > .stale-body svg[data-chart]')).toBeVisible();
  }
  await expect(page.locator('.stale:has(dl.readouts) > .stale-note')).toHaveText(reason);
  await page.screenshot({ path: testInfo.outputPath('stale-torus.png'), fullPage: true });

  await page.locator('[data-param-number="vcs"]').fill('2');
  await waitIdle(page);
  await expect(notes).toHaveCount(0);

  // A field's own check marks them too: the charts still show the last valid packet length.
  await page.locator('[data-param-number="packet_flits"]').fill('many');
  await expect(cards.first().locator('.stale-note')).toHaveText(
    /^Not updated: Packet length: Not a number\. Valid: 1 to 64 flits/,
  );
  await page.locator('[data-param-number="packet_flits"]').fill('8');
  await expect(notes).toHaveCount(0);
  expect(consoleMessages).toEqual([]);
});

test('a link to a torus with one virtual channel says why it cannot run', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=custom-network&topology=1');
  await waitIdle(page);
  const banner = page.locator('[data-cannot-run]');
  await expect(banner).toHaveText(/^Cannot run: Virtual channels: a torus needs at least 2 /);
  await expect(banner).toHaveText(/Go to Virtual channels$/);
  await expect(page.locator('[data-chart-card]')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('torus-link.png'), fullPage: true });
  await banner.getByRole('button', { name: 'Go to Virtual channels' }).click();
  await expect(page.locator('[data-param-number="vcs"]')).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('2');
  await waitIdle(page);
  await expect(banner).toHaveCount(0);
  await expect(
    page.locator('[data-chart-card="latency-load"] svg [data-curve]').first(),
  ).toBeVisible();
  expect(consoleMessages).toEqual([]);
});

test("a parameter's help opens on keyboard focus, and on a click or a tap", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v1-comm');
  await waitIdle(page);
  const button = page.locator('[data-param-info="pes"]');
  const tip = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
  await expect(tip).toBeHidden();

  // Tab from the experiment menu to the first parameter's "?" button.
  await page.locator('.preset-picker select').focus();
  for (let i = 0; i < 5; i++) {
    if (await button.evaluate((b) => b === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('Paper value 6');
  await page.screenshot({ path: testInfo.outputPath('param-help.png') });
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await page.keyboard.press('Tab');

  // A click opens it and a second click closes it.
  const other = page.locator('[data-param-info="comm_rate"]');
  const otherTip = page.locator(`[id="${await other.getAttribute('aria-controls')}"]`);
  await other.click();
  await expect(otherTip).toBeVisible();
  await other.click();
  await expect(otherTip).toBeHidden();

  // On a touch screen a tap opens it.
  const touch = await browser.newContext({ baseURL, hasTouch: true, isMobile: true });
  const phone = await touch.newPage();
  await phone.goto('./?preset=multipsi-v1-comm');
  await waitIdle(phone);
  const tapped = phone.locator('[data-param-info="pes"]');
  await tapped.tap();
  await expect(phone.locator(`[id="${await tapped.getAttribute('aria-controls')}"]`)).toBeVisible();
  await touch.close();
  expect(consoleMessages).toEqual([]);
});

test('back returns to an experiment even when an edit followed its switch at once', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v1-comm');
  await waitIdle(page);
  const title = page.locator('.content h2');
  await expect(title).toContainText('Multi-PSI/V1');
  const pes = page.locator('[data-param-number="pes"]');

  await page.locator('.preset-picker select').selectOption('multipsi-v2-estimate');
  await pes.fill('32');
  await expect(pes).toHaveValue('32');
  await waitIdle(page);

  await page.goBack();
  await expect(title).toContainText('Multi-PSI/V2');
  await expect(pes).not.toHaveValue('32');
  await page.goBack();
  await expect(title).toContainText('Multi-PSI/V1');
  expect(consoleMessages).toEqual([]);
});
