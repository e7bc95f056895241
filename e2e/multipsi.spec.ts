import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

/** Waits for the app's idle signal: no engine request pending and the latest result drawn. */
async function waitIdle(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.idle === 'true');
}

function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  return messages;
}

test('moving a slider with the keyboard moves the chart point and changes the readout', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./');
  await waitIdle(page);

  const point = page.locator('[data-chart="perf_vs_overhead"] .current-point');
  const readout = page.locator('[data-readout="system_rps"]');
  const before = { cx: Number(await point.getAttribute('cx')), text: await readout.textContent() };

  const slider = page.getByRole('slider', { name: 'Communication rate' });
  await slider.focus();
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
  await waitIdle(page);

  await expect(page.locator('[data-param-number="comm_rate"]')).toHaveValue('0.07');
  const after = { cx: Number(await point.getAttribute('cx')), text: await readout.textContent() };
  // 20 steps of 0.001 message/reduction x 7.7 = +0.154 in X, rightwards on the chart.
  expect(after.cx).toBeGreaterThan(before.cx + 5);
  expect(after.text).not.toBe(before.text);

  // The link keeps the change: opened in a new page it reproduces the same chart.
  const copy = await page.context().newPage();
  await copy.goto(page.url());
  await waitIdle(copy);
  await expect(copy.locator('[data-param-number="comm_rate"]')).toHaveValue('0.07');
  await expect(copy.locator('[data-chart="perf_vs_overhead"] .curve')).toHaveAttribute(
    'd',
    (await page.locator('[data-chart="perf_vs_overhead"] .curve').getAttribute('d')) ?? '',
  );
  await copy.close();

  await page.screenshot({ path: testInfo.outputPath('multipsi.png'), fullPage: true });
  expect(consoleMessages).toEqual([]);
});

test('an invalid typed value is shown at its field and never reaches the engine', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./');
  await waitIdle(page);
  const readout = page.locator('[data-readout="system_rps"]');
  const before = await readout.textContent();

  const field = page.locator('[data-param-number="pes"]');
  await field.fill('0');
  await expect(page.getByRole('alert')).toContainText('Valid: 1 to 1024 PEs');
  await expect(field).toHaveValue('0');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await waitIdle(page);
  await expect(readout).toHaveText(before ?? '');
  await expect(page.locator('[data-chart="perf_vs_overhead"] .curve')).toHaveAttribute('d', /^M/);
  expect(consoleMessages).toEqual([]);
});

test('the V2 estimate preset reproduces Table 2 in the model-vs-paper table', async ({ page }) => {
  // A link in the first release's plain form still opens.
  await page.goto('./?preset=multipsi-v2-estimate');
  await waitIdle(page);
  const rows = page.locator('.validation tbody tr');
  await expect(rows).toHaveCount(6);
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  await expect(page.locator('[data-chart="cost_breakdown"] .bar-total').nth(1)).toContainText(
    '27.4×',
  );
});

test('a tampered link opens with defaults and says what was dropped', async ({ page }) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=nope&pes=0&bogus=3');
  await waitIdle(page);
  const status = page.getByRole('status');
  await expect(status).toContainText("preset 'nope'");
  await expect(status).toContainText('pes=0 (Out of range. Valid: 1 to 1024 PEs)');
  await expect(page.locator('[data-param-number="pes"]')).toHaveValue('6');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(status).toHaveCount(0);
  expect(consoleMessages).toEqual([]);
});
