// A student on a 390 px phone (touch): every control big enough to hit, a tour's way on always in
// reach, a step's fields beside it, side by side read chart by chart, the packet view zoomed.
import { readFileSync } from 'node:fs';

import type { Browser, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

import { collectConsole, waitIdle } from './support';

interface StepFile {
  presetId: string;
  params?: Record<string, unknown>;
  charts?: Record<string, unknown>;
  view?: Record<string, unknown>;
}
const tourSteps = (id: string) =>
  (
    JSON.parse(readFileSync(new URL(`../presets/tours/${id}.json`, import.meta.url), 'utf8')) as {
      steps: StepFile[];
    }
  ).steps;

/** A link in the page's own form (version 5, plain JSON). */
const link = (state: Record<string, unknown>) =>
  `./?s=j${encodeURIComponent(JSON.stringify({ v: 5, ...state }))}`;

/** A tour step's own link, written as the page writes it. */
function stepLink(tour: string, step: number): string {
  const s = tourSteps(tour)[step]!;
  return link({
    preset: s.presetId,
    ...(s.params ? { params: s.params } : {}),
    ...(s.charts ? { charts: s.charts } : {}),
    ...(s.view ? { view: s.view } : {}),
    layout: { kind: 'tour', tour, step },
  });
}

const SIDE_BY_SIDE = link({
  preset: 'network-deadlock',
  layout: { kind: 'side', right: { preset: 'network-deadlock', params: { vcs: 2, dateline: 0 } } },
});

async function phone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
  });
  return { context, page: await context.newPage() };
}

async function packetViewReady(page: Page) {
  await expect(page.locator('section.trace-view[data-view="packets"]')).toHaveAttribute(
    'data-trace-state',
    'ready',
    { timeout: 60_000 },
  );
  await expect(page.locator('.packet-over')).toBeVisible();
}

interface Target {
  what: string;
  width: number;
  height: number;
  x: number;
  y: number;
  /** A chart's cut label: text in the chart, a target only for the full form it shows. */
  text: boolean;
  /** Its place among the targets, and the targets holding it (a chart holds its labels). */
  index: number;
  within: number[];
}

/** Every control a finger can hit on the page as shown (visible, with a box). */
function targets(page: Page): Promise<Target[]> {
  return page.evaluate(() => {
    const selector =
      'button, a[href], input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    const all = [...document.querySelectorAll<Element>(selector)];
    return all.flatMap((e, index) => {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || !e.checkVisibility({ visibilityProperty: true })) {
        return [];
      }
      const name = (e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 30);
      return [
        {
          what: `${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''} "${name}"`,
          width: r.width,
          height: r.height,
          x: r.x + window.scrollX,
          y: r.y + window.scrollY,
          text: e instanceof SVGTextElement,
          index,
          within: all.flatMap((o, i) => (o !== e && o.contains(e) ? [i] : [])),
        },
      ];
    });
  });
}

/**
 * The targets smaller than 24 x 24 CSS px (WCAG 2.5.8). A chart's cut label is a line of the
 * chart's text and passes where a 24 px circle on it touches no other target beside it (the
 * spacing exception; the chart holding it is no other target); every other control must be
 * 24 x 24 itself.
 */
function undersized(all: Target[]): string[] {
  const small = all.filter((t) => t.width < 24 || t.height < 24);
  const centre = (t: Target) => [t.x + t.width / 2, t.y + t.height / 2] as const;
  const touches = (t: Target, other: Target) => {
    const [cx, cy] = centre(t);
    const dx = Math.max(other.x - cx, 0, cx - (other.x + other.width));
    const dy = Math.max(other.y - cy, 0, cy - (other.y + other.height));
    return Math.hypot(dx, dy) < 12;
  };
  return small
    .filter(
      (t) => !t.text || all.some((o) => o !== t && !t.within.includes(o.index) && touches(t, o)),
    )
    .map((t) => `${t.what} ${t.width.toFixed(1)} x ${t.height.toFixed(1)}`);
}

test('every control on the main pages is at least 24 x 24 px at 390 px', async ({ browser }) => {
  const { context, page } = await phone(browser);
  const consoleMessages = collectConsole(page);
  const pages: [string, string][] = [
    ['the picker', './'],
    ['the custom network', './?preset=custom-network'],
    ['a tour step with the packet view', stepLink('deadlock', 2)],
    ['a tour step with a choice', stepLink('deadlock', 3)],
    ['side by side', SIDE_BY_SIDE],
    ['every machine', link({ layout: { kind: 'machines', unit: 'us', params: {} } })],
  ];
  const found: Record<string, string[]> = {};
  for (const [name, url] of pages) {
    await page.goto(url);
    await waitIdle(page);
    if (url === pages[2]![1]) await packetViewReady(page);
    const all = await targets(page);
    expect(all.length, name).toBeGreaterThan(5);
    const small = undersized(all);
    if (small.length > 0) found[name] = small;
  }
  expect(found).toEqual({});
  expect(consoleMessages).toEqual([]);
  await context.close();
});

test('a card tapped far down the start page opens its experiment at the top', async ({
  browser,
}, testInfo) => {
  const { context, page } = await phone(browser);
  const consoleMessages = collectConsole(page);
  await page.goto('./');
  await waitIdle(page);
  const card = page.locator('.card:has(a[data-preset="paragon-bsp"])');
  await card.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
  // A tap on the card's text, not on its title: the whole card opens it.
  const meta = (await card.locator('.card-meta').boundingBox())!;
  await page.touchscreen.tap(meta.x + meta.width / 2, meta.y + meta.height / 2);
  await expect(page.locator('h2#results-title')).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await waitIdle(page);
  await page.screenshot({ path: testInfo.outputPath('phone-opened-at-top.png') });
  expect(consoleMessages).toEqual([]);
  await context.close();
});

test("a tap shows what a papers' word means, in the screen; a tap again or elsewhere hides it", async ({
  browser,
}, testInfo) => {
  const { context, page } = await phone(browser);
  const consoleMessages = collectConsole(page);
  await page.goto('./');
  await waitIdle(page);
  // A word at the right of its line: its definition is moved left to stay in the screen.
  const card = page.locator('.card:has(a[data-preset="pie64-congestion-mpwrite"])');
  const url = page.url();
  for (const term of ['UNIRED', 'WRITEMN']) {
    const word = card.locator(`button[data-term="${term}"]`);
    const tip = card.locator('[role="tooltip"]', { hasText: `${term}:` });
    await word.scrollIntoViewIfNeeded();
    await word.tap();
    await expect(tip).toBeVisible();
    const box = (await tip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    if (term === 'UNIRED')
      await page.screenshot({ path: testInfo.outputPath('phone-definition.png') });
    await word.tap();
    await expect(tip).toBeHidden();
    await word.tap();
    await expect(tip).toBeVisible();
    await page.locator('.intro h2').tap();
    await expect(tip).toBeHidden();
  }
  // Tapping a word opened no experiment.
  expect(page.url()).toBe(url);
  expect(consoleMessages).toEqual([]);
  await context.close();
});

test("a tour step's Previous and Next stay in reach after Show me, and the count leads back", async ({
  browser,
}) => {
  const { context, page } = await phone(browser);
  const consoleMessages = collectConsole(page);
  await page.goto(stepLink('deadlock', 2));
  await waitIdle(page);
  await packetViewReady(page);
  const panel = page.locator('.tour-panel');
  await panel.getByRole('button', { name: 'Show me' }).tap();
  await expect(page.locator('section.trace-view')).toBeInViewport();
  const nav = page.getByRole('navigation', { name: 'Tour steps' });
  const next = nav.getByRole('button', { name: 'Next →' });
  await expect(nav.getByRole('button', { name: '← Previous' })).toBeInViewport({ ratio: 1 });
  await expect(next).toBeInViewport({ ratio: 1 });
  // The bar covers nothing for good: the page's foot scrolls above it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bar = (await nav.boundingBox())!;
  const foot = (await page.locator('footer.citation').boundingBox())!;
  expect(foot.y + foot.height).toBeLessThanOrEqual(bar.y + 1);
  // The step's count takes the reader back to the step's words.
  await nav.getByRole('button', { name: 'Step 3 of 4' }).tap();
  await expect(panel.locator('h3')).toBeInViewport();
  await next.tap();
  await waitIdle(page);
  await expect(panel).toContainText('Step 4 of 4');
  expect(consoleMessages).toEqual([]);
  await context.close();
});

test("a step's verdict comes into sight above the way on once revealed", async ({ browser }) => {
  const { context, page } = await phone(browser);
  const consoleMessages = collectConsole(page);
  await page.goto(stepLink('paragon', 0));
  await waitIdle(page);
  const panel = page.locator('.tour-panel');
  await panel.getByLabel('Your prediction').fill('100');
  // Reveal just above the way on (a shorter phone, or longer words): the verdict comes below it.
  const nav = page.getByRole('navigation', { name: 'Tour steps' });
  const reveal = panel.getByRole('button', { name: 'Reveal' });
  const [button, bar0] = [(await reveal.boundingBox())!, (await nav.boundingBox())!];
  const height = Math.round(button.y + button.height + bar0.height + 4);
  await page.setViewportSize({ width: 390, height });
  await reveal.tap();
  await expect(panel.locator('.tour-reveal')).toContainText('The run gives');
  const bar = (await nav.boundingBox())!;
  const verdict = (await panel.locator('.tour-reveal').boundingBox())!;
  expect(verdict.y + verdict.height).toBeLessThanOrEqual(bar.y + 1);
  expect(verdict.y).toBeGreaterThanOrEqual(0);
  expect(consoleMessages).toEqual([]);
  await context.close();
});

test("a tour step's fields come right after the step on a phone", async ({ browser }) => {
  const { context, page } = await phone(browser);
  const consoleMessages = collectConsole(page);
  // Networks step 3 points at the packet length field.
  await page.goto(stepLink('networks', 2));
  await waitIdle(page);
  const panel = (await page.locator('.tour-panel').boundingBox())!;
  const field = page.locator('.param[data-tour-target]');
  await expect(field.locator('[data-param-number="packet_flits"]')).toBeVisible();
  const box = (await field.boundingBox())!;
  // Below the step, before the readouts and charts, within a screen of it.
  expect(box.y).toBeGreaterThan(panel.y + panel.height);
  expect(box.y - (panel.y + panel.height)).toBeLessThan(400);
  const charts = (await page.locator('#charts').boundingBox())!;
  expect(box.y).toBeLessThan(charts.y);
  expect(consoleMessages).toEqual([]);
  await context.close();
});

test("side by side on a phone puts each chart's left and right versions together", async ({
  browser,
}) => {
  const { context, page } = await phone(browser);
  const consoleMessages = collectConsole(page);
  await page.goto(SIDE_BY_SIDE);
  await waitIdle(page);
  const cards = page.locator('[data-chart-card="latency-load"]');
  await expect(cards).toHaveCount(2);
  const [left, right] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
  // The right version starts where the left one ends (a label between them), not panes apart.
  expect(right.y - (left.y + left.height)).toBeLessThan(120);
  expect(right.y).toBeGreaterThan(left.y);
  // Each says which side it is, by what differs.
  const pair = page.locator('[data-side-pair="latency-load"]');
  await expect(pair.locator('[data-side="left"]')).toContainText('Virtual channels: 1');
  await expect(pair.locator('[data-side="right"]')).toContainText('Virtual channels: 2');
  expect(consoleMessages).toEqual([]);
  await context.close();
});

test('the packet view zooms on a phone, by its buttons and a pinch, and pans', async ({
  browser,
}) => {
  const { context, page } = await phone(browser);
  const consoleMessages = collectConsole(page);
  await page.goto(stepLink('deadlock', 2));
  await waitIdle(page);
  await packetViewReady(page);
  const scroller = page.locator('.packet-scroll');
  const canvas = page.locator('.packet-over');
  const sizes = () =>
    canvas.evaluate((c: HTMLCanvasElement) => ({
      backing: c.width,
      shown: c.getBoundingClientRect().width,
      ratio: window.devicePixelRatio,
    }));
  const before = await sizes();
  // Drawn at the screen's own pixels.
  expect(before.ratio).toBe(2);
  expect(Math.abs(before.backing - before.shown * before.ratio)).toBeLessThanOrEqual(1);

  await page.getByRole('button', { name: 'Zoom in' }).tap();
  await page.getByRole('button', { name: 'Zoom in' }).tap();
  await expect(scroller).toHaveAttribute('data-zoom', '2');
  const zoomed = await sizes();
  expect(zoomed.shown).toBeGreaterThan(1.9 * before.shown);
  expect(Math.abs(zoomed.backing - zoomed.shown * zoomed.ratio)).toBeLessThanOrEqual(1);
  // The drawing is wider than the screen: it pans inside its box, the page does not widen.
  const box = await scroller.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
    page: document.documentElement.scrollWidth,
  }));
  expect(box.scroll).toBeGreaterThan(box.client);
  expect(box.page).toBeLessThanOrEqual(390);
  await scroller.evaluate((el) => el.scrollTo({ left: 200 }));
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);

  // Two fingers spread on the drawing zoom it further.
  const at = (await scroller.boundingBox())!;
  const [cx, cy] = [at.x + at.width / 2, at.y + Math.min(at.height / 2, 60)];
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints:
        type === 'touchEnd'
          ? []
          : [
              { x: cx - spread, y: cy, id: 1 },
              { x: cx + spread, y: cy, id: 2 },
            ],
    });
  await touch('touchStart', 20);
  for (const spread of [30, 40, 50, 60]) await touch('touchMove', spread);
  await touch('touchEnd', 0);
  await expect
    .poll(async () => Number(await scroller.getAttribute('data-zoom')))
    .toBeGreaterThan(2.5);
  const pinched = Number(await scroller.getAttribute('data-zoom'));
  await page.getByRole('button', { name: 'Zoom out' }).tap();
  await expect
    .poll(async () => Number(await scroller.getAttribute('data-zoom')))
    .toBeLessThan(pinched);
  expect(consoleMessages).toEqual([]);
  await context.close();
});

test('a chart presented from far down a phone’s page shows the chart first, the step after it', async ({
  browser,
}) => {
  const { context, page } = await phone(browser);
  const consoleMessages = collectConsole(page);
  const s = tourSteps('networks')[1]!;
  await page.goto(
    link({
      preset: s.presetId,
      layout: {
        kind: 'tour',
        tour: 'networks',
        step: 1,
        answers: { 1: { typed: '0.3', revealed: true } },
      },
    }),
  );
  await waitIdle(page);
  // The last chart of the step, several screens down the phone's column.
  const present = page.locator('[data-chart-card="channel-utilization"] .chart-present');
  await present.scrollIntoViewIfNeeded();
  await present.tap();
  await waitIdle(page);
  await expect(page.locator('main.presentation')).toBeVisible();
  await expect(page.locator('.presentation-stage svg').first()).toBeInViewport({ ratio: 0.9 });
  const stage = (await page.locator('.presentation-stage').boundingBox())!;
  const aside = (await page.locator('.presentation-aside').boundingBox())!;
  expect(stage.y).toBeLessThan(aside.y);
  expect(consoleMessages).toEqual([]);
  await context.close();
});
