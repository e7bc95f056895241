// The shell around the charts: the landing page, the keyboard's way to the charts, failures and
// long runs said in words, and small input messages.
import { readFile } from 'node:fs/promises';

import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

import type { Params } from '../app/engine/types';
import { emptyState, serializeUrlState } from '../app/link/url_state';
import { collectConsole, waitIdle } from './support';

/** The custom network with these parameters changed. */
function custom(params: Params): string {
  return `./${serializeUrlState({ ...emptyState('custom-network'), params })}`;
}

/**
 * Caps every engine worker's wasm memory at `mb` (the module takes the memory it is given, built
 * with IMPORTED_MEMORY): a run runs out in a second, on the path a run that fills 2 GB takes.
 */
async function capWorkerMemory(context: BrowserContext, mb: number) {
  await context.route('**/assets/worker-*.js', async (route) => {
    const response = await route.fetch();
    const cap =
      `const NativeMemory = WebAssembly.Memory;` +
      `WebAssembly.Memory = function (d) {` +
      ` return new NativeMemory({ ...d, maximum: Math.min(d.maximum, ${mb * 16}) }); };\n`;
    await route.fulfill({ response, body: cap + (await response.text()) });
  });
}

test('the landing page says what archex is for and starts on the custom network', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./');
  await waitIdle(page);
  const intro = page.locator('.intro p');
  await expect(intro).toContainText('archex runs models of historical parallel machines');
  await expect(intro).toContainText('Start with the custom network');
  // The start card is the first card of the page, reached by keyboard before any other.
  const start = page.locator('.card.start');
  await expect(start).toContainText('Start here: Custom network');
  const first = page.locator('.card-link').first();
  await expect(first).toHaveAttribute('data-preset', 'custom-network');
  await expect(first).toHaveAccessibleName('Start here: Custom network');
  await first.focus();
  await page.keyboard.press('Enter');
  await waitIdle(page);
  await expect(page.locator('h2#results-title')).toContainText('Custom network');
  expect(consoleMessages).toEqual([]);
});

test('an experiment opens at its top, and back returns to where the start page was', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('./');
  await waitIdle(page);
  // TSP's card is far down the start page (about 2,700 px at this size).
  const card = page.locator('.card:has(a[data-preset="jmachine-tsp"])');
  await card.scrollIntoViewIfNeeded();
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBeGreaterThan(1000);
  // A click on the card's citation, not on its title: the whole card opens it.
  const cite = (await card.locator('cite').boundingBox())!;
  await page.mouse.click(cite.x + cite.width / 2, cite.y + cite.height / 2);
  await expect(page.locator('h2#results-title')).toContainText('TSP');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.locator('h2#results-title')).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('opened-at-top.png') });
  await page.goBack();
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(left);
  await expect(card).toBeInViewport();
  // Every machine, and a tour, open at their top too.
  await page.getByRole('button', { name: 'Compare all machines' }).click();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(card).toBeVisible();
  expect(consoleMessages).toEqual([]);
});

test('a long run says so on its card, to the eye and with the link read out', async ({ page }) => {
  await page.goto('./');
  await waitIdle(page);
  const tsp = page.locator('a[data-preset="jmachine-tsp"]');
  await expect(page.locator('.card:has(a[data-preset="jmachine-tsp"]) .card-long')).toHaveText(
    'Long run: takes a minute or more',
  );
  await expect(tsp).toHaveAccessibleDescription('Long run: takes a minute or more');
  // A run of a second says nothing of its length.
  await expect(page.locator('.card:has(a[data-preset="jmachine-barrier"]) .card-long')).toHaveCount(
    0,
  );
});

test("the papers' words say what they mean on hover and focus, and Escape hides them", async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('./');
  await waitIdle(page);
  const card = page.locator('.card:has(a[data-preset="pie64-congestion-mpwrite"])');
  const word = card.locator('button[data-term="UNIRED"]');
  const tip = card.locator('[role="tooltip"]', { hasText: 'UNIRED:' });
  await expect(word).toHaveAccessibleDescription(
    /^UNIRED: PIE64's inference processor \(UNIfier\/REDucer\)/,
  );
  await expect(tip).toBeHidden();
  // Hovered, and over its definition too, it stays; away, it goes.
  await word.hover();
  await expect(tip).toBeVisible();
  await tip.hover();
  await expect(tip).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('definition-hover.png') });
  await page.mouse.move(5, 5);
  await expect(tip).toBeHidden();
  // A click on the word opens its definition, not the experiment.
  const url = page.url();
  await word.click();
  await expect(tip).toBeVisible();
  expect(page.url()).toBe(url);
  await page.mouse.move(5, 5);
  await expect(tip).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  // The keyboard: the card's link, then its words; the first word shows its definition on arrival.
  await card.locator('a.card-link').focus();
  await page.keyboard.press('Tab');
  const first = card.locator('button.term-word').first();
  await expect(first).toBeFocused();
  await expect(card.locator('[role="tooltip"]').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card.locator('[role="tooltip"]').first()).toBeHidden();
  await expect(first).toBeFocused();
  // In a tour: the step's words and its question's.
  await page.goto(
    `./?s=j${encodeURIComponent(JSON.stringify({ v: 5, preset: 'pie64-transfer', layout: { kind: 'tour', tour: 'pie64', step: 0 } }))}`,
  );
  await waitIdle(page);
  const panel = page.locator('.tour-panel');
  for (const [where, term] of [
    ['.tour-text', 'NIP'],
    ['legend', 'WRITEX'],
  ] as const) {
    const inPanel = panel.locator(`${where} button[data-term="${term}"]`).first();
    await inPanel.hover();
    await expect(panel.locator(`${where} [role="tooltip"]`, { hasText: `${term}:` })).toBeVisible();
  }
  await page.screenshot({ path: testInfo.outputPath('definition-tour.png') });
  expect(consoleMessages).toEqual([]);
});

test('a skip link takes the keyboard past the parameters to the charts', async ({ page }) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=custom-network');
  await waitIdle(page);
  // The first Tab of the page shows the link; Enter goes to the charts; the next Tab is in the
  // first chart's tools: three keys, where the panel's fields took about 130.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the charts' });
  await expect(skip).toBeFocused();
  const box = await skip.boundingBox();
  expect(box && box.y >= 0 && box.height > 10).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.locator('#charts')).toBeFocused();
  await page.keyboard.press('Tab');
  const inChart = await page.evaluate(() =>
    document.activeElement?.closest('[data-chart-card]')?.getAttribute('data-chart-card'),
  );
  expect(inChart).toBe('latency-load');
  expect(consoleMessages).toEqual([]);
});

test('a run that runs out of memory says what filled it and what to change', async ({
  page,
  context,
}, testInfo) => {
  await capWorkerMemory(context, 64);
  // The issue's run on a 32x32 mesh: load 1 where the network accepts 0.125, 1-flit packets.
  await page.goto(
    custom({ dims: [32, 32], packet_flits: 1, injection_rate: 1, warmup_cycles: 100_000 }),
  );
  // Its 100,000 warm-up cycles make it long: where its first seconds say so, it asks first, as
  // the issue's run would, and the user runs it anyway.
  const error = page.locator('.banner.error');
  const notice = page.locator('.run-notice');
  await expect(error.or(notice)).toBeVisible({ timeout: 30_000 });
  if (await notice.isVisible()) await notice.getByRole('button', { name: 'Run it anyway' }).click();
  await expect(error).toHaveText(
    /^Out of memory while running\. [\d,]+ packets \([\d,]+ per node\) were waiting at the sources of the 1,024 nodes, offered 1 flits\/node\/cycle where the network accepts about 0\.125 \(its capacity bound\)\. Lower the offered load and the curve's loads, or use fewer nodes; .*\(The engine held \d+ MB when it asked for more\.\)$/,
  );
  await page.screenshot({ path: testInfo.outputPath('out-of-memory.png') });
  // The engine restarts for the next run: a smaller one draws.
  await page.locator('[data-param-number="dims"]').fill('8x8');
  await page.locator('[data-param-number="warmup_cycles"]').fill('1000');
  await page.locator('[data-param-number="injection_rate"]').fill('0.05');
  await waitIdle(page);
  await expect(error).toHaveCount(0);
  await expect(page.locator('svg[data-chart="latency-load"]')).toBeVisible();
});

/**
 * Waits until a sweep is running and has drawn on `card`; if its first seconds judged it long
 * (on a busy machine), it is run anyway.
 */
async function drawing(page: Page, card: Locator) {
  const anyway = page.locator('.run-notice').getByRole('button', { name: 'Run it anyway' });
  await expect(async () => {
    if (await anyway.isVisible()) await anyway.click();
    await expect(page.locator('.run-status')).toBeVisible({ timeout: 1000 });
    await expect(card.locator('[data-curve]').first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
}

test('a worker killed mid-sweep is said on the charts it drew, and the run goes again', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  // An 8x8 mesh's eleven loads measured to 1 %: about a second a point, so the sweep is drawing.
  await page.goto(custom({ dims: [8, 8], confidence_percent: 1, max_cycles: 100_000 }));
  const status = page.locator('.run-status');
  const card = page.locator('[data-chart-card="latency-load"]');
  await drawing(page, card);
  const link = page.url();
  const dims = await page.locator('[data-param-number="dims"]').inputValue();
  // The test's hook: an engine worker closes itself, as one the browser ends, without a word.
  const workers = page.workers().filter((w) => w.url().includes('worker'));
  expect(workers.length).toBeGreaterThan(0);
  void workers
    .at(-1)!
    .evaluate(() => self.close())
    .catch(() => {});
  const error = page.locator('.banner.error');
  const said =
    /^The engine's worker \d stopped without a word: the browser ended it, most often for using too much memory\. It was running point \d+ of the 11 of its sweep\. A fresh one takes its place for the next run; if it stops again, try a smaller run \(fewer nodes, loads or points\)\./;
  await expect(error).toContainText(said);
  // What the sweep drew stays on its charts, greyed, with the reason.
  // Said once, at the top; each chart points there.
  await expect(card.locator('.stale-note')).toHaveText(
    'Not updated: the run stopped; the message at the top of the page says why.',
  );
  await expect(page.getByText("The engine's worker", { exact: false })).toHaveCount(1);
  await expect(card.locator('svg[data-chart="latency-load"]')).toBeVisible();
  await expect(status).toHaveCount(0);
  // The link and the fields keep what was set.
  expect(page.url()).toBe(link);
  await expect(page.locator('[data-param-number="dims"]')).toHaveValue(dims);
  await page.screenshot({ path: testInfo.outputPath('killed-worker.png'), fullPage: true });
  await error.getByRole('button', { name: 'Run again' }).click();
  await waitIdle(page);
  await expect(error).toHaveCount(0);
  await expect(card.locator('.stale-note')).toHaveCount(0);
  await expect(card.locator('svg[data-chart="latency-load"]')).toBeVisible();
  expect(page.url()).toBe(link);
  expect(consoleMessages).toEqual([]);
});

test('a run too big for the engine is refused before it starts, with its size and the limit', async ({
  page,
}) => {
  await page.goto(custom({ dims: [256, 256, 256] }));
  await waitIdle(page);
  await expect(page.locator('[data-cannot-run]')).toContainText(
    "Cannot run: Radix per dimension: A 256x256x256 mesh needs about 17 GB of network state; the engine's limit is 4 GB. Use fewer nodes, fewer virtual channels or smaller buffers.",
  );
  // Blue Gene/L's shape fits, and runs.
  await page.locator('[data-param-number="dims"]').fill('64x32x32');
  await expect(page.locator('[data-cannot-run]')).toHaveCount(0);
  await expect(page.locator('.run-status, .run-notice').first()).toBeVisible({ timeout: 60_000 });
});

test('a long run asks before it goes on, says its time left readably and stops', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto(custom({ dims: [32, 32, 32], max_cycles: 1_000_000, warmup_cycles: 100_000 }));
  const notice = page.locator('.run-notice');
  await expect(notice).toContainText(
    /^This run would take about [\d,]+(-[\d,]+)? (h|days|years) more, judged from its first \d+ seconds, so it was paused\./,
    { timeout: 30_000 },
  );
  await waitIdle(page);
  await notice.getByRole('button', { name: 'Run it anyway' }).click();
  const status = page.locator('.run-status');
  // A sweep none of whose points has finished says its time left after 10 s of progress.
  await expect(status).toContainText(/ elapsed · about [\d,]+(-[\d,]+)? (min|h|days|years) left/, {
    timeout: 30_000,
  });
  await page.screenshot({ path: testInfo.outputPath('time-left.png') });
  await status.getByRole('button', { name: 'Stop' }).click();
  await expect(notice).toContainText(/^Run stopped after [\d.]+ s\./);
  await expect(status).toHaveCount(0);
  await waitIdle(page);
  // The parameters stay in the link, so the run can be had again.
  expect(page.url()).toContain('?s=');
  expect(consoleMessages).toEqual([]);
});

/** Clicks an export button of a chart and reads the file it downloads. */
async function download(page: Page, card: string, button: string): Promise<string> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page
      .locator(`[data-chart-card="${card}"]`)
      .getByRole('button', { name: button, exact: true })
      .click(),
  ]);
  return readFile(await file.path(), 'utf8');
}

/** The text of an exported SVG figure, as a reader sees it. */
function figureText(svg: string): string {
  return svg
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

test("exports name what changed in the panel's words, link to the served page, or not", async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  // Served as localhost rather than 127.0.0.1: the caption links to where the page came from.
  const port = new URL(test.info().project.use.baseURL!).port;
  await page.goto(
    `http://localhost:${port}/${custom({ topology: 1, vcs: 2, dims: [4, 4] }).slice(2)}`,
  );
  await waitIdle(page);
  const svg = figureText(await download(page, 'latency-load', 'SVG'));
  expect(svg).toContain(
    "Changed from the preset's defaults: Topology: torus; Radix per dimension: 4, 4 nodes; " +
      'Virtual channels: 2 per channel. Seed 1.',
  );
  expect(svg).toContain(`Made with archex: http://localhost:${port}/?s=`);
  expect(svg).not.toContain('127.0.0.1');
  const json = JSON.parse(await download(page, 'latency-load', 'JSON')) as {
    link: string;
    params: Record<string, unknown>;
  };
  expect(json.params.topology).toBe('torus');
  expect(json.params.switching).toBe('wormhole');
  expect(json.link).toBe(page.url());

  await page.locator('[data-chart-card="latency-load"]').getByLabel('Link back').uncheck();
  expect(figureText(await download(page, 'latency-load', 'SVG'))).not.toContain('archex:');
  expect(JSON.parse(await download(page, 'latency-load', 'JSON'))).not.toHaveProperty('link');

  // A pin is named in the same words, by what differs from the run drawn with it.
  await page.getByRole('button', { name: 'Pin this run' }).click();
  await page.locator('[data-param-number="vcs"]').fill('4');
  await waitIdle(page);
  await expect(page.locator('.pins .pin')).toContainText('#1 Virtual channels: 2 per channel');
  expect(consoleMessages).toEqual([]);
});

/** The message under a field after typing `text` into it. */
async function fieldError(page: Page, param: string, text: string): Promise<string> {
  await page.locator(`[data-param-number="${param}"]`).fill(text);
  const id = await page.locator(`[data-param-number="${param}"]`).getAttribute('aria-describedby');
  const ids = (id ?? '').split(' ').filter((i) => i.endsWith('-error'));
  return page.locator(`[id="${ids[0]}"]`).innerText();
}

test('small input messages name the right thing', async ({ page }) => {
  await page.goto('./?preset=custom-network&dims=100000x2');
  await waitIdle(page);
  await expect(page.locator('.banner.warning')).toContainText(
    'Ignored from the link: dims=100000x2 (Item 1 (100000): Out of range. Valid: 2 to 65536 nodes).',
  );
  expect(await fieldError(page, 'seed', '-1')).toBe('Out of range. Valid: 0 to 9007199254740991');
  expect(await fieldError(page, 'packet_flits', '0x10')).toBe(
    'Decimal numbers only (0x10 is hexadecimal for 16). Valid: 1 to 64 flits',
  );
  expect(await fieldError(page, 'sweep_rates', '0.1,,x')).toBe(
    // The custom network's loads are fractions of its capacity bound by default (sweep_scale).
    'Item 3 (x): Not a number. Valid: 0.001 to 1 fractions of the capacity bound',
  );
});
