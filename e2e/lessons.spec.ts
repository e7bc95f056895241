// A teacher's lesson opened from its link, as a student in a fresh browser opens it: the whole
// lesson plays as a built-in tour does, its words never become markup, and a damaged lesson keeps
// the steps that are fine and says what it refused.
import { readFileSync } from 'node:fs';

import { expect, test } from '@playwright/test';

import { lessonLink } from '../app/lessons/lesson_link';
import type { Tour } from '../app/tours/schema';
import { parseTour } from '../app/tours/schema';
import { collectConsole, waitIdle } from './support';

const networks = parseTour(
  JSON.parse(readFileSync(new URL('../presets/tours/networks.json', import.meta.url), 'utf8')),
  'networks.json',
);
/** Three steps of the networks tour, retitled, with words a teacher might write and a trap. */
function lesson(): Tour {
  const made: Tour = {
    ...structuredClone(networks),
    id: 'my-mesh',
    title: 'My mesh <script>alert(1)</script>',
    steps: structuredClone(networks.steps.slice(0, 3)),
  };
  made.steps[0]!.text =
    'A **mesh** with the network *empty*:\n\n- one packet at a time\n' +
    '- [BookSim](https://github.com/booksim/booksim2)\n\nA [trap](javascript:alert(1)) <img src=x onerror=alert(1)>.';
  return made;
}
/** The lesson's link on this page, as the builder makes it. */
function linkOf(tour: Tour): string {
  const made = lessonLink(tour, './');
  if (!('url' in made)) throw new Error(`lesson link too long: ${made.tooLong.chars}`);
  return made.url;
}

test('a lesson link plays the whole lesson as a tour, its words never markup', async ({ page }) => {
  const consoleMessages = collectConsole(page);
  await page.goto(linkOf(lesson()));
  await waitIdle(page);
  const panel = page.locator('.tour-panel');
  await expect(panel).toContainText('Step 1 of 3');
  await expect(panel.locator('h2')).toHaveText('My mesh <script>alert(1)</script>');
  await expect(panel.locator('.tour-text strong')).toHaveText('mesh');
  await expect(panel.locator('.tour-text li')).toHaveCount(2);
  const link = panel.locator('.tour-text a');
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute('href', 'https://github.com/booksim/booksim2');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(panel.locator('.tour-text')).toContainText('[trap](javascript:alert(1))');
  await expect(panel.locator('img, script')).toHaveCount(0);

  // Predict, then the run reveals the answer, as in a built-in tour.
  await panel.getByLabel('Your prediction').fill('15');
  await panel.getByRole('button', { name: 'Reveal' }).click();
  await expect(panel.locator('.tour-reveal')).toContainText(/The run gives [\d.]+\s+cycles/);

  // The next step's link still carries the lesson: a reload shows it where it was.
  await panel.getByRole('button', { name: 'Next →' }).click();
  await waitIdle(page);
  await expect(panel).toContainText('Step 2 of 3');
  await page.reload();
  await waitIdle(page);
  await expect(panel).toContainText('Step 2 of 3');
  await expect(panel.locator('h3')).toHaveText(networks.steps[1]!.title);
  await page.getByRole('button', { name: '← Previous' }).click();
  await waitIdle(page);
  await expect(panel.locator('.tour-reveal')).toContainText(/The run gives/);
  expect(consoleMessages).toEqual([]);
});

test('a damaged lesson link keeps the steps that are fine and says what it refused', async ({
  page,
}) => {
  const damaged = lesson();
  damaged.steps[1]!.presetId = 'no-such-preset';
  await page.goto(linkOf(damaged));
  await waitIdle(page);
  await expect(page.locator('.tour-panel')).toContainText('Step 1 of 2');
  await expect(page.locator('.banner.warning')).toContainText(
    "the lesson: step 2 (Where the mesh saturates): presetId: no preset 'no-such-preset'",
  );
});
