import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';

import { chartPaths, collectConsole, targetRows, waitRun } from './support';

test('Paragon ping-pong matches eqs. 1 and 2 in the model-vs-paper table', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=paragon-pingpong');
  await waitRun(page);
  await expect(page.locator('.validation tbody tr')).toHaveCount(targetRows('paragon-pingpong'));
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  const legend = page.locator('svg[data-chart="pingpong"] .legend');
  await expect(legend).toContainText('ping-pong, least-squares line');
  // The marks at 64 KB are the paper's equations, not points of this run.
  await expect(legend).toContainText("paper's equation at 64 KB");
  await expect(legend).not.toContainText('current');
  await page.screenshot({ path: testInfo.outputPath('paragon-pingpong.png'), fullPage: true });
  expect(consoleMessages).toEqual([]);
});

test('moving the mesh size updates g, L and the BSP prediction line', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=paragon-bsp');
  await waitRun(page);
  await expect(page.locator('.validation tbody tr')).toHaveCount(targetRows('paragon-bsp'));
  await expect(page.locator('.validation tr.fail')).toHaveCount(0);
  const legend = page.locator('svg[data-chart="hrelations"] .legend');
  await expect(legend).toContainText('4x2: BSP g h + L');
  await page.screenshot({ path: testInfo.outputPath('paragon-bsp.png'), fullPage: true });
  const g = page.locator('[data-readout="g_us"]');
  const before = { g: await g.textContent(), paths: await chartPaths(page, 'hrelations') };

  // The first configuration becomes 4x4: its g and L are fitted anew and its line redrawn.
  await page.locator('[data-param-number="processors"]').fill('16, 64');
  await waitRun(page);
  await expect(legend).toContainText('4x4: BSP g h + L');
  await expect(legend).not.toContainText('4x2');
  await expect(g).not.toHaveText(before.g ?? '');
  await expect(page.locator('[data-readout="g_us"]')).toContainText('µs');
  expect(await chartPaths(page, 'hrelations')).not.toEqual(before.paths);
  expect(consoleMessages).toEqual([]);
});

test('a Paragon panel leaves out what its experiment does not read; the URL keeps it', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  const field = (name: string) => page.locator(`[data-param-number="${name}"]`);
  await page.goto('./?preset=paragon-bisection');
  await expect(field('message_kb')).toBeVisible();
  await expect(field('nx_packet_us')).toBeVisible();
  for (const name of [
    'bsp_packet_bytes',
    'bsp_buffer_us',
    'bsp_alloc_us',
    'barrier_call_us',
    'barrier_round_us',
  ]) {
    await expect(field(name)).toHaveCount(0);
  }
  await page.screenshot({ path: testInfo.outputPath('paragon-bisection.png'), fullPage: true });

  // The sorts charge key_us, the matrix multiply flop_us: the panel follows the kernel chosen.
  await page.goto('./?preset=paragon-samplesort');
  await expect(field('key_us')).toBeVisible();
  await expect(field('flop_us')).toHaveCount(0);
  const before = page.url();
  await field('key_us').fill('0.3');
  await expect.poll(() => page.url()).not.toBe(before);
  await field('app').selectOption({ label: 'matrix multiply' });
  await expect(field('flop_us')).toBeVisible();
  await expect(field('key_us')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('paragon-kernel.png'), fullPage: true });
  await page.reload();
  await expect(field('flop_us')).toBeVisible();
  await field('app').selectOption({ label: 'sample sort' });
  await expect(field('key_us')).toHaveValue('0.3');
  expect(consoleMessages).toEqual([]);
});

test("model vs paper: the paper's words, the range and the source, by touch and key", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  // A phone: the table reads as labelled blocks, and every note opens on a tap.
  const phone = await browser.newContext({
    baseURL,
    hasTouch: true,
    isMobile: true,
    viewport: { width: 320, height: 700 },
  });
  const page = await phone.newPage();
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=paragon-samplesort');
  await waitRun(page);
  const row = (metric: string) => page.locator(`.validation tr[data-metric="${metric}"]`);
  const always = row('butterfly_over_bsp_worst_p64');
  await expect(always.locator('[data-label="paper"]')).toHaveText(
    '\u201cthe modified algorithm is always faster than the BSP algorithm\u201d',
  );
  await expect(always.locator('[data-label="accepted"]')).toHaveText('< 1');
  await expect(always.locator('[data-label="source"]')).toBeVisible();
  await expect(always.locator('[data-label="source"]')).toHaveText('sec. 4 (Sample Sort), Fig. 8');
  const why = always.locator('details p');
  await expect(why).toBeHidden();
  await always.locator('summary').tap();
  await expect(why).toBeVisible();
  await expect(why).toContainText('even the worst size is below 1');
  // A known miss: its note is text below the table, reached from its result.
  const note = page.locator('#known-miss-bpram_over_bsp_most_p64');
  await row('bpram_over_bsp_most_p64').getByRole('link', { name: '(note 1)' }).tap();
  await expect(note).toBeInViewport();
  await expect(note).toContainText('twice as fast as BSP');
  await page.screenshot({ path: testInfo.outputPath('validation-320.png'), fullPage: true });

  // The keyboard: from the CSV button, Tab reaches the first target's reading and Enter opens it.
  await page.locator('.validation-head button').focus();
  await page.keyboard.press('Tab');
  const first = page.locator('.validation tbody tr').first();
  await expect(first.locator('summary')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(first.locator('details p')).toBeVisible();

  // The CSV holds the words, the range, the source and the reasons in full.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('.validation-head button').click(),
  ]);
  expect(download.suggestedFilename()).toBe('paragon-samplesort-model-vs-paper.csv');
  const csv = readFileSync((await download.path())!, 'utf8');
  // Where the numbers come from first, as comment lines; then the header.
  const lines = csv.split('\n');
  const comments = lines.filter((l) => l.startsWith('# '));
  expect(comments[0]).toMatch(/^# preset: paragon-samplesort \(/);
  expect(comments).toContain("# parameters: The paper's values.");
  expect(comments.at(-1)).toMatch(/^# link: http.*\?s=/);
  expect(lines[comments.length]).toBe(
    'metric,target,role,unit,paper,accepted,simulated,result,seeds,source,why,known miss',
  );
  expect(csv).toContain('the modified algorithm is always faster than the BSP algorithm');
  expect(csv).toContain('sec. 4 (Sample Sort)');
  expect(csv).toContain('twice as fast as BSP');
  expect(consoleMessages).toEqual([]);
  await phone.close();
});
