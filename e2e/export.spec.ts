import { readFile } from 'node:fs/promises';

import type { Download, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

import { collectConsole, waitIdle } from './support';

async function save(
  page: Page,
  card: string,
  button: string,
): Promise<{ name: string; data: Buffer }> {
  const [download]: [Download, void] = await Promise.all([
    page.waitForEvent('download'),
    page
      .locator(`[data-chart-card="${card}"]`)
      .getByRole('button', { name: button, exact: true })
      .click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), data: await readFile(path) };
}

test('exports a chart as SVG, PNG at 2x, CSV and JSON', async ({ page }) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v1-comm');
  await waitIdle(page);
  const svgBox = await page.locator('svg[data-chart="perf-overhead"]').boundingBox();

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
      styleSheets: doc.querySelectorAll('style, link').length,
    };
  }, svg.data.toString('utf8'));
  expect(parsed.error).toBeNull();
  expect(parsed.root).toBe('svg');
  expect(parsed.styleSheets).toBe(0);
  expect(parsed.text).toContain('Relative performance against relative communication overhead');
  expect(parsed.text).toContain('relative communication overhead X');
  expect(parsed.text).toContain('Multi-PSI/V1');
  expect(parsed.text).toContain('Taki');

  const png = await save(page, 'perf-overhead', 'PNG');
  expect(png.data.subarray(1, 4).toString('ascii')).toBe('PNG');
  // IHDR: width and height as big-endian 32-bit numbers at bytes 16 and 20.
  expect(png.data.readUInt32BE(16)).toBe(2 * parsed.width);
  expect(png.data.readUInt32BE(20)).toBe(2 * parsed.height);
  expect(parsed.width).toBeCloseTo(svgBox?.width ?? 0, 0);

  const csv = (await save(page, 'perf-overhead', 'CSV')).data.toString('utf8').trim().split('\n');
  expect(csv[0]).toBe(
    'curve,relative communication overhead X,performance / ideal (fraction),kind',
  );
  // 201 points on each of the four curves (the current work rate and three comparison ones).
  expect(csv.filter((row) => row.endsWith(',curve'))).toHaveLength(4 * 201);

  const json = JSON.parse((await save(page, 'cost-breakdown', 'JSON')).data.toString('utf8')) as {
    preset: string;
    params: Record<string, unknown>;
    results: { scalars: { name: string; value: number }[] };
  };
  expect(json.preset).toBe('multipsi-v1-comm');
  expect(json.params.pes).toBe(6);
  expect(json.results.scalars.find((s) => s.name === 'base_total_ms')?.value).toBeCloseTo(38.61, 2);
  expect(consoleMessages).toEqual([]);
});
