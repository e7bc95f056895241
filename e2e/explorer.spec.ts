import { expect, test } from '@playwright/test';
import { readdirSync } from 'node:fs';

import { HISTORY_DEBOUNCE_MS } from '../app/page/use_url_history';
import { chartPaths, collectConsole, targetRows, waitIdle } from './support';

// One card per preset file (bases are in their own folder), in the machine groups; the start
// card above them repeats the custom network's.
const PRESETS = readdirSync('presets').filter((f) => f.endsWith('.json')).length;

const CURRENT_MARK = 'svg[data-chart="perf-overhead"] [data-mark="current"] circle';

test('the picker groups presets by machine and opens one; back returns to it', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./');
  await waitIdle(page);
  await expect(page.getByRole('heading', { name: 'Multi-PSI/V1' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Multi-PSI/V2' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'MIT J-Machine' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Intel Paragon' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Inmos transputers' })).toBeVisible();
  await expect(page.locator('.cards a.card-link')).toHaveCount(PRESETS);
  await page.screenshot({ path: testInfo.outputPath('picker.png'), fullPage: true });

  // The card's corner: its middle may be one of the papers' words, which opens a definition.
  await page
    .locator('a.card-link[data-preset="multipsi-v2-estimate"]')
    .click({ position: { x: 8, y: 8 } });
  await waitIdle(page);
  await expect(page.locator('.content h2')).toContainText('Multi-PSI/V2');
  expect(new URL(page.url()).search).toMatch(/^\?s=/);
  await page.goBack();
  await expect(page.locator('.cards a.card-link')).toHaveCount(PRESETS);
  expect(consoleMessages).toEqual([]);
});

test('moving a slider with the keyboard moves the chart point and changes the readout', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v1-comm');
  await waitIdle(page);

  const point = page.locator(CURRENT_MARK);
  const readout = page.locator('[data-readout="system_rps"]');
  const before = { box: await point.boundingBox(), text: await readout.textContent() };

  const slider = page.getByRole('slider', { name: 'Communication rate' });
  await slider.focus();
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
  await waitIdle(page);

  await expect(page.locator('[data-param-number="comm_rate"]')).toHaveValue('0.07');
  const after = { box: await point.boundingBox(), text: await readout.textContent() };
  // 20 steps of 0.001 message/reduction x 7.7 = +0.154 in X, rightwards on the chart.
  expect(after.box?.x ?? 0).toBeGreaterThan((before.box?.x ?? 0) + 5);
  expect(after.text).not.toBe(before.text);

  // The link keeps the change: opened in a new page it reproduces the same chart.
  const copy = await page.context().newPage();
  await copy.goto(page.url());
  await waitIdle(copy);
  await expect(copy.locator('[data-param-number="comm_rate"]')).toHaveValue('0.07');
  const paths = await chartPaths(page, 'perf-overhead');
  expect(paths.length).toBeGreaterThan(3);
  expect(await chartPaths(copy, 'perf-overhead')).toEqual(paths);
  await copy.close();

  await page.screenshot({ path: testInfo.outputPath('explorer.png'), fullPage: true });
  expect(consoleMessages).toEqual([]);
});

test('50 rapid slider changes end on the final value with no stale result', async ({ page }) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v1-comm');
  await waitIdle(page);
  // Fifty changes a frame apart, dispatched in the page so they come faster than the runs they
  // start can finish. How long they take, and the page's longest task meanwhile, are the bench's
  // to measure (npm run bench), never a test's: this test reads no clock and checks that the page
  // ends right.
  await page.evaluate(async () => {
    const input = document.querySelector<HTMLInputElement>('input[data-param="work_rate"]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    if (!input || !setValue) throw new Error('no work_rate slider');
    let value = 1;
    for (let i = 0; i < 50; i++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      value = Math.round((value + (i % 5 === 4 ? 0.01 : -0.01)) * 100) / 100;
      setValue.call(input, String(value));
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  await waitIdle(page);
  // 40 steps down and 10 up from 1: 0.70.
  await expect(page.locator('[data-param-number="work_rate"]')).toHaveValue('0.7');

  const fresh = await page.context().newPage();
  await fresh.goto(page.url());
  await waitIdle(fresh);
  expect(await chartPaths(page, 'perf-overhead')).toEqual(await chartPaths(fresh, 'perf-overhead'));
  await expect(page.locator('[data-readout="system_rps"]')).toHaveText(
    (await fresh.locator('[data-readout="system_rps"]').textContent()) ?? '',
  );
  expect(consoleMessages).toEqual([]);
});

test('back and forward walk through parameter changes', async ({ page }) => {
  await page.goto('./?preset=multipsi-v1-comm');
  await waitIdle(page);
  const pes = page.locator('[data-param-number="pes"]');
  await pes.fill('8');
  await waitIdle(page);
  // This test is about time itself: changes closer together than HISTORY_DEBOUNCE_MS share one
  // history entry, so the next change waits until the page's own clock is past it (the address
  // was written before the page went idle).
  const written = await page.evaluate(() => performance.now());
  await page.waitForFunction(
    ({ t, ms }) => performance.now() - t > ms,
    { t: written, ms: HISTORY_DEBOUNCE_MS },
    { polling: 'raf' },
  );
  await pes.fill('12');
  await waitIdle(page);
  await page.goBack();
  await waitIdle(page);
  await expect(pes).toHaveValue('8');
  await page.goBack();
  await waitIdle(page);
  await expect(pes).toHaveValue('6');
  await page.goForward();
  await waitIdle(page);
  await expect(pes).toHaveValue('8');
});

test('an invalid typed value is shown at its field and never reaches the engine', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v1-comm');
  await waitIdle(page);
  const readout = page.locator('[data-readout="system_rps"]');
  const before = await readout.textContent();
  const paths = await chartPaths(page, 'perf-overhead');

  const field = page.locator('[data-param-number="pes"]');
  await field.fill('0');
  await expect(
    page.locator('.field-error', { hasText: 'Out of range. Valid: 1 to 1024 PEs' }),
  ).toBeVisible();
  await expect(field).toHaveValue('0');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await waitIdle(page);
  await expect(readout).toHaveText(before ?? '');
  expect(await chartPaths(page, 'perf-overhead')).toEqual(paths);

  const list = page.locator('[data-param-number="curve_work_rates"]');
  await list.fill('1, 7');
  await expect(
    page.locator('.field-error', {
      hasText: 'Item 2 (7): Out of range. Valid: 0.01 to 1 fraction',
    }),
  ).toBeVisible();
  await list.fill('1, 0.5');
  await waitIdle(page);
  await expect(page.locator('svg[data-chart="perf-overhead"] .legend')).toContainText('W = 0.5');
  await expect(page.locator('svg[data-chart="perf-overhead"] .legend')).not.toContainText(
    'W = 0.75',
  );
  expect(consoleMessages).toEqual([]);
});

test('the V2 estimate preset reproduces Table 2 in the model-vs-paper table', async ({ page }) => {
  // A link in the first release's plain form still opens.
  await page.goto('./?preset=multipsi-v2-estimate');
  await waitIdle(page);
  await expect(page.locator('.validation tbody tr')).toHaveCount(
    targetRows('multipsi-v2-estimate'),
  );
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  const card = page.locator('[data-chart-card="cost-breakdown"]');
  await card.getByRole('checkbox', { name: 'Data table' }).check();
  await expect(card.locator('table')).toContainText('what-if');
});

test('a tampered link opens with defaults and says what was dropped', async ({ page }) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v1-comm&pes=0&bogus=3');
  await waitIdle(page);
  const status = page.locator('.banner.warning');
  await expect(status).toContainText("unknown parameter 'bogus'");
  await expect(status).toContainText('pes=0 (Out of range. Valid: 1 to 1024 PEs)');
  await expect(page.locator('[data-param-number="pes"]')).toHaveValue('6');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(status).toHaveCount(0);
  expect(consoleMessages).toEqual([]);
});

test('pins, the paper overlay, the seed and the theme live in the link', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v1-comm');
  await waitIdle(page);
  await page.getByRole('button', { name: 'Pin this run' }).click();
  await page.getByLabel('Experiment').selectOption('multipsi-v2-estimate');
  await waitIdle(page);
  const legend = page.locator('svg[data-chart="perf-overhead"] .legend');
  await expect(legend).toContainText('Multi-PSI/V1: communication vs performance');
  const card = page.locator('[data-chart-card="cost-breakdown"]');
  await expect(card.locator('svg')).toContainText('Multi-PSI/V1: communication vs performance');

  await page.getByRole('navigation', { name: 'Explorer' }).getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.locator('[data-param-number="seed"]').fill('7');
  await waitIdle(page);

  const copy = await page.context().newPage();
  await copy.goto(page.url());
  await waitIdle(copy);
  await expect(copy.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(copy.locator('[data-param-number="seed"]')).toHaveValue('7');
  await expect(copy.locator('svg[data-chart="perf-overhead"] .legend')).toContainText(
    'Multi-PSI/V1: communication vs performance',
  );
  expect(await chartPaths(copy, 'perf-overhead')).toEqual(await chartPaths(page, 'perf-overhead'));
  await copy.screenshot({ path: testInfo.outputPath('pins-dark.png'), fullPage: true });
  await copy.close();

  await page.goto('./?preset=multipsi-v1-comm');
  await waitIdle(page);
  const v1card = page.locator('[data-chart-card="cost-breakdown"]');
  const marks = v1card.locator('svg [data-mark="reference"]');
  await expect(marks).not.toHaveCount(0);
  await v1card.getByRole('checkbox', { name: 'Paper values' }).uncheck();
  await expect(marks).toHaveCount(0);
  expect(consoleMessages).toEqual([]);
});

test('usable at 360 px wide', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('./?preset=multipsi-v1-comm');
  await waitIdle(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('narrow.png'), fullPage: true });
});

test('hovering or arrow keys on a chart read out exact values', async ({ page }, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v1-comm');
  await waitIdle(page);
  const chart = page.locator('svg[data-chart="perf-overhead"]');
  const readout = chart.locator('.readout');
  const mark = await page.locator(CURRENT_MARK).boundingBox();
  if (!mark) throw new Error('no current mark');
  await page.mouse.move(mark.x + mark.width / 2, mark.y + mark.height / 2);
  await expect(readout).toContainText('this configuration');
  // X read out exactly rather than as a rounded tick: the value the page's X readout shows.
  const number = (text: string | null, after = '') =>
    Number(new RegExp(`${after}(\\d[\\d,]*(?:\\.\\d+)?)`).exec(text ?? '')?.[1]?.replace(/,/g, ''));
  const x = number(await page.locator('[data-readout="overhead"]').textContent());
  expect(x).toBeGreaterThan(0);
  await expect(readout).toContainText('overhead X: ');
  expect(number(await readout.textContent(), 'overhead X: ')).toBe(x);
  await page.screenshot({
    path: testInfo.outputPath('hover.png'),
    clip: (await chart.boundingBox())!,
  });
  await page.mouse.move(0, 0);
  await expect(readout).toHaveCount(0);

  await chart.focus();
  await page.keyboard.press('ArrowRight');
  await expect(readout).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(readout).toHaveCount(0);
  expect(consoleMessages).toEqual([]);
});
