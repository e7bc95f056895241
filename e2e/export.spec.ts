import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

import type { Download, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

import { extractText, getDocumentProxy } from 'unpdf';

import { normalizeSvg } from '../app/charts/svg_snapshot';
import { emptyState, serializeUrlState } from '../app/link/url_state';
import type { UrlState } from '../app/link/url_state';
import { collectConsole, waitIdle } from './support';

async function save(
  page: Page,
  card: string,
  button: string,
): Promise<{ name: string; data: Buffer }> {
  // An export that fails says so in the card: that ends the wait with its words.
  const failed = page.locator(`[data-chart-card="${card}"] .banner.error`);
  const [download]: [Download, void] = await Promise.all([
    Promise.race([
      page.waitForEvent('download'),
      failed.waitFor().then(async () => {
        throw new Error(`${card} ${button}: ${await failed.textContent()}`);
      }),
    ]),
    page
      .locator(`[data-chart-card="${card}"]`)
      .getByRole('button', { name: button, exact: true })
      .click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), data: await readFile(path) };
}

test('exports a chart as a vector PDF: the SVG figure on one page, text as text, the font embedded', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v1-comm');
  await waitIdle(page);
  const svg = (await save(page, 'perf-overhead', 'SVG')).data.toString('utf8');
  const size = {
    width: Number(/ width="(\d+)"/.exec(svg)![1]),
    height: Number(/ height="(\d+)"/.exec(svg)![1]),
  };
  const pdf = await save(page, 'perf-overhead', 'PDF');
  expect(pdf.name).toBe('multipsi-v1-comm-perf-overhead.pdf');
  const doc = await getDocumentProxy(new Uint8Array(pdf.data));
  expect(doc.numPages).toBe(1);
  const [x0, y0, x1, y1] = (await doc.getPage(1)).view;
  // The 800 px figure's page is 600 pt: 0.75 pt a px, as the figure is drawn on it.
  expect({ width: x1! - x0!, height: y1! - y0! }).toEqual({
    width: size.width * 0.75,
    height: size.height * 0.75,
  });
  const { text } = await extractText(doc, { mergePages: true });
  expect(text.replace(/\s+/g, ' ')).toContain(
    'Relative performance against relative communication overhead',
  );
  expect(text).toContain('Made with archex:');
  const raw = pdf.data.toString('latin1');
  expect(raw).toContain('/FontFile2');
  expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Arimo-Regular\b/);
  expect(consoleMessages).toEqual([]);
});

test('sizes the exports for a paper column, the choice kept for every chart', async ({ page }) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v1-comm');
  await waitIdle(page);
  const card = page.locator('[data-chart-card="perf-overhead"]');
  const size = card.getByLabel('Figure size');
  await expect(size).toHaveValue('screen');
  await size.selectOption({ label: 'one column, 3.5 in' });
  await card.getByLabel('Text size').fill('9pt');
  await card.getByRole('checkbox', { name: 'Caption' }).uncheck();

  const svg = (await save(page, 'perf-overhead', 'SVG')).data.toString('utf8');
  expect(svg).toMatch(/^<svg xmlns="[^"]+" width="252pt" height="[\d.]+pt" viewBox="0 0 252 /m);
  expect(svg).toContain('font-size="9"');
  expect(svg).not.toContain('Made with archex');
  const png = await save(page, 'perf-overhead', 'PNG');
  // 300 pixels an inch of 3.5 in.
  expect(png.data.readUInt32BE(16)).toBe(1050);

  // Another chart's exports take the same choice, which its own controls show.
  const other = page.locator('[data-chart-card="cost-breakdown"]');
  await expect(other.getByLabel('Figure size')).toHaveValue('one column');
  await expect(other.getByLabel('Text size')).toHaveValue('9pt');
  const pdf = await save(page, 'cost-breakdown', 'PDF');
  const [x0, , x1] = (await (await getDocumentProxy(new Uint8Array(pdf.data))).getPage(1)).view;
  expect(x1! - x0!).toBe(252);

  // A width without its unit is refused in words, beside the field and by the export.
  await size.selectOption({ label: 'a width…' });
  const width = card.getByLabel('Figure width');
  await width.fill('3.33');
  await expect(card.locator('.figure-layout-problem')).toHaveText(
    "Width '3.33' has no unit: give one of in, pt, mm, cm (1 to 20 in)",
  );
  // The field at fault says so to a screen reader; the other does not.
  await expect(width).toHaveAttribute('aria-invalid', 'true');
  await expect(card.getByLabel('Text size')).toHaveAttribute('aria-invalid', 'false');
  await card.getByRole('button', { name: 'SVG', exact: true }).click();
  await expect(card.locator('.banner.error')).toContainText("Width '3.33' has no unit");
  await width.fill('3.33in');
  await expect(card.locator('.figure-layout-problem')).toHaveCount(0);
  // The failed export's words stay until the next export, which clears them.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'SVG', exact: true }).click(),
  ]);
  await expect(card.locator('.banner.error')).toHaveCount(0);
  const narrow = await readFile(await download.path(), 'utf8');
  expect(narrow).toContain('width="239.76pt"');
  expect(consoleMessages).toEqual([]);
});

test('exports a chart as SVG, PNG at 2x, CSV and JSON', async ({ page }) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v1-comm');
  await waitIdle(page);

  const svg = await save(page, 'perf-overhead', 'SVG');
  expect(svg.name).toBe('multipsi-v1-comm-perf-overhead.svg');
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: doc.documentElement.nodeName,
      width: Number(doc.documentElement.getAttribute('width')),
      height: Number(doc.documentElement.getAttribute('height')),
      text: doc.documentElement.textContent ?? '',
      links: doc.querySelectorAll('link, image, [href]').length,
    };
  }, svg.data.toString('utf8'));
  expect(parsed.error).toBeNull();
  expect(parsed.root).toBe('svg');
  // Self-contained: its one stylesheet is inside, with colours, not the page's variables.
  expect(parsed.links).toBe(0);
  expect(svg.data.toString('utf8')).not.toContain('var(');
  expect(parsed.text).toContain('Relative performance against relative communication overhead');
  expect(parsed.text).toContain('relative communication overhead X');
  expect(parsed.text).toContain('Multi-PSI/V1');
  expect(parsed.text).toContain('Taki');

  const png = await save(page, 'perf-overhead', 'PNG');
  expect(png.data.subarray(1, 4).toString('ascii')).toBe('PNG');
  // IHDR: width and height as big-endian 32-bit numbers at bytes 16 and 20.
  expect(png.data.readUInt32BE(16)).toBe(2 * parsed.width);
  expect(png.data.readUInt32BE(20)).toBe(2 * parsed.height);
  // A report size, whatever the window.
  expect(parsed.width).toBe(800);

  const lines = (await save(page, 'perf-overhead', 'CSV')).data.toString('utf8').trim().split('\n');
  // Its provenance first, as comment lines a CSV reader skips when told (pandas comment='#').
  const comments = lines.filter((l) => l.startsWith('# '));
  expect(comments).toEqual([
    // What made it: the engine build the page bundles.
    expect.stringMatching(
      /^# made by: archex \S+ \(engine sources [0-9a-f]{16}, wasm [0-9a-f]{16}\)$/,
    ),
    expect.stringMatching(/^# preset: multipsi-v1-comm \(.*Multi-PSI\/V1, 1986\)$/),
    expect.stringMatching(/^# chart: perf-overhead \(Relative performance against /),
    "# parameters: The paper's values.",
    '# seed: 1',
    expect.stringMatching(/^# source: K\. Taki/),
    expect.stringMatching(/^# link: http.*\?s=/),
  ]);
  const csv = lines.slice(comments.length);
  expect(csv[0]).toBe(
    'curve,relative communication overhead X,performance / ideal (fraction),kind',
  );

  const json = JSON.parse((await save(page, 'cost-breakdown', 'JSON')).data.toString('utf8')) as {
    preset: string;
    params: { pes: number; curve_points: number; curve_work_rates: number[] };
    results: { scalars: { name: string; value: number }[] };
  };
  expect(json.preset).toBe('multipsi-v1-comm');
  expect(json.params.pes).toBe(6);
  // The run's own curve resolution on each curve: the current work rate's and each comparison's.
  expect(csv.filter((row) => row.endsWith(',curve'))).toHaveLength(
    (1 + json.params.curve_work_rates.length) * json.params.curve_points,
  );
  // The exchange's total is its four parts (Table 1's split, the chart's segments), and it is
  // the number the model-vs-paper table shows, at the digits shown there.
  const scalar = (name: string) =>
    json.results.scalars.find((s) => s.name === name)?.value ?? Number.NaN;
  const total = scalar('base_total_ms');
  const parts = ['reduction', 'hardware', 'firmware', 'software'].map((k) =>
    scalar(`base_${k}_ms`),
  );
  expect(total).toBeCloseTo(
    parts.reduce((a, b) => a + b, 0),
    9,
  );
  const shown = /\d[\d,]*(?:\.(\d+))?/.exec(
    (await page
      .locator('.validation tr[data-metric="base_total_ms"] [data-label="simulated"]')
      .textContent()) ?? '',
  );
  expect(shown).not.toBeNull();
  expect(total).toBeCloseTo(Number(shown![0].replace(/,/g, '')), shown![1]?.length ?? 0);
  expect(consoleMessages).toEqual([]);
});

/** The fills of an exported SVG's background, title and chart text, read in the page. */
async function figureColours(page: Page, text: string) {
  return page.evaluate((markup) => {
    const doc = new DOMParser().parseFromString(markup, 'image/svg+xml');
    const root = doc.documentElement;
    return {
      background: root.querySelector(':scope > rect')?.getAttribute('fill'),
      title: root.querySelector(':scope > text')?.getAttribute('fill'),
      chartText: /\.archex-chart text\{fill: ([^;}]+)/.exec(
        root.querySelector('style')?.textContent ?? '',
      )?.[1],
    };
  }, text);
}

/** The colour of a PNG's top-left pixel, drawn in the page. */
async function cornerPixel(page: Page, png: Buffer): Promise<number[]> {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    return Array.from(context.getImageData(1, 1, 1, 1).data);
  }, png.toString('base64'));
}

test('a dark page exports print-theme SVG and PNG by default, dark when chosen', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  const state: UrlState = { ...emptyState('multipsi-v1-comm'), theme: 'dark' };
  await page.goto(`./${serializeUrlState(state)}`);
  await waitIdle(page);

  const themes = [
    { theme: 'print', colours: ['#ffffff', '#1d232b'], corner: [255, 255, 255, 255] },
    { theme: 'dark', colours: ['#14181d', '#e3e7ec'], corner: [0x14, 0x18, 0x1d, 255] },
  ] as const;
  for (const { theme, colours, corner } of themes) {
    // Print is the default: only the dark theme is chosen.
    if (theme === 'dark') {
      await page
        .locator('[data-chart-card="perf-overhead"]')
        .getByRole('combobox', { name: 'Export theme' })
        .selectOption(theme);
    }
    const svg = (await save(page, 'perf-overhead', 'SVG')).data.toString('utf8');
    const [background, text] = colours;
    expect(await figureColours(page, svg)).toEqual({ background, title: text, chartText: text });
    expect(await cornerPixel(page, (await save(page, 'perf-overhead', 'PNG')).data)).toEqual(
      corner,
    );
  }
  expect(consoleMessages).toEqual([]);
});

test('the SVG export equals `cli figure` for the same state', async ({ page, baseURL }) => {
  const state: UrlState = {
    ...emptyState('multipsi-v1-comm'),
    params: { pes: 8, work_rate: 0.8 },
    seed: 7,
  };
  await page.goto(`./${serializeUrlState(state)}`);
  await waitIdle(page);
  const browser = (await save(page, 'perf-overhead', 'SVG')).data.toString('utf8');

  const cli = await promisify(execFile)(
    'npm',
    [
      'run',
      '--silent',
      'cli',
      '--',
      'figure',
      'multipsi-v1-comm',
      'perf-overhead',
      '--set',
      'pes=8',
      '--set',
      'work_rate=0.8',
      '--set',
      'seed=7',
      '--base-url',
      baseURL ?? '',
    ],
    { maxBuffer: 16 << 20 },
  );
  expect(browser).toContain(`Made with archex: ${baseURL}?s=`);
  expect(browser).toContain('Processing elements: 8 PEs');
  // Both say what made them, the command's arguments only the command line's.
  const madeBy = /<metadata id="archex-made-by">([^<]*)<\/metadata>/;
  const [browserMade, cliMade] = [browser, cli.stdout].map(
    (svg) => JSON.parse(madeBy.exec(svg)![1]!.replaceAll('&amp;', '&')) as { command?: string[] },
  );
  expect(cliMade!.command![0]).toBe('figure');
  expect({ ...cliMade, command: undefined }).toEqual({ ...browserMade, command: undefined });
  expect(normalizeSvg(cli.stdout.replace(madeBy, ''))).toBe(
    normalizeSvg(browser.replace(madeBy, '')),
  );
});

test('every chart of the deadlock preset exports from the page as SVG, PNG and CSV', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await page.goto('./?preset=network-deadlock');
  await waitIdle(page);
  const cards = await page
    .locator('[data-chart-card]')
    .evaluateAll((all) => all.map((c) => c.getAttribute('data-chart-card')!));
  // The channel-dependency graph among them: it drew no sized SVG, and its export failed.
  expect(cards).toContain('channel-dependencies');
  for (const card of cards) {
    // A page per chart: Chromium lets a page start ten downloads in a row, not more.
    const own = await context.newPage();
    const consoleMessages = collectConsole(own);
    await own.goto('./?preset=network-deadlock');
    await waitIdle(own);
    const svg = (await save(own, card, 'SVG')).data.toString('utf8');
    expect(svg, card).toMatch(/^<\?xml[^>]*>\s*<svg [^>]*width="800"/);
    const png = (await save(own, card, 'PNG')).data;
    expect(png.subarray(1, 4).toString('ascii'), card).toBe('PNG');
    expect(png.readUInt32BE(16), card).toBe(1600);
    const csv = (await save(own, card, 'CSV')).data.toString('utf8');
    expect(csv, card).toMatch(/^# made by: archex .*\n# preset: network-deadlock /);
    await expect(own.locator('[data-chart-card] .banner.error')).toHaveCount(0);
    expect(consoleMessages, card).toEqual([]);
    await own.close();
  }
});
