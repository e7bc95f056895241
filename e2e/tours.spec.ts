import { readFileSync } from 'node:fs';

import { expect, test } from '@playwright/test';

import type { TourStepFields } from './support';
import { collectConsole, tourStepLink as stepLink, waitIdle } from './support';

interface StepFile extends TourStepFields {
  look: { chart?: string };
}
const networks = JSON.parse(
  readFileSync(new URL('../presets/tours/networks.json', import.meta.url), 'utf8'),
) as { steps: StepFile[] };

test('a tour from the landing page: predict, reveal from the run, step by key, back and forward, a step link', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./');
  await waitIdle(page);
  await page.locator('[data-tour="networks"]').click();
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
  await expect(page.getByText('hidden until you reveal').first()).toBeVisible();
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
