import { expect, test } from '@playwright/test';

import { chartPaths, collectConsole, waitIdle } from './support';

test('the embed dialog gives a chart-only page that links back with the same state', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v2-estimate&comm_rate=0.08');
  await waitIdle(page);
  const card = page.locator('[data-chart-card="perf-overhead"]');
  await card.getByRole('button', { name: 'Embed' }).click();
  const snippet = await page.getByRole('textbox', { name: 'Embed code' }).inputValue();
  const src = /src="([^"]+)"/.exec(snippet)?.[1] ?? '';
  expect(snippet).toMatch(/^<iframe /);
  expect(src).toContain('embed.html?s=');
  expect(src).toContain('chart=perf-overhead');
  await page.getByRole('button', { name: 'Close' }).click();

  const embed = await page.context().newPage();
  const embedConsole = collectConsole(embed);
  const scripts: string[] = [];
  embed.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await embed.setViewportSize({ width: 480, height: 360 });
  await embed.goto(src.replace(/&amp;/g, '&'));
  await waitIdle(embed);
  await expect(embed.locator('svg[data-chart]')).toHaveCount(1);
  await expect(embed.locator('input, select, .sidebar, .validation')).toHaveCount(0);
  // The same chart at another width: the same text alternative, which lists every curve's
  // span and the marks with their numbers, and the same number of points on each path.
  const desc = 'svg[data-chart="perf-overhead"] desc';
  await expect(embed.locator(desc)).toHaveText((await page.locator(desc).textContent()) ?? '');
  const vertices = (paths: string[]) => paths.map((d) => d.split(/[ML]/).length);
  expect(vertices(await chartPaths(embed, 'perf-overhead'))).toEqual(
    vertices(await chartPaths(page, 'perf-overhead')),
  );
  // Only the embed entry's own code: none of the explorer's (picker, panel, export).
  expect(scripts.some((s) => /\/assets\/main-/.test(s))).toBe(false);
  await embed.screenshot({ path: testInfo.outputPath('embed.png') });

  const back = embed.getByRole('link', { name: 'Open in archex' });
  await back.click();
  await waitIdle(embed);
  await expect(embed.locator('[data-param-number="comm_rate"]')).toHaveValue('0.08');
  expect(consoleMessages).toEqual([]);
  expect(embedConsole).toEqual([]);
});

test('an embed link that names no chart says so instead of drawing nothing', async ({ page }) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./embed.html?s=zbroken&chart=nope');
  await waitIdle(page);
  await expect(page.getByText('This link names no chart to show.')).toBeVisible();
  expect(consoleMessages).toEqual([]);
});
