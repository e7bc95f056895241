import { expect, test } from '@playwright/test';

import { chartPaths, collectConsole, targetRows, waitIdle, waitRun } from './support';

test('the J-Machine round trip matches the paper in the model-vs-paper table', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=jmachine-round-trip');
  await waitIdle(page);
  await expect(page.locator('.validation tbody tr')).toHaveCount(targetRows('jmachine-round-trip'));
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  await expect(page.locator('svg[data-chart="round-trip"] .legend')).toContainText('null RPC');
  await page.screenshot({ path: testInfo.outputPath('jmachine-round-trip.png'), fullPage: true });
  expect(consoleMessages).toEqual([]);
});

test('the J-Machine traffic preset draws a channel heat map plane by plane', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=jmachine-random-traffic');
  await waitRun(page);
  const card = page.locator('[data-chart-card="channel-utilization"]');
  const desc = card.locator('svg desc');
  await expect(desc).toContainText('plane z = 0');
  await card.getByRole('combobox', { name: 'Plane z' }).selectOption('4');
  await expect(desc).toContainText('plane z = 4');
  expect(new URL(page.url()).search).toMatch(/^\?s=/);
  await expect(page.locator('svg[data-chart="latency-load"] [data-curve]').first()).toBeVisible();
  // Wormhole routing drops nothing: no acceptance chart; accepted load leaves y = x.
  await expect(page.locator('[data-chart-card="acceptance"]')).toHaveCount(0);
  await expect(page.locator('svg[data-chart="accepted"] path.guide')).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('jmachine-traffic.png'), fullPage: true });

  // Every network parameter is free on the custom network; a torus with one virtual channel is
  // refused at the field with the reason.
  await page.goto('./?preset=custom-network');
  await waitIdle(page);
  await page.locator('[data-param-number="topology"]').selectOption('1');
  await waitIdle(page);
  await expect(
    page.locator('.field-error', { hasText: 'a torus needs at least 2 virtual channels' }),
  ).toBeVisible();
  await page.locator('[data-param-number="vcs"]').fill('2');
  await waitIdle(page);
  await expect(
    page.locator('.field-error', { hasText: 'a torus needs at least 2 virtual channels' }),
  ).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('custom-network.png'), fullPage: true });
  expect(consoleMessages).toEqual([]);
});

test('the J-Machine latency-load page draws every point with a pool of workers, as one worker does', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  /** The page run with `cores` reported cores: workers started, and the two charts' drawings. */
  async function draw(cores: number) {
    const page = await browser.newPage();
    const consoleMessages = collectConsole(page);
    await page.addInitScript((n) => {
      Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => n });
    }, cores);
    let workers = 0;
    page.on('worker', () => workers++);
    await page.goto('./?preset=jmachine-latency-load');
    await waitRun(page);
    // 4 message lengths x 12 grains, on both charts: a point's marker is a circle or, from the
    // second series on, a shape placed by its transform.
    for (const chart of ['latency-load', 'efficiency']) {
      await expect(
        page.locator(`svg[data-chart="${chart}"] [data-curve] :is(circle, path[transform])`),
      ).toHaveCount(48);
    }
    const drawn = [await chartPaths(page, 'latency-load'), await chartPaths(page, 'efficiency')];
    expect(consoleMessages).toEqual([]);
    await page.close();
    return { workers, drawn };
  }
  const one = await draw(1);
  const three = await draw(3);
  expect(one.workers).toBe(1);
  expect(three.workers).toBe(3);
  expect(three.drawn).toEqual(one.drawn);
});

test('a J-Machine program runs live: the barrier meets Table 3, and a slower router lengthens it', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=jmachine-barrier');
  await waitIdle(page);
  await expect(page.locator('.validation tbody tr')).toHaveCount(targetRows('jmachine-barrier'));
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  const legend = page.locator('svg[data-chart="barrier"] .legend');
  await expect(legend).toContainText('J-Machine (simulated)');
  await expect(legend).toContainText('Delta (paper data)');
  const readout = page.locator('[data-readout="barrier_us_n512"]');
  // The readout's value leads its text (its detail follows).
  const value = async () => Number((await readout.textContent())?.match(/^[\d.]+/)?.[0]);
  const before = await value();
  await page.locator('[data-param-number="router_delay_cycles"]').fill('4');
  await waitIdle(page);
  await expect(page.locator('[data-param-number="router_delay_cycles"]')).toHaveValue('4');
  expect(await value()).toBeGreaterThan(before + 1);
  await page.screenshot({ path: testInfo.outputPath('jmachine-barrier.png'), fullPage: true });
  expect(consoleMessages).toEqual([]);
});

test('13-queens runs on the simulated MDPs with progress and finds every solution', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=jmachine-queens');
  await waitRun(page);
  // 73,712: how many solutions 13-queens has (OEIS A000170), a fact of the puzzle, not of the model.
  await expect(page.locator('[data-readout="queens_run_ms_n64"]')).toContainText(
    /73,?712 solutions/,
  );
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  await expect(page.locator('svg[data-chart="speedup"] [data-curve] circle')).toHaveCount(10);
  await expect(page.locator('svg[data-chart="breakdown"]')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('jmachine-queens.png'), fullPage: true });
  expect(consoleMessages).toEqual([]);
});
