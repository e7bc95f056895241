import { expect, test } from '@playwright/test';

import type { Page } from '@playwright/test';

import { readFile } from 'node:fs/promises';

import type { PerfettoTrace } from '../app/exports/perfetto';
import { perfettoProblems } from '../app/exports/perfetto_check';
import { collectConsole, linkView, waitIdle } from './support';

/** Resolves once the page has drawn `count` more animation frames: the player's clock. */
async function afterFrames(page: Page, count: number) {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        let left = n;
        const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    count,
  );
}

test('a latency point opens the packet view: play, pause, step, step back, and the link keeps it', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=custom-network&dims=4x4');
  await waitIdle(page);
  const card = page.locator('[data-chart-card="latency-load"]');
  await card.getByLabel('Point to watch').selectOption({ index: 3 });
  await card.getByRole('button', { name: 'Open the packet view' }).click();

  const panel = page.locator('section.trace-view[data-view="packets"]');
  await expect(panel).toHaveAttribute('data-trace-state', 'ready', { timeout: 60_000 });
  await expect(panel.getByLabel('Point')).toHaveValue('3');
  const time = panel.locator('output.trace-time');
  await expect(time).toHaveText('cycle 2000');

  const player = panel.getByRole('group', { name: 'Player' });
  await player.getByRole('button', { name: 'Step', exact: true }).click();
  await player.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(time).toHaveText('cycle 2002');
  await player.getByRole('button', { name: 'Step back' }).click();
  await expect(time).toHaveText('cycle 2001');
  // The keys step too, from anywhere in the panel but its fields.
  await panel.locator('.trace-view-body').click();
  await page.keyboard.press('ArrowRight');
  await expect(time).toHaveText('cycle 2002');

  // Follow a packet: its latency split into queueing, blocking and transfer, in the link too.
  await panel.getByLabel('Follow').selectOption({ index: 1 });
  await expect(panel.locator('.packet-view')).toContainText(
    /(latency \d+ cycles|\d+ cycles so far) = (\d+ before the window \(not recorded\) \+ )?queueing \d+ \+ blocking \d+ \+ transfer \d+/,
  );
  const followed = await panel.getByLabel('Follow').inputValue();

  await player.getByLabel('Speed').selectOption('100');
  await player.getByRole('button', { name: 'Play' }).click();
  await expect
    .poll(async () => Number((await time.textContent())?.replace('cycle ', '')))
    .toBeGreaterThan(2010);
  await player.getByRole('button', { name: 'Pause' }).click();
  const paused = await time.textContent();
  // At rest the moment goes to the link (the whole cycle shown is its floor); frames drawn since
  // then have not moved it.
  await expect
    .poll(() => Math.floor(Number(linkView(page)?.time)))
    .toBe(Number(paused!.replace('cycle ', '')));
  await afterFrames(page, 10);
  await expect(time).toHaveText(paused!);

  // The link holds the view, its point and the moment: a reload opens it there.
  await page.reload();
  await waitIdle(page);
  await expect(panel).toHaveAttribute('data-trace-state', 'ready', { timeout: 60_000 });
  await expect(time).toHaveText(paused!);
  await expect(panel.getByLabel('Point')).toHaveValue('3');
  await expect(panel.getByLabel('Follow')).toHaveValue(followed);

  // A window the engine cannot record is refused in words, naming the field.
  await panel.getByLabel('From').fill('-5');
  await expect(panel.getByRole('alert')).toContainText('From: a time from 0 is needed.');
  await expect(panel.getByRole('button', { name: 'Record' })).toBeDisabled();

  await panel.getByRole('button', { name: 'Close the Packet view' }).click();
  await expect(panel).toHaveCount(0);
  expect(consoleMessages).toEqual([]);
});

test("a Paragon run's timeline: rows by processor, a clicked span said in words, zoom kept in the link", async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=paragon-pingpong');
  await waitIdle(page);
  const card = page.locator('[data-chart-card="pingpong"]');
  await card.getByLabel('Point to watch').selectOption({ index: 2 });
  await card.getByRole('button', { name: 'Open the timeline' }).click();
  const panel = page.locator('section.trace-view[data-view="timeline"]');
  await expect(panel).toHaveAttribute('data-trace-state', 'ready', { timeout: 60_000 });
  await expect(panel.locator('.trace-timeline-tools')).toContainText('16 rows');
  // The first row is node 0's compute processor, posting its receive at the start.
  const canvas = panel.locator('.trace-timeline-rows canvas');
  const box = (await canvas.boundingBox())!;
  await canvas.click({ position: { x: 5, y: 3 } });
  await expect(panel.locator('.trace-timeline-detail')).toContainText(
    'node 0 CP: compute processor: post, from 0 µs',
  );
  await panel.getByRole('button', { name: 'Zoom in' }).click();
  await panel.getByRole('button', { name: 'Zoom in' }).click();
  const range = await panel.locator('.trace-timeline-tools span').textContent();
  expect(box.width).toBeGreaterThan(300);
  // The link holds the clicked span and the zoom before the reload reads it.
  await expect
    .poll(() => linkView(page))
    .toMatchObject({ selected: expect.any(Number), window: expect.any(Array) });
  await page.reload();
  await waitIdle(page);
  await expect(panel).toHaveAttribute('data-trace-state', 'ready', { timeout: 60_000 });
  await expect(panel.locator('.trace-timeline-tools span')).toHaveText(range!);
  await expect(panel.locator('.trace-timeline-detail')).toContainText('node 0 CP');
  expect(consoleMessages).toEqual([]);
});

test("the Multi-PSI's goal view: PEs, the tree growing as it plays, a goal's history", async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v1-program1');
  await waitIdle(page);
  const card = page.locator('[data-chart-card="work-rates"]');
  await card.getByRole('button', { name: 'Open the goal view' }).click();
  const panel = page.locator('section.trace-view[data-view="goals"]');
  await expect(panel).toHaveAttribute('data-trace-state', 'ready', { timeout: 60_000 });
  const reduced = async () =>
    Number(
      /([\d,]+) reduced/
        .exec((await panel.locator('.goal-counts').textContent()) ?? '')?.[1]
        ?.replace(/,/g, ''),
    );
  const atStart = await reduced();
  const player = panel.getByRole('group', { name: 'Player' });
  await player.getByLabel('Speed').selectOption('300');
  await player.getByRole('button', { name: 'Play' }).click();
  await expect.poll(reduced, { timeout: 10_000 }).toBeGreaterThan(atStart + 10);
  await player.getByRole('button', { name: 'Pause' }).click();
  const dots = panel.locator('.goal-dot');
  await expect(dots.first()).toBeVisible();
  await dots.last().click();
  await expect(panel.locator('.goal-history')).toContainText(/spawned by goal \d+ on PE \d+/);
  const goal = await panel.locator('.goal-history strong').textContent();
  // The link holds the goal clicked and, once at rest after the pause, the moment.
  await expect
    .poll(() => linkView(page))
    .toMatchObject({ selected: expect.any(Number), time: expect.any(Number) });
  await page.reload();
  await waitIdle(page);
  await expect(panel).toHaveAttribute('data-trace-state', 'ready', { timeout: 60_000 });
  await expect(panel.locator('.goal-history strong')).toHaveText(goal!);
  expect(consoleMessages).toEqual([]);
});

test("a J-Machine program's timeline: the states its trace declares, a span said in words", async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=jmachine-lcs');
  await waitIdle(page);
  const card = page.locator('[data-chart-card="work-rates"]');
  // LCS on 8 nodes: node 0's StartUp hands the characters to node 1, which passes them on.
  await card.getByLabel('Point to watch').selectOption({ index: 3 });
  await card.getByRole('button', { name: 'Open the timeline' }).click();
  const panel = page.locator('section.trace-view[data-view="timeline"]');
  await expect(panel).toHaveAttribute('data-trace-state', 'ready', { timeout: 60_000 });
  await expect(panel.locator('.trace-timeline-tools')).toContainText('8 rows');
  // The legend is the engine's declaration: the node's states in order, then the marks.
  await expect(panel.locator('.trace-timeline-legend li')).toHaveText([
    'idle',
    'priority 0',
    'priority 1',
    'background',
    'send refused',
    'send fault',
    'queue overflow',
    'message (sent → received)',
  ]);
  // Node 0 runs its background thread (StartUp) early in the run; a step back along its row
  // shows the span that ends where that one starts.
  const canvas = panel.locator('.trace-timeline-rows canvas');
  await canvas.click({ position: { x: 0.5, y: 2 } });
  const detail = panel.locator('.trace-timeline-detail');
  const span = /node 0: background, from cycle ([\d.,]+) to cycle [\d.,]+ \([\d.,]+ cycles?\)\./;
  await expect(detail).toContainText(span);
  const start = span.exec((await detail.textContent()) ?? '')![1];
  await canvas.press(',');
  await expect(detail).toContainText(
    new RegExp(`node 0: [a-z0-9 ]+, from cycle [\\d.,]+ to cycle ${start} `),
  );
  expect(consoleMessages).toEqual([]);
});

/** Opens a chart's view on one of its points and waits until the view is drawn. */
async function openView(page: Page, url: string, chart: string, view: string, point: number) {
  await page.goto(url);
  await waitIdle(page);
  const card = page.locator(`[data-chart-card="${chart}"]`);
  await card.getByLabel('Point to watch').selectOption({ index: point });
  await card.locator('.chart-watch button').click();
  const panel = page.locator(`section.trace-view[data-view="${view}"]`);
  await expect(panel).toHaveAttribute('data-trace-state', 'ready', { timeout: 60_000 });
  return panel;
}

test("the Multi-PSI's timeline: a row per PE, reducing and communicating, in ms", async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  const panel = await openView(page, './?preset=multipsi-v1-program1', 'timeline', 'timeline', 5);
  await expect(panel.locator('.trace-timeline-tools')).toContainText(/ ms to [\d,.]+ ms; 6 rows/);
  await expect(panel.locator('.trace-timeline-legend li')).toHaveText([
    'idle',
    'reducing',
    'communicating',
    'message (sent → received)',
  ]);
  // Early in the run PE 0 reduces a goal thrown to it from the last PE, where the program starts.
  await panel.locator('.trace-timeline-rows canvas').click({ position: { x: 40, y: 3 } });
  await expect(panel.locator('.trace-timeline-detail')).toContainText(
    /^PE 0: reducing, from [\d,.]+ ms to [\d,.]+ ms/,
  );
  expect(consoleMessages).toEqual([]);
});

test('a view saves its recorded window for Perfetto: tracks, slices and flows as the format asks', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  const cases = [
    { url: './?preset=custom-network&dims=4x4', chart: 'latency-load', view: 'packets', point: 3 },
    { url: './?preset=multipsi-v1-program1', chart: 'work-rates', view: 'goals', point: 5 },
  ];
  for (const c of cases) {
    const panel = await openView(page, c.url, c.chart, c.view, c.point);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download for Perfetto' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.perfetto\.json$/);
    const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as PerfettoTrace;
    expect(perfettoProblems(file)).toEqual([]);
    // What made it: the engine build the page bundles.
    expect(file.otherData.made_by).toMatchObject({ archex: expect.any(String) });
    expect(file.traceEvents.filter((e) => e.ph === 'X').length).toBeGreaterThan(10);
    expect(file.traceEvents.some((e) => e.flow_in)).toBe(true);
    await expect(panel.getByRole('button', { name: 'Download for Perfetto' })).toBeEnabled();
  }
  expect(consoleMessages).toEqual([]);
});

test('End goes to the end with the focus on Pause, where pressing Play leaves it', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  const view = { kind: 'packets', chart: 'latency-load', point: 9, from: 0, length: 2000 };
  await page.goto(
    `./?s=j${encodeURIComponent(JSON.stringify({ v: 5, preset: 'network-deadlock', view }))}`,
  );
  await waitIdle(page);
  await expect(page.locator('section.trace-view')).toHaveAttribute('data-trace-state', 'ready', {
    timeout: 60_000,
  });
  const play = page.locator('.trace-play');
  await play.click();
  await expect(play).toHaveText('Pause');
  await expect(play).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.locator('.packet-deadlock')).toContainText('Deadlock at cycle');
  await expect(play).toHaveText('Play');
  expect(consoleMessages).toEqual([]);
});

test('"Watch it run" under a chart of one machine size starts at that size, not at 1 node', async ({
  page,
}) => {
  await page.goto('./?preset=jmachine-lcs');
  await waitIdle(page);
  const anyway = page.getByRole('button', { name: 'Run it anyway' });
  if ((await anyway.count()) > 0) {
    await anyway.click();
    await waitIdle(page);
  }
  const card = page.locator('[data-chart-card="work-rates"]');
  await expect(card.locator('figcaption')).toContainText('64 nodes');
  const point = card.getByLabel('Point to watch');
  await expect(point.locator('option:checked')).toHaveText(/ 64$/);
});
