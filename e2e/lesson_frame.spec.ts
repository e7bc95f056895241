// A lesson framed on a course page of another site, sandboxed with allow-scripts only: from a
// server without the CORS header (the development server) it says why it cannot load, as a
// chart's embed does.
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { readFileSync } from 'node:fs';

import { expect, test } from '@playwright/test';

import { lessonLink } from '../app/lessons/lesson_link';
import { lessonSnippet } from '../app/link/embed_snippet';
import { parseTour } from '../app/tours/schema';
import { waitIdle } from './support';

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
