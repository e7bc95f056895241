import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

import { collectConsole, waitIdle } from './support';

/** The plot's height: the length of the chart's upright axis line. */
async function plotHeight(svg: Locator): Promise<number> {
  const heights = await svg
    .locator('g.axis > line')
    .evaluateAll((lines) => lines.map((l) => l.getBoundingClientRect().height));
  return Math.max(...heights);
}

/** Tabs until a cut label of the chart has the focus; its full form, or null after `tries`. */
async function tabToCutLabel(page: Page, tries = 40): Promise<string | null> {
  for (let i = 0; i < tries; i++) {
    await page.keyboard.press('Tab');
    const full = await page.evaluate(() => {
      const el = document.activeElement;
      return el?.classList.contains('cut') ? el.getAttribute('aria-label') : null;
    });
    if (full) return full;
  }
  return null;
}

test('a chart with a long legend keeps a readable plot in a 320 px embed, its caption below', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.setViewportSize({ width: 320, height: 640 });
  // Paragon BSP, Fig. 3: ten legend entries (five meshes and their fitted lines).
  await page.goto('./embed.html?preset=paragon-bsp&chart=hrelations');
  await waitIdle(page);
  const svg = page.locator('svg[data-chart="hrelations"]');
  expect(await plotHeight(svg)).toBeGreaterThanOrEqual(140);
  const chart = (await svg.boundingBox())!;
  const caption = (await page.locator('figcaption').boundingBox())!;
  expect(caption.y).toBeGreaterThanOrEqual(chart.y + chart.height - 0.5);
  // The y title reads in full, not "t… (µs)".
  await expect(svg.locator('text.axis-label').last()).toHaveText('time (µs)');
  expect(consoleMessages).toEqual([]);
});

test('a cut label shows its full form on focus, by keyboard and by a tap', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 320, height: 700 },
    hasTouch: true,
  });
  const page = await context.newPage();
  const consoleMessages = collectConsole(page);
  // Paragon ping-pong: "send/receive (ping-pong), simulated" and longer names cut at 320 px.
  await page.goto('./embed.html?preset=paragon-pingpong&chart=pingpong');
  await waitIdle(page);
  const full = page.locator('.chart-full');
  await expect(full).toBeHidden();
  const focused = await tabToCutLabel(page);
  expect(focused).not.toBeNull();
  await expect(full).toBeVisible();
  await expect(full).toHaveText(focused!);
  await page.getByRole('link', { name: 'Open in archex' }).focus();
  await expect(full).toBeHidden();

  const cut = page.locator('svg[data-chart="pingpong"] text.cut').first();
  const name = await cut.getAttribute('aria-label');
  // The words drawn, without the tooltip's <title>.
  const drawn = await cut.evaluate((el) =>
    [...el.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent)
      .join(''),
  );
  expect(drawn.endsWith('…')).toBe(true);
  expect(name!.startsWith(drawn.slice(0, -1).trimEnd())).toBe(true);
  await cut.tap();
  await expect(full).toHaveText(name!);
  expect(consoleMessages).toEqual([]);
  await context.close();
});
