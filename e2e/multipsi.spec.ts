import { expect, test } from '@playwright/test';

import { chartPaths, collectConsole, knownMisses, targetRows, waitIdle } from './support';

test('the Multi-PSI goal-reduction machine draws Figs. 8-11 and a timeline, live as depth, program and PEs move', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v1-program1');
  await waitIdle(page);

  // Fig. 8: one line per depth 1-5 plus the ideal; Table 3's one-PE RPS overlaid.
  const rps = page.locator('svg[data-chart="rps-vs-pes"]');
  await expect(rps.locator('[data-curve]')).toHaveCount(5);
  await expect(rps.locator('.legend')).toContainText('Depth 5');
  await expect(rps.locator('.legend')).toContainText('paper');
  // Fig. 9: six processors per bar, five bars; Fig. 10 on a log scale; Fig. 11's three lines.
  await expect(page.locator('svg[data-chart="work-rates"] desc')).toContainText('Depth 1');
  await expect(page.locator('svg[data-chart="comm-rate"] [data-curve]')).toHaveCount(5);
  await expect(page.locator('svg[data-chart="relative-performance"] [data-curve]')).toHaveCount(3);
  const timeline = page.locator('svg[data-chart="timeline"]');
  await expect(timeline).toContainText('PE 6');
  // The paper table: every Program 1 target met.
  await expect(page.locator('.validation tbody tr')).toHaveCount(
    targetRows('multipsi-v1-program1'),
  );
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('multipsi-program1.png'), fullPage: true });

  // A deeper distribution: the readout and the timeline change, the sweep's lines stay.
  const readout = page.locator('dl.readouts');
  const before = await readout.textContent();
  const timelineBefore = await chartPaths(page, 'timeline');
  await page.locator('[data-param-number="depth"]').fill('4');
  await waitIdle(page);
  await expect(readout).not.toHaveText(before ?? '');
  expect(await chartPaths(page, 'timeline')).not.toEqual(timelineBefore);
  await expect(rps.locator('[data-curve]')).toHaveCount(5);

  // Program 2 on the same machine: one line per K, and the paper's Program 2 targets are not
  // this preset's, so the table stays Program 1's.
  await page.locator('[data-param-number="program"]').selectOption('1');
  await waitIdle(page);
  await expect(rps.locator('.legend')).toContainText('K = 8');
  await expect(rps.locator('[data-curve]')).toHaveCount(8);

  // Fewer PEs: four rows in the timeline, four segments per work-rate bar.
  await page.locator('[data-param-number="pes"]').fill('4');
  await waitIdle(page);
  await expect(timeline).toContainText('PE 4');
  await expect(timeline).not.toContainText('PE 5');
  // The link keeps all of it: a fresh page draws the same.
  const paths = await chartPaths(page, 'rps-vs-pes');
  const fresh = await page.context().newPage();
  await fresh.goto(page.url());
  await waitIdle(fresh);
  expect(await chartPaths(fresh, 'rps-vs-pes')).toEqual(paths);
  await expect(fresh.locator('dl.readouts')).toHaveText((await readout.textContent()) ?? '');
  expect(consoleMessages).toEqual([]);
});

test('Program 2 shows its known misses as such, and V2 sweeps 64 PEs', async ({ page }) => {
  test.setTimeout(120_000);
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v1-program2');
  await waitIdle(page);
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  await expect(page.locator('.validation tr.known-miss')).toHaveCount(
    knownMisses('multipsi-v1-program2'),
  );
  await expect(page.locator('.validation tr.known-miss').first()).toContainText('known miss');

  await page.goto('./?preset=multipsi-v2-program1');
  await waitIdle(page);
  const rps = page.locator('svg[data-chart="rps-vs-pes"]');
  await expect(rps.locator('[data-curve]')).toHaveCount(5);
  await expect(page.locator('svg[data-chart="timeline"]')).toContainText('PE 64');
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  expect(consoleMessages).toEqual([]);
});

test("Fig. 10's Log y box shows the preset's log axis and switches it both ways, kept by the link", async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v1-program1');
  await waitIdle(page);
  const card = page.locator('[data-chart-card="comm-rate"]');
  const logY = card.getByRole('checkbox', { name: 'Log y' });
  const desc = card.locator('svg[data-chart="comm-rate"] desc');
  await expect(logY).toBeChecked();
  await expect(desc).toContainText('(linear x, log y)');
  const logPaths = await chartPaths(page, 'comm-rate');

  await logY.uncheck();
  await waitIdle(page);
  await expect(logY).not.toBeChecked();
  await expect(desc).not.toContainText('log y');
  expect(await chartPaths(page, 'comm-rate')).not.toEqual(logPaths);
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: testInfo.outputPath('fig10-linear.png') });

  // The link keeps the linear choice.
  const fresh = await page.context().newPage();
  await fresh.goto(page.url());
  await waitIdle(fresh);
  const freshCard = fresh.locator('[data-chart-card="comm-rate"]');
  await expect(freshCard.getByRole('checkbox', { name: 'Log y' })).not.toBeChecked();
  await expect(freshCard.locator('desc')).not.toContainText('log y');

  await logY.check();
  await waitIdle(page);
  await expect(desc).toContainText('(linear x, log y)');
  expect(await chartPaths(page, 'comm-rate')).toEqual(logPaths);
  await card.screenshot({ path: testInfo.outputPath('fig10-log.png') });
  expect(consoleMessages).toEqual([]);
});
