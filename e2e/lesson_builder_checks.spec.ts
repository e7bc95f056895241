// The builder as a lecturer meets it (issue 68): its checks catch a readout that answers a later
// step's question; an unfinished lesson downloads as a draft and opens again; what the share area
// said goes once the lesson changes; a built-in tour opens as a tour and in the builder without a
// console error. Runs on the preview and on the development server (StrictMode).
import { readFileSync } from 'node:fs';

import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

import { collectConsole, waitIdle } from './support';

/** The builder's step `n` (from 1). */
const stepOf = (page: Page, n: number): Locator =>
  page.locator('.step-editor').filter({ has: page.locator(`#lesson-step-${n}`) });

/** A lesson file to open in the builder. */
const lessonFile = (name: string, lesson: object) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify(lesson)),
});

/** Issue 68's lesson: four steps on one J-Machine run; step 3 shows the readout of every grain. */
function jmachineLesson() {
  const on = {
    presetId: 'jmachine-latency-load',
    params: { message_words: [2, 4, 8, 16] },
    look: { chart: 'efficiency' },
  };
  const only = (charts: string[], readouts: number[]) => ({ charts, readouts, table: false });
  const half16 = { scalar: 'half_power_cycles_n16' };
  return {
    id: 'j-machine-grain',
    title: 'The J-Machine: grain',
    audience: 'Students',
    summary: 'How much work a node needs between messages.',
    steps: [
      {
        ...on,
        title: 'A loop',
        text: 'Each node asks and waits.',
        outputs: only(['efficiency'], []),
      },
      { ...on, title: 'Words', text: 'Then it computes.', outputs: only(['efficiency'], []) },
      {
        ...on,
        title: 'The grain a program needs',
        text: 'Efficiency is the share of time a node computes.',
        outputs: only(['efficiency'], [1]),
        question: {
          kind: 'number',
          prompt: 'With 8-word messages, how much work keeps a node busy half the time?',
          answer: { readout: 1 },
        },
      },
      {
        ...on,
        title: 'Longer messages',
        text: 'Now the longest messages.',
        look: { chart: 'latency-load' },
        outputs: only(['latency-load'], []),
        question: {
          kind: 'choice',
          prompt: 'Does a 16-word message need more than 300 cycles of work?',
          choices: [
            { label: 'Yes', when: { value: half16, above: 300 } },
            { label: 'No', when: { value: half16, atMost: 300 } },
          ],
          expect: 0,
        },
      },
    ],
  };
}

test("the checks name a step whose readout answers a later step's choice", async ({ page }) => {
  test.setTimeout(180_000);
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=jmachine-latency-load');
  await waitIdle(page);
  await page.getByRole('button', { name: 'New lesson' }).click();
  const builder = page.locator('.lesson-builder');
  await builder.getByLabel('Lesson file').setInputFiles(lessonFile('grain.json', jmachineLesson()));
  await expect(builder.locator('.lesson-said')).toHaveText('Opened grain.json.');
  await waitIdle(page);
  await expect(stepOf(page, 3).locator('.step-problems')).toContainText(
    /gives step 4's answer away: readout 1 detail: “[\d.]+ cycles” states a value the choice compares/,
  );
  await expect(builder.locator('.lesson-checks [role="status"]')).toHaveText(/^\d+ problems?\.$/);
  for (const n of [1, 2, 4]) await expect(stepOf(page, n).locator('.step-problems')).toHaveCount(0);
  expect(consoleMessages).toEqual([]);
});

test('an unfinished lesson downloads as a draft and opens again; what was said goes with a change', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(180_000);
  const consoleMessages = collectConsole(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('./?preset=network-deadlock');
  await waitIdle(page);
  await page.getByRole('button', { name: 'New lesson' }).click();
  const builder = page.locator('.lesson-builder');
  const said = builder.locator('.lesson-said');
  await builder.getByLabel('Summary').fill('A ring that deadlocks.');

  // Not finished: it downloads all the same, as a draft, saying what it lacks in the checks' words.
  await expect(builder.getByRole('button', { name: 'Copy lesson link' })).toBeDisabled();
  const downloading = page.waitForEvent('download');
  await builder.getByRole('button', { name: 'Download draft' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('lesson.draft.json');
  const file = testInfo.outputPath('lesson.draft.json');
  await download.saveAs(file);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
    draft: true,
    title: '',
    summary: 'A ring that deadlocks.',
    steps: [],
  });
  await expect(said).toContainText(
    'Downloaded lesson.draft.json, a draft (not finished: give it a title)',
  );
  await expect(said).not.toContainText(/Too small|expected string/);
  // A change to the lesson takes away what was said of it as it was.
  await builder.getByLabel('Lesson title').fill('My ring');
  await expect(said).toHaveText('');
  await builder.getByLabel('Who it is for').fill('A networks course.');

  await builder.getByRole('button', { name: 'Add this as a step' }).click();
  await waitIdle(page);
  await builder.getByRole('button', { name: 'Copy lesson link' }).click();
  await expect(said).toHaveText(
    'The lesson is not finished: step 1: write its words (see the checks).',
  );
  const words = stepOf(page, 1).getByLabel(/^Words/);
  await words.fill('Eight nodes in a ring.');
  await expect(said).toHaveText('');
  await builder.getByRole('button', { name: 'Copy lesson link' }).click();
  await expect(said).toContainText('Lesson link copied');
  await words.fill('Eight nodes in a ring, one virtual channel.');
  await expect(said).toHaveText('');
  await expect(builder.getByRole('button', { name: 'Download lesson' })).toBeEnabled();

  // The draft opens again beside this lesson, its empty title empty, and says what it lacks.
  await builder.getByLabel('Lesson file').setInputFiles(file);
  await expect(said).toHaveText(
    'Opened lesson.draft.json, a draft (not finished: give it a title).',
  );
  await expect(builder.getByLabel('Lesson title')).toHaveValue('');
  await expect(builder.getByLabel('Summary')).toHaveValue('A ring that deadlocks.');
  await expect(builder.locator('.my-lessons li')).toHaveCount(2);
  await expect(builder.getByRole('button', { name: 'Download draft' })).toBeVisible();
  expect(consoleMessages).toEqual([]);
});

test('the Paragon tour plays step by step and opens in the builder without a console error', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const consoleMessages = collectConsole(page);
  const paragon = JSON.parse(readFileSync('presets/tours/paragon.json', 'utf8')) as {
    title: string;
    steps: { presetId: string }[];
  };
  const state = {
    v: 5,
    preset: paragon.steps[0]!.presetId,
    layout: { kind: 'tour', tour: 'paragon', step: 0 },
  };
  await page.goto(`./?s=j${encodeURIComponent(JSON.stringify(state))}`);
  await waitIdle(page);
  const panel = page.locator('.tour-panel');
  for (let i = 1; i < paragon.steps.length; i++) {
    await panel.getByRole('button', { name: 'Next →' }).click();
    await waitIdle(page);
    await expect(panel).toContainText(`Step ${i + 1} of ${paragon.steps.length}`);
  }
  await panel.getByRole('button', { name: 'Copy and edit' }).click();
  const builder = page.locator('.lesson-builder');
  await expect(builder.getByLabel('Lesson title')).toHaveValue(paragon.title);
  await waitIdle(page);
  await expect(builder.locator('.step-editor')).toHaveCount(paragon.steps.length);
  expect(consoleMessages).toEqual([]);
});
