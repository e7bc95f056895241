import { expect, test } from '@playwright/test';

import { collectConsole, waitIdle } from './support';

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
  // span and the marks with their numbers, and the same number of points on each line (a dense
  // line's marker shapes are spaced by pixels, so their number follows the width).
  const desc = 'svg[data-chart="perf-overhead"] desc';
  await expect(embed.locator(desc)).toHaveText((await page.locator(desc).textContent()) ?? '');
  const vertices = (paths: string[]) => paths.map((d) => d.split(/[ML]/).length);
  const lines = (p: typeof page) =>
    p
      .locator('svg[data-chart="perf-overhead"] .curve > path:not([transform])')
      .evaluateAll((paths) => paths.map((e) => e.getAttribute('d') ?? ''));
  expect(vertices(await lines(embed))).toEqual(vertices(await lines(page)));
  expect(await lines(page)).toHaveLength(4);
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

test('an embed link that names a chart its experiment does not have says so and lists the charts it has', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  // The preset's charts, as the explorer shows them.
  await page.goto('./?preset=multipsi-v2-estimate');
  await waitIdle(page);
  const ids = await page
    .locator('[data-chart-card]')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-chart-card')!));
  expect(ids.length).toBeGreaterThan(1);

  await page.goto('./embed.html?preset=multipsi-v2-estimate&chart=nope');
  await waitIdle(page);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    "This link asks for a chart 'nope', which 'Multi-PSI/V2 estimate: communication vs " +
      "performance' does not have. Its charts: 'perf-overhead' (Relative performance against " +
      'relative communication overhead (Fig. 6))',
  );
  for (const id of ids) await expect(alert).toContainText(`'${id}' (`);
  await expect(page.locator('svg[data-chart]')).toHaveCount(0);
  expect(consoleMessages).toEqual([]);
});

test('a damaged embed link says so in words, and one partly read says what it could not use', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  // Cut short when copied: the state no longer decodes.
  await page.goto('./embed.html?s=zbroken&chart=perf-overhead');
  await waitIdle(page);
  await expect(page.getByRole('alert')).toHaveText(
    "This chart's link is damaged: what it should show cannot be read. It may have been cut " +
      'short or changed when it was copied; copy it again from where it came from.',
  );
  await page.goto(`./embed.html?s=j${encodeURIComponent('{"v":9,"preset":"multipsi-v1-comm"}')}`);
  await waitIdle(page);
  await expect(page.getByRole('alert')).toHaveText(
    /written by another version of archex \(link version 9; this site reads versions 1 to \d+\)/,
  );
  // A value out of its range: the chart draws with the experiment's own, and says so.
  await page.goto('./embed.html?preset=multipsi-v2-estimate&comm_rate=99&chart=perf-overhead');
  await waitIdle(page);
  await expect(page.locator('svg[data-chart="perf-overhead"]')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Part of this' })).toHaveText(
    /^Part of this chart's link could not be used, so the experiment's own values stand in for it: .*comm_rate/,
  );
  expect(consoleMessages).toEqual([]);
});

test('the embed snippet fits its chart, caption and link in host pages 320, 700 and 1200 px wide', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v1-program1');
  await waitIdle(page);
  await page
    .locator('[data-chart-card="comm-rate"]')
    .getByRole('button', { name: 'Embed' })
    .click();
  const snippet = await page.getByRole('textbox', { name: 'Embed code' }).inputValue();

  const host = await page.context().newPage();
  const hostConsole = collectConsole(host);
  for (const width of [320, 700, 1200]) {
    await host.setViewportSize({ width: width + 40, height: 1200 });
    // The exact snippet in a column of the host page, between the host's own paragraphs.
    await host.setContent(
      `<!doctype html><body style="margin:20px;font:16px sans-serif"><main style="width:${width}px">` +
        `<p>Text of the host page above the chart.</p>${snippet}<p>Text below.</p></main></body>`,
    );
    const frameElement = host.locator('iframe');
    const frame = host.frameLocator('iframe');
    await waitIdle(frame);
    const caption = frame.locator('figcaption');
    const link = frame.getByRole('link', { name: 'Open in archex' });
    await expect(frame.locator('svg[data-chart="comm-rate"]')).toHaveCount(1);
    // The frame grows to the page inside it: the caption's end and the link lie within the frame.
    const within = async () => {
      const outer = (await frameElement.boundingBox())!;
      return Promise.all(
        [caption, link, frame.locator('svg[data-chart]')].map(async (l) => {
          const box = (await l.boundingBox())!;
          return (
            box.x >= outer.x - 0.5 &&
            box.y >= outer.y - 0.5 &&
            box.x + box.width <= outer.x + outer.width + 0.5 &&
            box.y + box.height <= outer.y + outer.height + 0.5
          );
        }),
      );
    };
    await expect.poll(within).toEqual([true, true, true]);
    await expect(link).toBeVisible();
    // Nothing is left to scroll inside the frame, and it is not much taller than its page.
    const inner = await (await frameElement.elementHandle())!.contentFrame();
    const [scroll, client] = await inner!.evaluate(() => [
      document.documentElement.scrollHeight,
      document.documentElement.clientHeight,
    ]);
    expect(scroll).toBeLessThanOrEqual(client);
    const outer = (await frameElement.boundingBox())!;
    const end = (await caption.boundingBox())!;
    expect(outer.y + outer.height - (end.y + end.height)).toBeLessThan(40);
    await host.screenshot({ path: testInfo.outputPath(`embed-host-${width}.png`), fullPage: true });
  }
  expect(consoleMessages).toEqual([]);
  expect(hostConsole).toEqual([]);
});
