import { expect, test } from '@playwright/test';

import { chartPaths, collectConsole, knownMisses, targetRows, waitRun } from './support';

test('the transputer ping holds the paper claims and follows the T9000 link speed', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=transputer-ping');
  await waitRun(page);
  await expect(page.locator('.validation tbody tr')).toHaveCount(targetRows('transputer-ping'));
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  await expect(page.locator('svg[data-chart="t9000-rtt"] .legend')).toContainText('T9 raw+32');
  await expect(page.locator('svg[data-chart="t805-rtt"] .legend')).toContainText('T8 VCR');
  await page.screenshot({ path: testInfo.outputPath('transputer-ping.png'), fullPage: true });

  const readout = page.locator('[data-readout="ratio_t8_t9_p4_first"]');
  const before = { text: await readout.textContent(), paths: await chartPaths(page, 'ratio') };
  // Slower DS-links bring the T9000 closer to the T805.
  await page.locator('[data-param-number="t9000_link_mbit"]').fill('20');
  await waitRun(page);
  await expect(readout).not.toHaveText(before.text ?? '');
  expect(await chartPaths(page, 'ratio')).not.toEqual(before.paths);
  const first = (text: string | null) => Number(/[\d.]+/.exec(text ?? '')?.[0]);
  expect(first(await readout.textContent())).toBeLessThan(first(before.text));
  expect(consoleMessages).toEqual([]);
});

test('transputer throughput draws the link limits and the C104 its overhead', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=transputer-throughput');
  await waitRun(page);
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  await expect(page.locator('svg[data-chart="throughput"]')).toContainText('DS-link limit');
  await expect(page.locator('svg[data-chart="throughput"]')).toContainText('OS-link limit');
  await page.screenshot({ path: testInfo.outputPath('transputer-throughput.png'), fullPage: true });

  await page.goto('./?preset=transputer-c104');
  await waitRun(page);
  await expect(page.locator('.validation tbody tr')).toHaveCount(targetRows('transputer-c104'));
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  const before = await chartPaths(page, 'overhead');
  // A slower C104 moves the crossover with p4's overhead to smaller messages.
  await page.locator('[data-param-number="c104_latency_us"]').fill('3');
  await waitRun(page);
  expect(await chartPaths(page, 'overhead')).not.toEqual(before);
  expect(await page.locator('.validation tr.fail').count()).toBeGreaterThan(0);
  await page.screenshot({ path: testInfo.outputPath('transputer-c104.png'), fullPage: true });
  expect(consoleMessages).toEqual([]);
});

test('the transputer farm follows the worker counts', async ({ page }, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=transputer-farm');
  await waitRun(page);
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  await expect(page.locator('svg[data-chart="work-rates"]')).toContainText('T9000, 32 workers');
  // The marks on the time axis are the sequential times, not points of this run.
  const timeLegend = page.locator('svg[data-chart="time"] .legend');
  await expect(timeLegend).toContainText('sequential time, one processor');
  await expect(timeLegend).not.toContainText('current');
  await page.screenshot({ path: testInfo.outputPath('transputer-farm.png'), fullPage: true });

  await page.locator('[data-param-number="workers"]').fill('1, 2, 4, 8');
  await waitRun(page);
  await expect(page.locator('svg[data-chart="work-rates"]')).toContainText('T9000, 8 workers');
  // Two machines of four points: a circle each, or the second series' shape.
  await expect(
    page.locator('svg[data-chart="speedup"] [data-curve] :is(circle, path[transform])'),
  ).toHaveCount(8);
  expect(consoleMessages).toEqual([]);
});

test('the sequential Mandelbrot table shows its rows and known misses', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=transputer-sequential');
  await waitRun(page);
  await expect(page.locator('.validation tbody tr')).toHaveCount(
    targetRows('transputer-sequential'),
  );
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  await expect(page.locator('.validation tr.known-miss')).toHaveCount(
    knownMisses('transputer-sequential'),
  );
  // Each target says what it is to the model: a Mips row follows from the calibrated time.
  const role = (metric: string) => page.locator(`.validation tr[data-metric="${metric}"] .role`);
  await expect(role('int_time_ms_t805')).toHaveText('calibration');
  await expect(role('mips_t805')).toHaveText(
    'restates \u201cTable 2 time, 25 MHz T805 (calibrated)\u201d',
  );
  await expect(role('fp_time_ms_t805')).toHaveText('validation');
  await expect(page.locator('svg[data-chart="table1-time"]')).toContainText('66 MHz i486');
  await page.screenshot({ path: testInfo.outputPath('transputer-sequential.png'), fullPage: true });
  expect(consoleMessages).toEqual([]);
});
