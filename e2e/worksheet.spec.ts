// A printable worksheet of a tour and of a builder's lesson: the student's pages (each step's
// words, its question, a blank with its unit or a box per choice) and the answer key on pages of
// its own, its answers read from the steps' runs as the tour's reveal reads them.
import { expect, test } from '@playwright/test';

import { collectConsole, waitIdle } from './support';

test("a tour's worksheet: the key's answers are the reveal's, and never on the student's pages", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const consoleMessages = collectConsole(page);
  const state = {
    v: 5,
    preset: 'network-deadlock',
    layout: { kind: 'tour', tour: 'deadlock', step: 0 },
  };
  await page.goto(`./?s=j${encodeURIComponent(JSON.stringify(state))}`);
  await waitIdle(page);
  const panel = page.locator('.tour-panel');
  // The reveal, as a student sees it: what the key must say.
  await panel.getByLabel('Your prediction').fill('0.3');
  await panel.getByRole('button', { name: 'Reveal' }).click();
  const revealed = (await panel.locator('.tour-reveal').innerText()).match(
    /The run gives (.+?)\. Your/,
  )![1]!;
  const link = panel.getByRole('link', { name: 'Worksheet' });
  await expect(link).toHaveAttribute('href', /^worksheet\.html\?s=/);
  await expect(link).toHaveAttribute('target', '_blank');
  await page.goto(`./${await link.getAttribute('href')}`);
  await waitIdle(page);
  await expect(page.getByRole('status')).toHaveText('Ready to print.');
  const sheet = page.locator('article.worksheet');
  const key = page.locator('section.worksheet-key');
  await expect(sheet.getByRole('heading', { level: 1 })).toHaveText(
    'Deadlock: a ring without a dateline',
  );
  await expect(sheet.locator('.worksheet-step')).toHaveCount(4);
  await expect(sheet.locator('.worksheet-step').first()).toContainText(
    /My prediction:\s+flits\/node\/cycle/,
  );
  await expect(sheet.locator('.worksheet-choices li')).toHaveCount(2);
  await expect(key.locator('.worksheet-key-answer').first()).toContainText(revealed);
  await expect(key.locator('.worksheet-key-answer').last()).toContainText(
    /^No, packets are still delivered \([\d.]+\sflits\/node\/cycle against [\d.]+\sflits\/node\/cycle\)/,
  );
  // The key only in its section, which prints on pages of its own.
  const answers = await key.locator('.worksheet-key-answer strong').allInnerTexts();
  const student = await sheet.innerText();
  for (const answer of answers) expect(student).not.toContain(answer);
  // Printed, the key starts a page of its own: without it the worksheet has fewer pages.
  const pages = async () =>
    Number(/\/Count (\d+)/.exec((await page.pdf({ format: 'A4' })).toString('latin1'))![1]);
  const withKey = await pages();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.worksheet-tools')).toBeHidden();
  expect(await key.evaluate((el) => getComputedStyle(el).breakBefore)).toBe('page');
  await page.emulateMedia({ media: null });
  await page.getByLabel(/With the answer key/).uncheck();
  await expect(key).toHaveCount(0);
  expect(withKey).toBeGreaterThan(await pages());
  await page.screenshot({ path: testInfo.outputPath('worksheet.png'), fullPage: true });
  expect(consoleMessages).toEqual([]);
});

test("the builder's Print worksheet opens the lesson's worksheet, its key read from its runs", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=network-deadlock');
  await waitIdle(page);
  await page.getByRole('button', { name: 'New lesson' }).click();
  const builder = page.locator('.lesson-builder');
  await builder.getByLabel('Lesson file').setInputFiles('presets/tours/deadlock.json');
  await waitIdle(page);
  const opening = page.waitForEvent('popup');
  await builder.getByRole('button', { name: 'Print worksheet' }).click();
  const sheet = await opening;
  const sheetConsole = collectConsole(sheet);
  await waitIdle(sheet);
  expect(new URL(sheet.url()).pathname).toMatch(/\/worksheet\.html$/);
  await expect(sheet.locator('.worksheet-key-answer')).toHaveCount(2);
  await expect(sheet.locator('.worksheet-key-answer').first()).toContainText(
    /^[\d.]+\sflits\/node\/cycle \(within 20 % counts as close\)$/,
  );
  expect(consoleMessages).toEqual([]);
  expect(sheetConsole).toEqual([]);
});
