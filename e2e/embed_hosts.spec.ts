// The embed snippet as a report or course page meets it: pasted into a page of another site (where
// the browser refuses the frame Web Locks and storage), in a frame sandboxed with allow-scripts
// only (an opaque origin), under the host's strict content security policy, under archex's own
// policy on archex's origin, and in a file:// page; and the embed API's messages (ready, resized,
// error) as a host page receives them. A whole lesson framed the same way plays as a tour.
import type { Frame, FrameLocator, Locator, Page, Request } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { extname, join } from 'node:path';

import { lessonLink } from '../app/lessons/lesson_link';
import { lessonSnippet } from '../app/link/embed_snippet';
import { parseTour } from '../app/tours/schema';
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

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
};

/**
 * A copy of the built site (dist/) on a static host of its own, which sends what `headers` gives
 * for a path and nothing else: e.g. no Access-Control-Allow-Origin, as many hosts do.
 */
async function staticCopy(headers: (path: string) => Record<string, string>) {
  const copy = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    readFile(join('dist', path)).then(
      (body) => {
        res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? '', ...headers(path) });
        res.end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((listening) => copy.listen(0, '127.0.0.1', listening));
  return {
    origin: `http://127.0.0.1:${(copy.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((closed) => {
        copy.close(() => closed());
        // The browser keeps its connections open; the test is done with them.
        copy.closeAllConnections();
      }),
  };
}

/** The snippet's frame sandboxed as some course pages and notebook viewers sandbox theirs. */
function sandboxed(snippet: string, flags = 'allow-scripts'): string {
  return snippet.replace('<iframe ', `<iframe sandbox="${flags}" `);
}

/** Every message the host page kept (hostHtml's script). */
function hostMessages(host: Page) {
  return host.evaluate(
    () => (window as unknown as { messages: { type: string; height?: number }[] }).messages,
  );
}

/** A phone and a desktop column: the widths the embed is looked at in. */
const WIDTHS = [390, 1200];

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

test('a frame sandboxed with allow-scripts only (an opaque origin) draws the chart with its engine in workers, says ready, and is fitted by the snippet script', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const snippet = await snippetFor(page, '?preset=multipsi-v2-estimate', 'perf-overhead');
  hostPages.set('/course.html', { html: hostHtml(sandboxed(snippet)) });
  for (const width of WIDTHS) {
    const host = await page.context().newPage();
    const hostConsole = collectConsole(host);
    // The wasm is fetched by the engine's worker, and it comes: CORS from origin null.
    const wasm: Request[] = [];
    host.on('request', (r) => {
      if (r.url().endsWith('.wasm')) wasm.push(r);
    });
    await host.setViewportSize({ width, height: 900 });
    await host.goto(`${hostOrigin}/course.html`);
    const { locator, frame } = await idleFrame(host);
    expect(await frame.evaluate(() => window.origin)).toBe('null');
    await expect(locator.locator('svg[data-chart="perf-overhead"]')).toBeVisible();
    expect(await Promise.all(wasm.map((r) => r.headerValue('origin')))).toContain('null');
    await expect
      .poll(async () => (await hostMessages(host)).map((m) => m.type))
      .toContain('archex:ready');
    expect((await hostMessages(host)).find((m) => m.type === 'archex:ready')).toMatchObject({
      chart: 'perf-overhead',
    });
    await expect(locator.locator('figure')).toHaveAttribute('data-fit', 'content');
    await expectFits(host, locator, frame);
    await host.screenshot({
      path: testInfo.outputPath(`embed-sandboxed-${width}.png`),
      fullPage: true,
    });
    expect(hostConsole).toEqual([]);
    await host.close();
  }
});

test('a sandboxed frame from a site that lets no other origin read its files says so in words and as archex:error, so does one whose engine worker is refused, and one without allow-scripts says it needs them', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const snippet = await snippetFor(page, '?preset=multipsi-v2-estimate', 'perf-overhead');
  const app = new URL(page.url()).origin;
  // A host that sends no headers at all, and one that lets every origin read all but the worker.
  const bare = await staticCopy(() => ({}));
  const noWorker = await staticCopy((path): Record<string, string> =>
    /\/worker-[^/]*\.js$/.test(path) ? {} : { 'Access-Control-Allow-Origin': '*' },
  );
  try {
    const cases = [
      {
        copy: bare,
        words: /cannot load in this frame.*Access-Control-Allow-Origin.*allow-same-origin/,
      },
      {
        copy: noWorker,
        words: /engine did not load: .*worker.*sandboxed without allow-same-origin/,
      },
    ];
    for (const [i, { copy, words }] of cases.entries()) {
      hostPages.set(`/refused-${i}.html`, {
        html: hostHtml(sandboxed(snippet.replaceAll(app, copy.origin))),
      });
      for (const width of i === 0 ? WIDTHS : [760]) {
        const host = await page.context().newPage();
        await host.setViewportSize({ width, height: 900 });
        await host.goto(`${hostOrigin}/refused-${i}.html`);
        const frame = host.frameLocator('iframe');
        await expect(frame.getByRole('alert')).toHaveText(words, { timeout: 60_000 });
        const said = () =>
          hostMessages(host).then((m) =>
            m.map((x) => (x as { message?: string }).message ?? x.type),
          );
        await expect.poll(said).toContainEqual(expect.stringMatching(words));
        if (i === 0)
          await host.screenshot({
            path: testInfo.outputPath(`embed-sandboxed-refused-${width}.png`),
            fullPage: true,
          });
        await host.close();
      }
    }
    // A sandbox without allow-scripts: no script runs at all, and the page says what it needs.
    hostPages.set('/no-scripts.html', { html: hostHtml(sandboxed(snippet, '')) });
    const host = await page.context().newPage();
    await host.goto(`${hostOrigin}/no-scripts.html`);
    await expect(host.frameLocator('iframe').locator('#root')).toHaveText(
      'This chart needs JavaScript, which the page around it does not allow in its frame (a ' +
        'sandbox without allow-scripts) or this browser has turned off.',
      { useInnerText: true },
    );
    await host.close();
  } finally {
    await bare.close();
    await noWorker.close();
  }
});

test("while its chart loads, the fitted frame keeps about the chart's height instead of shrinking to a line and jumping back", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const snippet = await snippetFor(page, '?preset=multipsi-v2-estimate', 'perf-overhead');
  hostPages.set('/loading.html', { html: hostHtml(snippet) });
  for (const width of WIDTHS) {
    const host = await page.context().newPage();
    // The engine's worker is held back until the loading frame has been measured.
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    await host.context().route(/\/assets\/worker-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await host.setViewportSize({ width, height: 1000 });
    await host.goto(`${hostOrigin}/loading.html`);
    const frame = host.frameLocator('iframe');
    await expect(frame.getByRole('status').filter({ hasText: 'Loading the chart' })).toBeVisible();
    // Fitted: the snippet's script asked, and the page said its loading height.
    await expect
      .poll(async () => (await hostMessages(host)).some((m) => m.type === 'archex:resized'))
      .toBe(true);
    const said = async () =>
      (await hostMessages(host)).filter((m) => m.type === 'archex:resized').at(-1)!.height!;
    await expect
      .poll(async () => Math.round((await host.locator('iframe').boundingBox())!.height))
      .toBe(Math.ceil(await said()));
    const loading = (await host.locator('iframe').boundingBox())!.height;
    await host.screenshot({ path: testInfo.outputPath(`embed-loading-${width}.png`) });
    release();
    await waitIdle(frame);
    await expect(frame.locator('svg[data-chart="perf-overhead"]')).toBeVisible();
    const heights = async () => {
      const m = await hostMessages(host);
      return m.filter((x) => x.type === 'archex:resized' || x.type === 'archex:ready');
    };
    await expect.poll(async () => (await heights()).map((m) => m.type)).toContain('archex:ready');
    const final = (await heights()).at(-1)!.height!;
    await expect
      .poll(async () => Math.round((await host.locator('iframe').boundingBox())!.height))
      .toBe(Math.ceil(final));
    // Every height the frame took, from the first it was told, lies near the chart's.
    for (const m of await heights()) expect(m.height!).toBeGreaterThan(0.9 * final);
    expect(Math.abs(loading - final)).toBeLessThan(0.1 * final);
    await host.context().unrouteAll();
    await host.close();
  }
});

test('"Open in archex" from a frame opens a new tab and leaves the course page where it is; where the sandbox refuses new tabs it says so and offers the address', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const snippet = await snippetFor(page, '?preset=multipsi-v2-estimate', 'perf-overhead');
  // What the new tab shows: the chart's state drawn, also in a tab that inherits the sandbox (the
  // explorer's engine starts from a blob: worker there, as the embed page's does).
  const drawn = async (tab: Page) => {
    await waitIdle(tab);
    await expect(tab.locator('[data-chart-card="perf-overhead"] svg[data-chart]')).toBeVisible();
  };
  const escape = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';
  const cases = [
    { name: 'plain', frame: snippet, tab: drawn },
    { name: 'popups', frame: sandboxed(snippet, 'allow-scripts allow-popups'), tab: drawn },
    { name: 'escape', frame: sandboxed(snippet, escape), tab: drawn },
    { name: 'scripts', frame: sandboxed(snippet), tab: null },
  ];
  for (const { name, frame: snippetHtml, tab } of cases) {
    hostPages.set(`/open-${name}.html`, { html: hostHtml(snippetHtml) });
    const host = await page.context().newPage();
    await host.setViewportSize({ width: 760, height: 1000 });
    await host.goto(`${hostOrigin}/open-${name}.html`);
    const { locator } = await idleFrame(host);
    const link = locator.getByRole('link', { name: 'Open in archex' });
    const expected = await link.getAttribute('href');
    expect(expected).toContain('?s=');
    const tabs: Page[] = [];
    const onPage = (p: Page) => tabs.push(p);
    host.context().on('page', onPage);
    await link.click();
    if (tab) {
      await expect.poll(() => tabs.length, name).toBe(1);
      await tabs[0]!.waitForURL(expected!);
      await tab(tabs[0]!);
      await tabs[0]!.close();
    } else {
      const note = locator.getByRole('alert');
      await expect(note).toContainText('does not let it open a tab');
      await expect(
        note.getByRole('textbox', { name: "The chart's address in archex" }),
      ).toHaveValue(expected!);
      await host.screenshot({ path: testInfo.outputPath('embed-open-refused.png') });
      expect(tabs).toEqual([]);
    }
    host.context().off('page', onPage);
    // The course page stayed.
    expect(host.url(), name).toBe(`${hostOrigin}/open-${name}.html`);
    await host.close();
  }
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
  const words = /^This chart's link is damaged: what it should show cannot be read\./;
  await expect(locator.getByRole('alert')).toHaveText(words);
  await expect
    .poll(() => hostMessages(page))
    .toContainEqual({ type: 'archex:error', message: expect.stringMatching(words) });
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

test('a whole lesson in a frame of another site, sandboxed with allow-scripts only under a strict policy, plays as a tour: predict, reveal, next', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const networks = parseTour(
    JSON.parse(readFileSync(new URL('../presets/tours/networks.json', import.meta.url), 'utf8')),
    'networks.json',
  );
  const lesson = {
    ...networks,
    id: 'framed',
    title: 'A framed lesson',
    steps: networks.steps.slice(0, 2),
  };
  const link = lessonLink(lesson, baseURL!);
  if (!('url' in link)) throw new Error('the lesson is too long for a link');
  const app = new URL(baseURL!).origin;
  hostPages.set('/lesson.html', {
    html: hostHtml(sandboxed(lessonSnippet(link.url, lesson.title)), false),
    csp: `default-src 'none'; script-src 'self'; style-src 'self'; frame-src ${app}`,
  });
  for (const width of WIDTHS) {
    const host = await page.context().newPage();
    const hostConsole = collectConsole(host);
    await host.setViewportSize({ width, height: 1000 });
    await host.goto(`${hostOrigin}/lesson.html`);
    const frame = host.frameLocator('iframe');
    await waitIdle(frame);
    const panel = frame.locator('.tour-panel');
    await expect(panel).toContainText('Step 1 of 2');
    // The way to the whole explorer, from the frame: a new tab at this very step.
    await expect(frame.getByRole('link', { name: 'Open in archex' })).toHaveAttribute(
      'href',
      /\?s=/,
    );
    await panel.getByLabel('Your prediction').fill('15');
    await panel.getByRole('button', { name: 'Reveal' }).click();
    await expect(panel.locator('.tour-reveal')).toContainText(/The run gives [\d.]+\s+cycles/);
    await panel.getByRole('button', { name: 'Next →' }).click();
    await waitIdle(frame);
    await expect(panel).toContainText('Step 2 of 2');
    expect(hostConsole).toEqual([]);
    await host.screenshot({ path: testInfo.outputPath(`lesson-framed-${width}.png`) });
    await host.close();
  }
});
