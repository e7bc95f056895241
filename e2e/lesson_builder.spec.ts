// A teacher writes a lesson in the builder and shares it; a student in a fresh browser opens the
// link, predicts, reveals and is judged against the run; the downloaded file passes the tours'
// own tests; hostile and damaged lessons are refused in words.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import LZString from 'lz-string';

import { collectConsole, waitIdle } from './support';

/** The builder's step `n` (from 1). */
const stepOf = (page: Page, n: number): Locator =>
  page.locator('.step-editor').filter({ has: page.locator(`#lesson-step-${n}`) });

test('a teacher builds a three-step lesson; a student opens its link and is judged by the run', async ({
  page,
  browser,
  context,
}, testInfo) => {
  test.setTimeout(300_000);
  const consoleMessages = collectConsole(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('./');
  await waitIdle(page);
  await page.getByRole('button', { name: 'New lesson' }).click();
  const builder = page.locator('.lesson-builder');
  await expect(builder.getByRole('heading', { name: 'Lesson builder' })).toBeVisible();
  await builder.getByLabel('Lesson title').fill('Deadlock in three steps');
  await builder.getByLabel('Who it is for').fill('A networks course, after virtual channels.');
  await builder.getByLabel('Summary').fill('A ring that deadlocks, and why.');
  await expect(builder.getByRole('button', { name: 'Add this as a step' })).toBeDisabled();

  // The builder stays open, its lesson kept, across the page's own navigation.
  await page.goto('./?preset=network-deadlock');
  await waitIdle(page);
  await expect(builder.getByLabel('Lesson title')).toHaveValue('Deadlock in three steps');

  // Step 1: a number read from a named output.
  await builder.getByRole('button', { name: 'Add this as a step' }).click();
  const one = stepOf(page, 1);
  await one.getByLabel('Title').fill('Where the ring stops');
  await one.getByLabel(/^Words/).fill('Eight nodes in a ring, one *virtual channel*, no dateline.');
  // What the step shows of the experiment: every field until the teacher leaves some out.
  const fields = one.locator('details', { hasText: 'Fields this step shows' });
  await fields.locator('summary').click();
  await expect(fields.locator('summary')).toHaveText(/Fields this step shows: all of \d+/);
  const total = await fields.getByRole('checkbox').count();
  await fields.getByRole('checkbox').first().uncheck();
  await expect(fields.locator('summary')).toHaveText(
    `Fields this step shows: ${total - 1} of ${total}`,
  );
  await one.getByRole('button', { name: 'Add a question: a number' }).click();
  await one.getByLabel('Question').fill('At what offered load does the first point deadlock?');
  await one
    .getByLabel('Output', { exact: true })
    .selectOption('scalar:latency_vs_offered_deadlock');
  await one.getByLabel("the experiment's description").check();
  await expect(one.locator('.from-run')).toContainText(/From the run: [\d.]+/);

  // Step 2: words only, on the dependency graph.
  await builder.getByRole('button', { name: 'Add this as a step' }).click();
  const two = stepOf(page, 2);
  await two.getByLabel('Title').fill('Why it can');
  await two.getByLabel(/^Words/).fill('Each arrow says which channel a packet may wait for next.');
  await two.getByLabel('Point at').selectOption('chart:channel-dependencies');

  // Step 3: a choice whose right answer is a condition on the run.
  await builder.getByRole('button', { name: 'Add this as a step' }).click();
  const three = stepOf(page, 3);
  await three.getByLabel('Title').fill('At the chosen load');
  await three.getByLabel(/^Words/).fill('The readouts are at the load chosen.');
  await three.getByRole('button', { name: 'Add a question: a choice' }).click();
  await three.getByLabel('Question').fill('Does the ring deadlock at the chosen load?');
  const conditions = three.locator('.condition');
  for (const i of [0, 1])
    await conditions.nth(i).getByLabel('Output', { exact: true }).selectOption('scalar:deadlocked');
  await expect(three.locator('.from-run').last()).toContainText('the right choice is “Yes”');
  // A wrong choice's own words, for a student who picks it.
  await three
    .locator('.choices li')
    .nth(1)
    .getByLabel('If chosen and wrong, say why (after Reveal)')
    .fill('Look at the dependency graph: its cycle closes at this load.');

  await waitIdle(page);
  await expect(builder.locator('.lesson-checks [role="status"]')).toHaveText('No problems.');

  // Preview walks it as a student, the builder out of sight, and comes back.
  await builder.getByRole('button', { name: 'Preview as a student' }).click();
  await waitIdle(page);
  await expect(page.locator('.tour-panel')).toContainText('Step 1 of 3');
  await expect(page.locator('.lesson-builder')).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to the builder' }).click();
  await expect(builder).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('builder-1280.png'), fullPage: true });

  await builder.getByRole('button', { name: 'Copy lesson link' }).click();
  await expect(builder.locator('.lesson-said')).toContainText('Lesson link copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const downloading = page.waitForEvent('download');
  await builder.getByRole('button', { name: 'Download lesson' }).click();
  const file = testInfo.outputPath('deadlock-in-three-steps.json');
  await (await downloading).saveAs(file);
  expect((await downloading).suggestedFilename()).toBe('deadlock-in-three-steps.json');
  // Nothing is lost: a new lesson keeps this one in the list, across a reload; only Delete
  // removes one, and Undo has it back.
  const lessons = builder.locator('.my-lessons li');
  await builder.getByRole('button', { name: 'Start a new lesson' }).click();
  await expect(builder.locator('.step-editor')).toHaveCount(0);
  await expect(lessons).toHaveCount(2);
  await page.reload();
  await waitIdle(page);
  await expect(lessons).toHaveCount(2);
  await expect(builder.locator('.my-lessons li[aria-current="true"]')).toContainText(
    'Untitled lesson',
  );
  await builder.getByRole('button', { name: 'Open “Deadlock in three steps”' }).click();
  await expect(builder.getByLabel('Lesson title')).toHaveValue('Deadlock in three steps');
  await expect(builder.locator('.step-editor')).toHaveCount(3);
  await builder.getByRole('button', { name: 'Delete “Deadlock in three steps”' }).click();
  await expect(lessons).toHaveCount(1);
  await builder.getByRole('button', { name: 'Undo' }).click();
  await expect(lessons).toHaveCount(1);
  await expect(builder.locator('.step-editor')).toHaveCount(3);
  // A file opens as a lesson of its own, beside the one being written.
  await builder.getByLabel('Lesson file').setInputFiles(file);
  await expect(builder.locator('.lesson-said')).toContainText(
    'Opened deadlock-in-three-steps.json.',
  );
  await expect(builder.getByLabel('Lesson title')).toHaveValue('Deadlock in three steps');
  await expect(builder.locator('.step-editor')).toHaveCount(3);
  await expect(lessons).toHaveCount(2);
  // Closed, the builder is opened by what it holds.
  await builder.getByRole('button', { name: 'Close the builder' }).click();
  await expect(page.getByRole('button', { name: 'My lessons' })).toBeVisible();
  expect(consoleMessages).toEqual([]);

  // A student in a fresh browser: nothing kept, nothing installed.
  const student = await (await browser.newContext()).newPage();
  const studentConsole = collectConsole(student);
  await student.goto(link);
  await waitIdle(student);
  const panel = student.locator('.tour-panel');
  await expect(panel).toContainText('Step 1 of 3');
  await expect(student.locator('.lesson-builder')).toHaveCount(0);
  await expect(panel.locator('.tour-text em')).toContainText('virtual channel');
  await panel.getByLabel('Your prediction').fill('0.3');
  await panel.getByRole('button', { name: 'Reveal' }).click();
  await expect(panel.locator('.tour-reveal')).toContainText(/The run gives [\d.]+/);
  await expect(panel.locator('.tour-reveal')).toHaveAttribute('data-verdict', /close|high|low/);
  await panel.getByRole('button', { name: 'Next' }).click();
  await waitIdle(student);
  await expect(panel).toContainText('Step 2 of 3');
  await panel.getByRole('button', { name: 'Next' }).click();
  await waitIdle(student);
  await expect(panel).toContainText('Step 3 of 3');
  await panel.getByRole('radio', { name: 'No' }).check();
  await panel.getByRole('button', { name: 'Reveal' }).click();
  await expect(panel.locator('.tour-reveal')).toHaveAttribute('data-verdict', 'wrong');
  await expect(panel.locator('.tour-feedback')).toHaveText(
    'Look at the dependency graph: its cycle closes at this load.',
  );
  expect(studentConsole).toEqual([]);

  // The file is a tour as presets/tours/ holds them: the tours' own tests walk it.
  expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ id: 'deadlock-in-three-steps' });
  execFileSync(
    'npx',
    ['vitest', 'run', '--project', 'unit', 'app/tours/tours.test.ts', '-t', 'lesson file'],
    {
      env: { ...process.env, ARCHEX_LESSON_FILE: file },
      stdio: 'pipe',
    },
  );
});

/** A link holding `lesson` at its first step, as the page writes one (version 6). */
function rawLessonLink(lesson: Record<string, unknown>, presetId: string): string {
  const state = {
    v: 6,
    preset: presetId,
    layout: { kind: 'tour', tour: lesson.id, step: 0, lesson },
  };
  return `./?s=z${LZString.compressToEncodedURIComponent(JSON.stringify(state))}`;
}

test('a lesson none of whose steps can be read is refused whole, in words', async ({ page }) => {
  await page.goto(rawLessonLink({ id: 'broken', title: 't', steps: 'nope' }, 'network-deadlock'));
  await waitIdle(page);
  await expect(page.locator('.banner.warning')).toContainText('the lesson');
  await expect(page.locator('.tour-panel')).toHaveCount(0);
  await expect(page.locator('[data-chart-card="latency-load"]')).toBeVisible();
});

test("a built-in tour's file opens into the builder whole: outputs that share a name told apart", async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=paragon-bsp');
  await waitIdle(page);
  await page.getByRole('button', { name: 'New lesson' }).click();
  const builder = page.locator('.lesson-builder');
  await builder.getByLabel('Lesson file').setInputFiles('presets/tours/paragon.json');
  await expect(builder.locator('.lesson-said')).toContainText('Opened paragon.json.');
  await waitIdle(page);
  // The Paragon's comm_share_bsp_p8 is a scalar and a curve: each its own choice, in every menu.
  const menus = await builder
    .getByLabel('Output', { exact: true })
    .evaluateAll((selects) =>
      selects.map((s) => [...(s as HTMLSelectElement).options].map((o) => o.value)),
    );
  for (const values of menus) expect(new Set(values).size).toBe(values.length);
  expect(menus.flat()).toContain('scalar:comm_share_bsp_p8');
  expect(menus.flat()).toContain('series:comm_share_bsp_p8');
  expect(consoleMessages).toEqual([]);
});

test('a built-in tour is copied into the builder to edit, and a lesson link is edited there', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto(
    rawLessonLink(
      {
        id: 'one-step',
        title: 'One step',
        audience: 'Students',
        summary: 'A lesson of one step.',
        steps: [
          {
            title: 'Look',
            presetId: 'network-deadlock',
            look: { chart: 'latency-load' },
            text: 'Look at it.',
          },
        ],
      },
      'network-deadlock',
    ),
  );
  await waitIdle(page);
  const panel = page.locator('.tour-panel');
  const builder = page.locator('.lesson-builder');
  await panel.getByRole('button', { name: 'Edit this lesson' }).click();
  await expect(builder.getByLabel('Lesson title')).toHaveValue('One step');
  await expect(builder.locator('.step-editor')).toHaveCount(1);
  // A built-in tour: a copy of its steps, beside the lesson already there.
  const deadlock = JSON.parse(readFileSync('presets/tours/deadlock.json', 'utf8')) as {
    title: string;
    steps: { presetId: string }[];
  };
  const state = {
    v: 5,
    preset: deadlock.steps[0]!.presetId,
    layout: { kind: 'tour', tour: 'deadlock', step: 0 },
  };
  await page.goto(`./?s=j${encodeURIComponent(JSON.stringify(state))}`);
  await waitIdle(page);
  await panel.getByRole('button', { name: 'Copy and edit' }).click();
  await expect(builder.getByLabel('Lesson title')).toHaveValue(deadlock.title);
  await expect(builder.locator('.step-editor')).toHaveCount(deadlock.steps.length);
  await expect(builder.locator('.my-lessons li')).toHaveCount(2);
  expect(consoleMessages).toEqual([]);
});
