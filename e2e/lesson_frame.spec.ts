// A lesson framed on a course page of another site, sandboxed with allow-scripts only: from a
// server without the CORS header (the development server) it says why it cannot load, as a
// chart's embed does; and the builder's compact embed (lesson.html: the step's panel and charts,
// only the fields the step shows) plays under the host's strict policy at 390 and 1200 px,
// holding every chart back until Reveal.
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { readFileSync } from 'node:fs';

import { expect, test } from '@playwright/test';

import { lessonLink } from '../app/lessons/lesson_link';
import { lessonSnippet } from '../app/link/embed_snippet';
import { parseTour } from '../app/tours/schema';
import { collectConsole, waitIdle } from './support';

/** Course pages on localhost: another site than the app's 127.0.0.1. */
let server: Server;
let hostOrigin = '';
const hostPages = new Map<string, { html: string; csp?: string }>();

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const page = hostPages.get(req.url ?? '');
    if (!page) {
      res.writeHead(204).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      ...(page.csp ? { 'Content-Security-Policy': page.csp } : {}),
    });
    res.end(page.html);
  });
  await new Promise<void>((listening) => server.listen(0, 'localhost', listening));
  hostOrigin = `http://localhost:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

/** A course page with `snippet` between paragraphs, its frame sandboxed with allow-scripts only. */
function coursePage(snippet: string): string {
  const frame = snippet.replace('<iframe ', '<iframe sandbox="allow-scripts" ');
  return (
    `<!doctype html><html lang="en"><head><title>A course page</title></head><body>` +
    `<main><p>Before the lesson.</p>${frame}<p>After it.</p></main></body></html>`
  );
}

/** The networks tour's first two steps, as a teacher's lesson. */
function twoSteps() {
  const networks = parseTour(
    JSON.parse(readFileSync('presets/tours/networks.json', 'utf8')),
    'networks.json',
  );
  return { ...networks, id: 'framed', title: 'A framed lesson', steps: networks.steps.slice(0, 2) };
}

test('a lesson framed from a server without the CORS header says why it cannot load', async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'dev', 'the development server sends no CORS header');
  const link = lessonLink(twoSteps(), baseURL!);
  if (!('url' in link)) throw new Error('the lesson is too long for a link');
  hostPages.set('/dev-lesson.html', { html: coursePage(lessonSnippet(link.url, 'A lesson')) });
  for (const width of [390, 1200]) {
    const host = await page.context().newPage();
    await host.setViewportSize({ width, height: 1000 });
    await host.goto(`${hostOrigin}/dev-lesson.html`);
    const frame = host.frameLocator('iframe');
    await expect(frame.getByRole('alert')).toHaveText(
      /^archex cannot load in this frame: .*without allow-same-origin.*Access-Control-Allow-Origin.*refused/,
      { timeout: 60_000 },
    );
    await waitIdle(frame);
    await host.screenshot({ path: testInfo.outputPath(`lesson-refused-${width}.png`) });
    await host.close();
  }
});

test("the builder's compact embed plays a lesson alone in a sandboxed frame, charts held until Reveal", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name === 'dev', 'a sandboxed frame needs the CORS header');
  test.setTimeout(240_000);
  const consoleMessages = collectConsole(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('./?preset=custom-network');
  await waitIdle(page);
  await page.getByRole('button', { name: 'New lesson' }).click();
  const builder = page.locator('.lesson-builder');
  await builder.getByLabel('Lesson file').setInputFiles({
    name: 'framed.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(twoSteps())),
  });
  await waitIdle(page);
  await builder.getByRole('button', { name: 'Copy compact embed code' }).click();
  await expect(builder.locator('.lesson-said')).toContainText('Compact embed code copied');
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  expect(snippet).toMatch(/^<iframe src="http:\/\/127\.0\.0\.1:\d+\/lesson\.html\?s=z[^"]+" /);
  expect(consoleMessages).toEqual([]);

  const app = new URL(baseURL!).origin;
  hostPages.set('/compact.html', {
    html: coursePage(snippet),
    csp: `default-src 'none'; script-src 'self'; style-src 'self'; frame-src ${app}`,
  });
  for (const width of [390, 1200]) {
    const host = await page.context().newPage();
    const hostConsole = collectConsole(host);
    await host.setViewportSize({ width, height: 1000 });
    await host.goto(`${hostOrigin}/compact.html`);
    const frame = host.frameLocator('iframe');
    await waitIdle(frame);
    const panel = frame.locator('.tour-panel');
    await expect(panel).toContainText('Step 1 of 2');
    // The lesson alone: no header, no experiment picker, no builder, only the step's fields.
    await expect(frame.locator('header.app-header, .preset-picker, .lesson-builder')).toHaveCount(
      0,
    );
    await expect(frame.locator('[data-param-number="packet_flits"]')).toHaveCount(1);
    await expect(frame.locator('[data-param-number="vcs"]')).toHaveCount(0);
    // Predict, then see: every chart and readout is held until Reveal.
    await expect(frame.locator('[data-chart-card]').first()).toContainText('Predict first');
    await expect(frame.locator('svg[data-chart]')).toHaveCount(0);
    await expect(frame.locator('.readouts dd').first()).toContainText('hidden until you reveal');
    await host.screenshot({ path: testInfo.outputPath(`compact-${width}.png`), fullPage: true });
    await panel.getByLabel('Your prediction').fill('15');
    await panel.getByRole('button', { name: 'Reveal' }).click();
    await waitIdle(frame);
    await expect(panel.locator('.tour-reveal')).toContainText(/The run gives [\d.]+\s+cycles/);
    await expect(frame.locator('svg[data-chart="latency-load"]')).toBeVisible();
    await expect(frame.getByRole('link', { name: 'Open in archex' })).toHaveAttribute(
      'href',
      new RegExp(`^${app}/\\?s=`),
    );
    await panel.getByRole('button', { name: 'Next →' }).click();
    await waitIdle(frame);
    await expect(panel).toContainText('Step 2 of 2');
    expect(hostConsole).toEqual([]);
    await host.screenshot({
      path: testInfo.outputPath(`compact-${width}-revealed.png`),
      fullPage: true,
    });
    await host.close();
  }
});
