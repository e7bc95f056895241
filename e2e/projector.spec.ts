// A teacher at a 1920 x 1080 projector: the packet view presented whole at the screen's own
// pixels, "Press Play (or End)" working from where "Show me" leaves the focus, side by side as
// one figure (presented and exported), and pinned runs named and drawn to be read from the back.
import { readFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';

import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { getMeta } from 'unpdf';

import { collectConsole, waitIdle } from './support';

interface StepFile {
  presetId: string;
  params?: Record<string, unknown>;
  charts?: Record<string, unknown>;
  view?: Record<string, unknown>;
}

/** A link in the page's own form (version 5, plain JSON). */
const link = (state: Record<string, unknown>) =>
  `./?s=j${encodeURIComponent(JSON.stringify({ v: 5, ...state }))}`;

/** A tour step's own link, written as the page writes it; `extra` adds to the state. */
function stepLink(tour: string, step: number, extra: Record<string, unknown> = {}): string {
  const s = (
    JSON.parse(readFileSync(new URL(`../presets/tours/${tour}.json`, import.meta.url), 'utf8')) as {
      steps: StepFile[];
    }
  ).steps[step]!;
  return link({
    preset: s.presetId,
    ...(s.params ? { params: s.params } : {}),
    ...(s.charts ? { charts: s.charts } : {}),
    ...(s.view ? { view: s.view } : {}),
    layout: { kind: 'tour', tour, step },
    ...extra,
  });
}

async function packetViewReady(page: Page) {
  await expect(page.locator('section.trace-view[data-view="packets"]')).toHaveAttribute(
    'data-trace-state',
    'ready',
    { timeout: 60_000 },
  );
  await expect(page.locator('.packet-over')).toBeVisible();
}

/** The canvas's backing store against the device pixels it covers on the screen. */
function canvasPixels(page: Page) {
  return page.locator('.packet-over').evaluate((c: HTMLCanvasElement) => {
    const r = c.getBoundingClientRect();
    return {
      backing: [c.width, c.height],
      screen: [r.width * window.devicePixelRatio, r.height * window.devicePixelRatio],
    };
  });
}

test.use({ viewport: { width: 1920, height: 1080 } });

for (const [name, url] of [
  ['the deadlock tour’s knot', stepLink('deadlock', 2, { present: {} })],
  ['the networks tour’s hot spot', stepLink('networks', 8, { present: {} })],
] as const) {
  test(`the packet view presented at 1920 x 1080 fills the screen at its own pixels: ${name}`, async ({
    page,
  }) => {
    const consoleMessages = collectConsole(page);
    await page.goto(url);
    await waitIdle(page);
    await packetViewReady(page);
    await expect(page.locator('main.presentation')).toBeVisible();
    // Sharp: one canvas pixel to each screen pixel, not a small canvas stretched by the zoom.
    const pixels = await canvasPixels(page);
    for (const i of [0, 1]) {
      expect(Math.abs(pixels.backing[i]! - pixels.screen[i]!)).toBeLessThanOrEqual(1);
    }
    // Wide and tall: most of the screen beside the tour's words, the drawing fitted to its
    // space (a ring is a loop of two rows, not a strip).
    const view = (await page.locator('section.trace-view').boundingBox())!;
    expect(view.width).toBeGreaterThan(0.6 * 1920);
    const drawing = (await page.locator('.packet-canvas').boundingBox())!;
    expect(drawing.height).toBeGreaterThan(0.35 * 1080);
    // Whole: the player, the drawing, its legend and the summary above the screen's foot.
    expect(view.y + view.height).toBeLessThanOrEqual(1080);
    await expect(page.locator('.packet-summary')).toBeInViewport({ ratio: 1 });
    await expect(page.locator('.packet-canvas')).toBeInViewport({ ratio: 1 });
    expect(consoleMessages).toEqual([]);
  });
}

test('"Press Play (or End)" works from where "Show me" leaves the focus, on the page and presented', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  for (const extra of [{}, { present: {} }]) {
    await page.setViewportSize(
      'present' in extra ? { width: 1920, height: 1080 } : { width: 1200, height: 900 },
    );
    await page.goto(stepLink('deadlock', 2, extra));
    await waitIdle(page);
    await packetViewReady(page);
    const time = page.locator('.trace-time');
    await expect(time).toHaveText('cycle 0');
    await page.locator('.tour-panel').getByRole('button', { name: 'Show me' }).click();
    await page.keyboard.press('End');
    await expect(page.locator('.packet-deadlock')).toContainText('Deadlock at cycle');
    await expect(time).not.toHaveText('cycle 0');
    // Home and space work there too: back to the start, then playing.
    await page.keyboard.press('Home');
    await expect(time).toHaveText('cycle 0');
    await page.keyboard.press(' ');
    await expect(page.locator('.trace-play')).toHaveText('Pause');
    await page.keyboard.press(' ');
    await expect(page.locator('.trace-play')).toHaveText('Play');
  }
  expect(consoleMessages).toEqual([]);
});

const ONE_AND_FOUR = link({
  preset: 'network-deadlock',
  layout: { kind: 'side', right: { preset: 'network-deadlock', params: { vcs: 4 } } },
});
const [ONE, FOUR] = ['Virtual channels: 1 per channel', 'Virtual channels: 4 per channel'];

/** Opens side by side with both runs drawn (a run the first second guessed long is let go on). */
async function openBoth(page: Page) {
  await page.goto(ONE_AND_FOUR);
  await waitIdle(page);
  const held = page.getByRole('button', { name: 'Run it anyway' });
  for (let tries = 0; tries < 4 && (await held.count()) > 0; tries++) {
    await held.first().click();
    await waitIdle(page);
  }
  await expect(page.getByRole('button', { name: 'Download the comparison (JSON)' })).toBeEnabled();
}

test('side by side is presented as one figure: both runs on shared axes, named by what differs', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await openBoth(page);
  const tools = page.getByRole('group', { name: 'Both runs in one figure' });
  await tools.getByLabel('One figure of both runs').selectOption('latency-load');
  await tools.getByRole('button', { name: 'Present' }).click();
  await waitIdle(page);
  const stage = page.locator('main.presentation .presentation-stage');
  await expect(page.locator('main.presentation')).toHaveAttribute('data-present', 'latency-load');
  // One chart, both curves in its legend by what differs, nothing of a pin's wording.
  const charts = stage.locator('svg[data-chart]');
  await expect(charts).toHaveCount(1);
  const legend = charts.locator('.legend');
  await expect(legend).toContainText(ONE);
  await expect(legend).toContainText(FOUR);
  await expect(legend).not.toContainText('pinned');
  await expect(legend).not.toContainText('#1');
  await expect(page.locator('main.presentation .presentation-aside')).toContainText('What differs');
  // The arrows step the charts both draw; Escape leaves for the page as it was.
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('main.presentation')).not.toHaveAttribute(
    'data-present',
    'latency-load',
  );
  await page.keyboard.press('Escape');
  await expect(page.locator('main.presentation')).toHaveCount(0);
  await expect(page.locator('[data-chart-card="latency-load"]')).toHaveCount(2);
  expect(consoleMessages).toEqual([]);
});

test('side by side exports one figure of both runs as SVG, PNG and PDF', async ({ page }) => {
  const consoleMessages = collectConsole(page);
  await openBoth(page);
  const tools = page.getByRole('group', { name: 'Both runs in one figure' });
  await tools.getByLabel('One figure of both runs').selectOption('latency-load');
  const save = async (button: string) => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tools.getByRole('button', { name: button }).click(),
    ]);
    return { name: download.suggestedFilename(), data: await readFile((await download.path())!) };
  };
  const svg = await save('SVG');
  expect(svg.name).toBe('network-deadlock-vs-network-deadlock-latency-load.svg');
  const text = svg.data.toString('utf8');
  expect(text.match(/<svg[\s>]/g)).toHaveLength(2);
  expect(text.match(/data-chart="/g)).toHaveLength(1);
  expect(text).toContain(ONE);
  expect(text).toContain(FOUR);
  expect(text).not.toContain('(pinned)');
  expect(text).toContain('Made with archex: http');
  const png = await save('PNG');
  expect(png.name).toMatch(/\.png$/);
  expect(png.data.subarray(1, 4).toString()).toBe('PNG');
  const pdf = await save('PDF');
  expect(pdf.name).toBe('network-deadlock-vs-network-deadlock-latency-load.pdf');
  expect(pdf.data.subarray(0, 5).toString()).toBe('%PDF-');
  // Its text as text: the font embedded.
  expect(pdf.data.toString('latin1')).toContain('/FontFile2');
  // Its title, and its caption as its subject: what the two runs are and the link back.
  const { info } = await getMeta(new Uint8Array(pdf.data));
  expect(info).toMatchObject({ Title: expect.any(String), Creator: 'archex' });
  expect(String(info.Subject)).toContain('Made with archex: http');
  expect(consoleMessages).toEqual([]);
});

test('a pinned curve is named by what differs from the current run, and presented at full strength', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=network-deadlock');
  await waitIdle(page);
  await page.getByRole('button', { name: 'Pin this run' }).click();
  await page.locator('[data-param-number="vcs"]').fill('4');
  await waitIdle(page);
  const card = page.locator('[data-chart-card="latency-load"]');
  // The pin has one virtual channel where the current run has four.
  await expect(card.locator('.legend')).toContainText(`${ONE}: `);
  await expect(card.locator('.legend')).not.toContainText('#1');
  await expect(page.getByRole('group', { name: 'Pinned runs' })).toContainText(`#1 ${ONE}`);
  const pinned = card.locator('g.curve[data-curve^="pin"]').first();
  const opacity = () => pinned.evaluate((g) => getComputedStyle(g).opacity);
  expect(Number(await opacity())).toBeLessThan(1);
  await card.getByRole('button', { name: 'Present' }).click();
  await waitIdle(page);
  const presented = page.locator('main.presentation g.curve[data-curve^="pin"]').first();
  await expect(presented).toBeVisible();
  expect(await presented.evaluate((g) => getComputedStyle(g).opacity)).toBe('1');
  expect(consoleMessages).toEqual([]);
});

test("a presented experiment's readouts fit their cards, the longest unit included", async ({
  page,
}) => {
  await page.goto(link({ preset: 'multipsi-v1-program1', present: {} }));
  await waitIdle(page);
  const values = page.locator('.presentation-aside .readouts dd');
  await expect(values).toHaveCount(4);
  await expect(values.nth(2)).toContainText('reductions/message');
  // Nothing is cut off at a card's edge: each value is as wide as the box it is drawn in.
  const overflow = await values.evaluateAll((dds) =>
    dds.map((dd) => {
      const card = dd.parentElement!.getBoundingClientRect();
      return (
        dd.scrollWidth - dd.clientWidth + Math.max(0, dd.getBoundingClientRect().right - card.right)
      );
    }),
  );
  expect(overflow).toEqual([0, 0, 0, 0]);
});

interface TourFile {
  id: string;
  steps: (StepFile & { question?: { kind: string; explain?: string } })[];
}
const tourFiles: TourFile[] = readdirSync(new URL('../presets/tours/', import.meta.url))
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map(
    (f) =>
      JSON.parse(
        readFileSync(new URL(`../presets/tours/${f}`, import.meta.url), 'utf8'),
      ) as TourFile,
  );

/** Where the step's words, its question's Reveal and Next end, against the screen's foot. */
async function stepFits(page: Page, where: string) {
  const panel = page.locator('.presentation-aside .tour-panel');
  await expect(panel, where).toBeVisible();
  for (const control of [
    panel.locator('.tour-text'),
    panel.getByRole('button', { name: /^(Reveal|Running…)$/ }),
    panel.locator('.tour-reveal'),
    panel.getByRole('button', { name: 'Next →' }),
  ]) {
    if ((await control.count()) === 0) continue;
    const name = `${where}: ${await control.textContent()}`;
    // The words are fitted a frame after they change (a run's answer, a reveal): polled.
    await expect
      .poll(async () => {
        const box = (await control.boundingBox())!;
        return box.y + box.height;
      }, name)
      .toBeLessThanOrEqual(1080);
  }
  // Read from the back of the room: 19 px at the least.
  const size = await panel
    .locator('.tour-text')
    .evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  expect(size, where).toBeGreaterThanOrEqual(19);
}

// One test a tour, so the workers share them out.
for (const tour of tourFiles) {
  test(`${tour.id}: every step presented at 1920 x 1080 shows its words, question, Reveal and Next whole`, async ({
    page,
  }) => {
    test.slow();
    for (const [i, step] of tour.steps.entries()) {
      // The all-machines page is no presentation: its step stays on the page.
      if ((step as { layout?: { kind: string } }).layout?.kind === 'machines') continue;
      const where = `${tour.id} step ${i + 1}`;
      await page.goto(stepLink(tour.id, i, { present: {} }));
      await stepFits(page, where);
      // What a reveal adds is the tallest a step gets: once, where there is an explanation.
      if (!step.question?.explain) continue;
      await waitIdle(page);
      const anyway = page.getByRole('button', { name: 'Run it anyway' });
      if ((await anyway.count()) > 0) await anyway.first().click();
      const panel = page.locator('.presentation-aside .tour-panel');
      if (step.question.kind === 'number') await panel.getByLabel('Your prediction').fill('1');
      else await panel.getByRole('radio').first().check();
      await panel.getByRole('button', { name: 'Reveal' }).click();
      await expect(panel.locator('.tour-explain')).toBeVisible();
      await stepFits(page, `${where}, revealed`);
    }
  });
}

test('side by side presented in a tour keeps the step, its question and the side it builds on', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto(stepLink('networks', 4, { present: {} }));
  await waitIdle(page);
  const aside = page.locator('main.presentation .presentation-aside');
  await expect(aside.locator('.tour-panel h3')).toHaveText('Virtual channels');
  await expect(aside.getByRole('button', { name: 'Reveal' })).toBeVisible();
  await expect(aside.locator('table.differences')).toContainText('2 per channel');
  // Before the reveal: the left side, the context; not the right side's answer.
  await expect(page.locator('.presentation-stage [data-side="left"] svg').first()).toBeVisible();
  await expect(page.locator('.presentation-stage [data-side="right"]')).toHaveCount(0);
  await aside.getByLabel('Your prediction').fill('0,4');
  await aside.getByRole('button', { name: 'Reveal' }).click();
  await expect(aside.locator('.tour-reveal')).toContainText('Your prediction, 0.4,');
  // Revealed: one figure of both runs, no legend label cut short.
  const figure = page.locator('.presentation-stage [data-side-figure]');
  await expect(figure).toBeVisible();
  await expect(figure.locator('.legend')).not.toContainText('…');
  expect(consoleMessages).toEqual([]);
});
