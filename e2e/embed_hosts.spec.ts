// The embed snippet as a report or course page meets it: pasted into a page of another site (where
// the browser refuses the frame Web Locks and storage), under the host's strict content security
// policy, under archex's own policy on archex's origin, and in a file:// page; and the embed API's
// messages (ready, resized, error) as a host page receives them.
import type { Frame, FrameLocator, Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import type { Server } from 'node:http';

import { collectConsole, waitIdle } from './support';

interface HostPage {
  html: string;
  csp?: string;
}

/** Serves host pages on localhost: another site than the app's 127.0.0.1, as a report's would be. */
let server: Server;
let hostOrigin = '';
const hostPages = new Map<string, HostPage>();

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const page = hostPages.get(req.url ?? '');
    if (!page) {
      // No favicon: nothing for the browser to report as a failed load.
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

/** The snippet the explorer's Embed dialog gives for a chart of a state. */
async function snippetFor(page: Page, query: string, chart: string): Promise<string> {
  await page.goto(`./${query}`);
  await waitIdle(page);
  await page.locator(`[data-chart-card="${chart}"]`).getByRole('button', { name: 'Embed' }).click();
  const snippet = await page.getByRole('textbox', { name: 'Embed code' }).inputValue();
  await page.getByRole('button', { name: 'Close' }).click();
  return snippet;
}

/** A host page: the snippet between paragraphs; it keeps every message it is sent, if allowed. */
function hostHtml(snippet: string, keepMessages = true): string {
  const keep = keepMessages
    ? `<script>window.messages=[];addEventListener("message",function(e){messages.push(e.data)})</script>`
    : '';
  return (
    `<!doctype html><html lang="en"><head><title>A course page</title>${keep}</head><body>` +
    `<main><p>Text of the host page above the chart.</p>${snippet}<p>Text below.</p></main></body></html>`
  );
}

/** Every security policy violation of the host page, from before its first script. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
}

/** The embed page's frame, once it is idle. */
async function idleFrame(host: Page): Promise<{ locator: FrameLocator; frame: Frame }> {
  const locator = host.frameLocator('iframe');
  await waitIdle(locator);
  const frame = (await (await host.locator('iframe').elementHandle())!.contentFrame())!;
  return { locator, frame };
}

/** The chart, its caption and its link lie inside the frame, and nothing scrolls inside it. */
async function expectFits(host: Page, frame: FrameLocator, inner: Frame) {
  const outer = host.locator('iframe');
  const inside = async (l: Locator) => {
    const [o, b] = [(await outer.boundingBox())!, (await l.boundingBox())!];
    return (
      b.y >= o.y - 0.5 &&
      b.x >= o.x - 0.5 &&
      b.x + b.width <= o.x + o.width + 0.5 &&
      b.y + b.height <= o.y + o.height + 0.5
    );
  };
  const parts = [
    frame.locator('svg[data-chart]'),
    frame.locator('figcaption'),
    frame.getByRole('link', { name: 'Open in archex' }),
  ];
  await expect.poll(() => Promise.all(parts.map(inside))).toEqual([true, true, true]);
  const [scroll, client] = await inner.evaluate(() => [
    document.documentElement.scrollHeight,
    document.documentElement.clientHeight,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
  // No band left empty under the caption.
  const o = (await outer.boundingBox())!;
  const end = (await frame.locator('figcaption').boundingBox())!;
  expect(o.y + o.height - (end.y + end.height)).toBeLessThan(40);
}

test('a chart embedded in a page of another site draws though the browser refuses the frame Web Locks, fits, and says ready and resized', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const appConsole = collectConsole(page);
  const snippet = await snippetFor(page, '?preset=multipsi-v2-estimate', 'perf-overhead');
  hostPages.set('/report.html', { html: hostHtml(snippet) });

  const host = await page.context().newPage();
  const hostConsole = collectConsole(host);
  await host.setViewportSize({ width: 760, height: 1000 });
  await host.goto(`${hostOrigin}/report.html`);
  const { locator, frame } = await idleFrame(host);
  // The frame is where the old engine start hung: its Web Lock request is refused.
  expect(
    await frame.evaluate(() =>
      navigator.locks.query().then(
        () => 'granted',
        (e: Error) => e.name,
      ),
    ),
  ).toBe('SecurityError');
  await expect(locator.locator('svg[data-chart="perf-overhead"]')).toBeVisible();
  await expect(locator.locator('figure')).toHaveAttribute('data-fit', 'content');
  await expectFits(host, locator, frame);

  // The embed API: ready once drawn (with its chart and height), resized as the height changes;
  // the frame ends as tall as the last height said.
  const messages = () =>
    host.evaluate(() => (window as unknown as { messages: { type: string }[] }).messages);
  await expect.poll(async () => (await messages()).map((m) => m.type)).toContain('archex:ready');
  const said = (await messages()) as { type: string; chart?: string; height?: number }[];
  expect(said.find((m) => m.type === 'archex:ready')).toMatchObject({ chart: 'perf-overhead' });
  const last = said.filter((m) => m.type === 'archex:resized').at(-1)!;
  expect(last.height).toBeGreaterThan(200);
  await expect
    .poll(async () => Math.round((await host.locator('iframe').boundingBox())!.height))
    .toBe(
      Math.ceil(
        ((await messages()) as { type: string; height?: number }[])
          .filter((m) => m.type === 'archex:resized')
          .at(-1)!.height!,
      ),
    );
  await host.screenshot({ path: testInfo.outputPath('embed-other-site.png'), fullPage: true });
  expect(appConsole).toEqual([]);
  expect(hostConsole).toEqual([]);
});

test('under a host page with a strict content security policy the chart draws and fills the frame the snippet gave', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const snippet = await snippetFor(page, '?preset=multipsi-v2-estimate', 'perf-overhead');
  const app = new URL(page.url()).origin;
  // No inline script or style, scripts from the host's own site only: archex's script is refused.
  hostPages.set('/strict.html', {
    html: hostHtml(snippet, false),
    csp: `default-src 'none'; script-src 'self'; style-src 'self'; frame-src ${app}`,
  });
  const host = await page.context().newPage();
  const hostConsole = collectConsole(host);
  const violations = await recordViolations(host);
  await host.setViewportSize({ width: 760, height: 1000 });
  await host.goto(`${hostOrigin}/strict.html`);
  const { locator, frame } = await idleFrame(host);
  await expect(locator.locator('svg[data-chart="perf-overhead"]')).toBeVisible();
  // Only the script was refused: the snippet has no style attribute to refuse.
  expect(await violations()).toEqual([`script-src-elem ${app}/embed.js`]);
  expect(hostConsole.filter((m) => !m.includes('/embed.js'))).toEqual([]);
  await expect(locator.locator('figure')).toHaveAttribute('data-fit', 'frame');
  expect(Math.round((await host.locator('iframe').boundingBox())!.height)).toBe(480);
  await expectFits(host, locator, frame);
  await host.screenshot({ path: testInfo.outputPath('embed-strict-csp.png'), fullPage: true });
});

test("on archex's own site, under archex's own policy, the snippet's script runs and the frame fits", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const snippet = await snippetFor(page, '?preset=multipsi-v2-estimate', 'perf-overhead');
  const response = await page.goto('./');
  const policy = response!.headers()['content-security-policy']!;
  expect(policy).toContain("script-src 'self'");
  // A context of its own: the app's service worker, registered in the first, would answer the
  // host page from its cache instead of the route that serves it.
  const host = await (await browser.newContext({ baseURL })).newPage();
  const violations = await recordViolations(host);
  const hostConsole = collectConsole(host);
  // A page of archex's own origin (a docs page beside the app) served with the app's policy.
  await host.route('**/course-notes.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': policy },
      body: hostHtml(snippet, false),
    }),
  );
  await host.setViewportSize({ width: 1240, height: 1000 });
  await host.goto('./course-notes.html');
  const { locator, frame } = await idleFrame(host);
  await expect(locator.locator('svg[data-chart="perf-overhead"]')).toBeVisible();
  await expect(locator.locator('figure')).toHaveAttribute('data-fit', 'content');
  await expectFits(host, locator, frame);
  expect(await violations()).toEqual([]);
  expect(hostConsole).toEqual([]);
  await host.screenshot({ path: testInfo.outputPath('embed-same-site.png'), fullPage: true });
});

test('a file:// page embeds a chart that draws', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const snippet = await snippetFor(page, '?preset=multipsi-v2-estimate', 'perf-overhead');
  const file = testInfo.outputPath('report.html');
  writeFileSync(file, hostHtml(snippet, false));
  const host = await page.context().newPage();
  const hostConsole = collectConsole(host);
  await host.goto(`file://${file}`);
  const { locator, frame } = await idleFrame(host);
  await expect(locator.locator('svg[data-chart="perf-overhead"]')).toBeVisible();
  await expectFits(host, locator, frame);
  expect(hostConsole).toEqual([]);
});

test('a host page is told in words when the embed cannot draw (archex:error)', async ({
  page,
  baseURL,
}) => {
  const app = new URL('./embed.html?s=zbroken&chart=nope', baseURL).href;
  hostPages.set('/broken.html', {
    html: hostHtml(`<iframe src="${app}" title="broken" width="100%" height="300"></iframe>`),
  });
  await page.goto(`${hostOrigin}/broken.html`);
  const locator = page.frameLocator('iframe');
  await expect(locator.getByText('This link names no chart to show.')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { messages: unknown[] }).messages))
    .toContainEqual({ type: 'archex:error', message: 'This link names no chart to show.' });
});

test('a run in a frame where Web Locks are refused says, while it runs, that it could not notice a stopped engine', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A 32x32x4 mesh's sweep runs for tens of seconds on any machine (28 s natively here), so the
  // note stays in view until Stop; an 8x8 sweep ended within a poll of showing it.
  const src = new URL('./embed.html?preset=custom-network&dims=32x32x4&chart=latency-load', baseURL)
    .href;
  hostPages.set('/long.html', {
    html: hostHtml(`<iframe src="${src}" title="latency" width="100%" height="480"></iframe>`),
  });
  await page.goto(`${hostOrigin}/long.html`);
  const frame = page.frameLocator('iframe');
  // Judged long, the run pauses to ask first; run anyway, as a reader would.
  const note = frame.locator('.run-unwatched');
  const anyway = frame.getByRole('button', { name: 'Run it anyway' });
  await expect(note.or(anyway)).toBeVisible({ timeout: 60_000 });
  if (await anyway.isVisible()) await anyway.click();
  await expect(note).toHaveText(
    /If this run never ends, reload the page: .*refused Web Locks here.*SecurityError/,
    { timeout: 60_000 },
  );
  await frame.getByRole('button', { name: 'Stop' }).click();
  await expect(frame.getByText(/Run stopped after/)).toBeVisible();
  await expect(note).toHaveCount(0);
  await expect(frame.getByRole('button', { name: 'Run it', exact: true })).toBeVisible();
});
