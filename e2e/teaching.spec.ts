import { readFile } from 'node:fs/promises';

import type { Locator } from '@playwright/test';
import { expect, test } from '@playwright/test';

import { collectConsole, waitIdle } from './support';

/** The labels of a chart's left (y) axis ticks, top to bottom. */
async function yTicks(chart: Locator): Promise<string[]> {
  return chart.locator('svg g.axis').nth(1).locator('text:not(.axis-label)').allTextContents();
}

test('side by side: two parameter sets, what differs listed, shared axes, kept over a reload and exported', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto('./?preset=paragon-pingpong');
  await waitIdle(page);
  await page.getByRole('button', { name: 'Side by side' }).click();
  await waitIdle(page);
  const left = page.locator('main[data-pane="left"]');
  const right = page.locator('main[data-pane="right"]');
  await expect(page.getByText('The two sides are the same run')).toBeVisible();

  // The right side's NX send overhead doubled: its start-up grows, and the list says so.
  await right.locator('summary', { hasText: 'Parameters' }).click();
  const field = right.locator('[data-param-number="nx_send_message_us"]');
  const before = Number(await field.inputValue());
  await field.fill(String(before * 4));
  await field.press('Enter');
  await waitIdle(page);
  const row = page.locator('tr[data-difference="nx_send_message_us"]');
  await expect(row).toContainText(String(before));
  await expect(row).toContainText(String(before * 4));
  const startup = (pane: typeof left) =>
    pane.locator('dd[data-readout="tpp_startup_us"]').textContent();
  expect(Number.parseFloat((await startup(right)) ?? '')).toBeGreaterThan(
    Number.parseFloat((await startup(left)) ?? ''),
  );

  // The same chart on both sides is drawn on the same axes, so the right's higher line shows.
  const ticks = async () => [
    await yTicks(left.locator('[data-chart-card="pingpong"]')),
    await yTicks(right.locator('[data-chart-card="pingpong"]')),
  ];
  const [l, r] = await ticks();
  expect(l!.length).toBeGreaterThan(2);
  expect(l).toEqual(r);

  // The link keeps both sides.
  await page.reload();
  await waitIdle(page);
  await expect(page.locator('tr[data-difference="nx_send_message_us"]')).toContainText(
    String(before * 4),
  );
  expect((await ticks())[0]).toEqual(l);

  // The export carries both runs, what differs, and the link.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the comparison (JSON)' }).click();
  const file = JSON.parse(await readFile((await (await download).path())!, 'utf8')) as {
    link: string;
    differences: { name: string }[];
    left: { params: Record<string, number> };
    right: { params: Record<string, number> };
  };
  expect(file.differences.map((d) => d.name)).toEqual(['nx_send_message_us']);
  expect(file.right.params.nx_send_message_us).toBe(before * 4);
  expect(file.left.params.nx_send_message_us).toBe(before);
  expect(file.link).toBe(page.url());

  // Back returns to one pane.
  await page.getByRole('button', { name: 'Keep the right only' }).click();
  await waitIdle(page);
  await expect(page.locator('main[data-pane="alone"]')).toBeVisible();
  expect(await page.locator('[data-param-number="nx_send_message_us"]').inputValue()).toBe(
    String(before * 4),
  );
  expect(consoleMessages).toEqual([]);
});

test('presentation mode: one chart, text at least 24 px at 1920 x 1080, Escape leaves, the link keeps it', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto('./?preset=paragon-pingpong');
  await waitIdle(page);
  await page
    .locator('[data-chart-card="pingpong"]')
    .getByRole('button', { name: 'Present' })
    .click();
  await waitIdle(page);
  const stage = page.locator('main.presentation');
  await expect(stage).toHaveAttribute('data-present', 'pingpong');
  await expect(stage.locator('[data-chart-card]')).toHaveCount(1);

  // Measured as drawn: the height of a tick label and of the axis title on the screen.
  const shot = testInfo.outputPath('presentation-1920.png');
  await page.screenshot({ path: shot });
  const tick = stage.locator('svg g.axis text:not(.axis-label)').first();
  const box = await tick.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(24);
  const fontPx = await tick.evaluate((el) => {
    const zoom = Number(getComputedStyle(el.closest('.presentation-stage')!).zoom);
    return Number.parseFloat(getComputedStyle(el).fontSize) * zoom;
  });
  expect(fontPx).toBeGreaterThanOrEqual(24);
  const aside = await stage
    .locator('.presentation-aside p')
    .first()
    .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
  expect(aside).toBeGreaterThanOrEqual(24);

  await page.reload();
  await waitIdle(page);
  await expect(page.locator('main.presentation')).toHaveAttribute('data-present', 'pingpong');
  await page.keyboard.press('Escape');
  await expect(page.locator('main[data-pane="alone"]')).toBeVisible();
  expect(consoleMessages).toEqual([]);
});
