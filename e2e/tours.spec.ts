import { readFileSync } from 'node:fs';

import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import LZString from 'lz-string';

import type { TourStepFields } from './support';
import { collectConsole, tourStepLink as stepLink, waitIdle } from './support';

interface StepFile extends TourStepFields {
  look: { chart?: string };
}
/** A tour's steps as its file has them. */
function tourFile(id: string): { steps: StepFile[] } {
  return JSON.parse(
    readFileSync(new URL(`../presets/tours/${id}.json`, import.meta.url), 'utf8'),
  ) as { steps: StepFile[] };
}
const networks = tourFile('networks');
const acrossMachines = tourFile('across-machines');

test('a tour from the landing page: predict, reveal from the run, step by key, back and forward, a step link', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./');
  await waitIdle(page);
  // The card's corner: its middle may be one of the papers' words, which opens a definition.
  await page.locator('[data-tour="networks"]').click({ position: { x: 8, y: 8 } });
  await waitIdle(page);
  const panel = page.locator('.tour-panel');
  await expect(panel).toContainText('Step 1 of 9');
  await expect(panel.locator('h3')).toHaveText('Latency with the network empty');
  // The step shows only the fields it needs, and outlines the chart it is about.
  await expect(page.locator('[data-param-number="packet_flits"]')).toBeVisible();
  await expect(page.locator('[data-param-number="vcs"]')).toHaveCount(0);
  await expect(
    page.locator('[data-chart-card="latency-load"][data-tour-target="ready"]'),
  ).toBeVisible();
  await panel.getByRole('button', { name: 'Show me' }).click();
  await expect(page.locator('[data-chart-card="latency-load"]')).toBeInViewport({ ratio: 0.9 });

  // Predict, then the run reveals the answer (read from the run, not written in the tour);
  // what would state it is held back until then (tour_answers.spec.ts walks every question).
  await expect(page.getByText('hidden until you reveal').first()).toBeAttached();
  await panel.getByLabel('Your prediction').fill('15');
  await panel.getByRole('button', { name: 'Reveal' }).click();
  await expect(panel.locator('.tour-reveal')).toContainText(/The run gives [\d.]+\s+cycles/);
  await expect(panel.locator('.tour-reveal')).toHaveAttribute('data-verdict', /close|high|low/);
  await expect(page.getByText('hidden until you reveal')).toHaveCount(0);

  // The arrow key steps (not while typing), and each step is a place in the history.
  await page.locator('h2#results-title').click();
  await page.keyboard.press('ArrowRight');
  await waitIdle(page);
  await expect(panel).toContainText('Step 2 of 9');
  const step2 = page.url();
  await page.goBack();
  await waitIdle(page);
  await expect(panel).toContainText('Step 1 of 9');
  await page.goForward();
  await waitIdle(page);
  await expect(panel).toContainText('Step 2 of 9');
  await page.goto(step2);
  await waitIdle(page);
  await expect(page.locator('.tour-panel')).toContainText('Step 2 of 9');
  expect(consoleMessages).toEqual([]);
});

test("a tour's last step opens the packet view, and a tour goes on in presentation mode", async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  const last = networks.steps.length - 1;
  await page.goto(stepLink('networks', last, networks.steps[last]!));
  await waitIdle(page);
  await expect(page.locator('.tour-panel')).toContainText(`Step ${last + 1} of 9`);
  await expect(page.locator('section.trace-view[data-view="packets"]')).toHaveAttribute(
    'data-trace-state',
    'ready',
    { timeout: 60_000 },
  );

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(stepLink('networks', 0, networks.steps[0]!));
  await waitIdle(page);
  await page
    .locator('[data-chart-card="latency-load"]')
    .getByRole('button', { name: 'Present' })
    .click();
  await waitIdle(page);
  const aside = page.locator('main.presentation .presentation-aside');
  await expect(aside.locator('.tour-panel')).toContainText('Step 1 of 9');
  await page.keyboard.press('ArrowRight');
  await waitIdle(page);
  await expect(aside.locator('.tour-panel')).toContainText('Step 2 of 9');
  // The next step presents the chart it is about.
  await expect(page.locator('main.presentation')).toHaveAttribute(
    'data-present',
    networks.steps[1]!.look.chart!,
  );
  expect(consoleMessages).toEqual([]);
});

/**
 * Waits until every run on the page is drawn; a run its first second judged long (on a busy
 * machine) is run anyway.
 */
async function settled(page: Page) {
  const anyway = page.locator('.run-notice').getByRole('button', { name: 'Run it anyway' });
  await waitIdle(page);
  while ((await anyway.count()) > 0) {
    await anyway.first().click();
    await waitIdle(page);
  }
}

test('a tour steps into side by side: both runs, the outlined chart on both sides, the answer read from the right', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  // Step 4 of the networks tour, then on to step 5 as a student does.
  await page.goto(stepLink('networks', 3, networks.steps[3]!));
  await settled(page);
  const panel = page.locator('.tour-panel');
  await panel.getByRole('button', { name: 'Next →' }).click();
  await settled(page);
  await expect(panel).toContainText('Step 5 of 9');
  const sides = page.locator('.side-by-side');
  await expect(sides).toBeVisible();
  // The step sets both sides, so it offers no way to keep one of them.
  await expect(sides.getByRole('button', { name: /^Keep the/ })).toHaveCount(0);
  // What differs is the step's setting, one virtual channel against two.
  const vcs = sides.locator('tr[data-difference="vcs"]');
  await expect(vcs.locator('td')).toHaveText(['1 per channel', '2 per channel']);
  // The chart the step is about is outlined on both sides, once both runs are in.
  await expect(
    page.locator('[data-chart-card="latency-load"][data-tour-target="ready"]'),
  ).toHaveCount(2);
  // The step's link holds the side by side inside the tour's step.
  const link = new URL(page.url()).searchParams.get('s')!;
  const state = JSON.parse(
    link.startsWith('z')
      ? LZString.decompressFromEncodedURIComponent(link.slice(1))
      : decodeURIComponent(link.slice(1)),
  ) as { layout: { kind: string; step: number; open?: { kind: string } } };
  expect(state.layout).toMatchObject({ kind: 'tour', step: 4, open: { kind: 'side' } });
  // The answer is the right side's: with two VCs the mesh saturates later than step 2's.
  await panel.getByLabel('Your prediction').fill('0.4');
  await panel.getByRole('button', { name: 'Reveal' }).click();
  await expect(panel.locator('.tour-reveal')).toContainText(
    /The run gives 0\.\d+\s+flits\/node\/cycle/,
  );
  // The next step is on one pane again.
  await panel.getByRole('button', { name: 'Next →' }).click();
  await waitIdle(page);
  await expect(panel).toContainText('Step 6 of 9');
  await expect(page.locator('.side-by-side')).toHaveCount(0);
  expect(consoleMessages).toEqual([]);
});

test('a tour steps into the all-machines page, back out, and leaves it open when closed', async ({
  page,
}) => {
  // Six machines' runs, twice: slower than one experiment.
  test.slow();
  const consoleMessages = collectConsole(page);
  const last = acrossMachines.steps.length - 1;
  await page.goto(stepLink('across-machines', last - 1, acrossMachines.steps[last - 1]!));
  await settled(page);
  const panel = page.locator('.tour-panel');
  await panel.getByRole('button', { name: 'Next →' }).click();
  const machines = page.locator('main.machines-page');
  await expect(machines).toHaveAttribute('data-busy', 'false', { timeout: 120_000 });
  await waitIdle(page);
  await expect(machines.locator('.tour-panel')).toContainText(`Step ${last + 1} of ${last + 1}`);
  // Every machine's curve is drawn, the chart outlined once every run is in.
  await expect(machines.locator('.machines-chart[data-tour-target="ready"]')).toBeVisible();
  const chart = machines.locator('svg[data-chart="machines-one-way"]');
  await expect(chart).toContainText('J-Machine MDP');
  await expect(chart).toContainText('Multi-PSI throw_goal');
  await expect(machines.locator('table.machines-table tbody tr[data-row]:not(.paper)')).toHaveCount(
    10,
  );
  // Back to the step before: the explorer, the tour's chart outlined.
  await panel.getByRole('button', { name: '← Previous' }).click();
  await expect(page.locator('main.machines-page')).toHaveCount(0);
  await settled(page);
  await expect(
    page.locator('[data-chart-card="efficiency"][data-tour-target="ready"]'),
  ).toBeVisible();
  // Back in the history is the all-machines step again.
  await page.goBack();
  await expect(page.locator('main.machines-page')).toHaveAttribute('data-busy', 'false', {
    timeout: 120_000,
  });
  // Closing the tour leaves the page as the step left it.
  await page.locator('.tour-panel').getByRole('button', { name: 'Close the tour' }).click();
  await expect(page.locator('.tour-panel')).toHaveCount(0);
  await expect(page.locator('main.machines-page')).toBeVisible();
  expect(consoleMessages).toEqual([]);
});

test('a prediction and its verdict stay through Next and Previous, presenting and a reload', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto(stepLink('networks', 0, networks.steps[0]!));
  await waitIdle(page);
  const panel = page.locator('.tour-panel');
  // A comma-decimal keypad's "14,5" is 14.5.
  await panel.getByLabel('Your prediction').fill('14,5');
  await panel.getByRole('button', { name: 'Next →' }).click();
  await waitIdle(page);
  await expect(panel).toContainText('Step 2 of 9');
  await panel.getByRole('button', { name: '← Previous' }).click();
  await waitIdle(page);
  await expect(panel.getByLabel('Your prediction')).toHaveValue('14,5');
  await panel.getByRole('button', { name: 'Reveal' }).click();
  const verdict = panel.locator('.tour-reveal');
  await expect(verdict).toContainText(/The run gives [\d.]+\s+cycles\. Your prediction, 14\.5, is/);
  const said = (await verdict.textContent()) ?? '';
  // Presenting and back, the step keeps its prediction and verdict.
  await page
    .locator('[data-chart-card="latency-load"]')
    .getByRole('button', { name: 'Present' })
    .click();
  await expect(page.locator('main.presentation .tour-reveal')).toHaveText(said);
  await page.keyboard.press('Escape');
  await expect(page.locator('.tour-panel .tour-reveal')).toHaveText(said);
  // The link holds it: a reload (or the link sent to someone) shows the revealed step.
  await page.reload();
  await waitIdle(page);
  await expect(page.locator('.tour-panel .tour-reveal')).toHaveText(said);
  await expect(page.locator('.tour-panel').getByLabel('Your prediction')).toHaveValue('14,5');
  await expect(page.locator('[data-chart-card="latency-load"] svg').first()).toBeVisible();
  expect(consoleMessages).toEqual([]);
});
