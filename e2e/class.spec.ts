// A class in the room, on the production server (the built explorer and the class server from one
// process): a lecturer and three students in their own browser contexts (one a phone) run a
// 3-step lesson. Answers reach the lecturer, a reveal reaches everyone, a reload keeps a
// student's answer, and a student's attempt to reveal is refused.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

import transputers from '../presets/tours/transputers.json' with { type: 'json' };
import { serializeUrlState } from '../app/link/url_state';
import { lessonState } from '../app/lessons/lesson_link';
import type { Tour } from '../app/tours/schema';
import { collectConsole, waitIdle } from './support';

/** A teacher's lesson of three steps: a choice, then two numbers, on the transputers' ping. */
const LESSON: Tour = {
  id: 'class-e2e',
  title: 'Links and packets',
  audience: 'A class on message passing.',
  summary: 'The T805 against the T9000 on a one-byte round trip, then the T9000’s packets.',
  steps: (transputers as Tour).steps.slice(0, 3),
};

/** What axe finds serious or critical on the page as it is. */
async function axe(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}) at ${v.nodes[0]?.target.join(' ')}`);
}

async function lecturer(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  await page.goto(`./${serializeUrlState(lessonState(LESSON))}`);
  await waitIdle(page);
  return page;
}

async function student(browser: Browser, link: string, name: string, phone = false) {
  const context = await browser.newContext(
    phone ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } : {},
  );
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel('Your name in this class').fill(name);
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('region', { name: 'Class' })).toContainText(`as ${name}`);
  await waitIdle(page);
  return page;
}

test('a lecturer and three students run a 3-step lesson', async ({ browser }) => {
  test.setTimeout(180_000);
  const lead = await lecturer(browser);
  const leadErrors = collectConsole(lead);
  await lead.getByRole('button', { name: 'Run as a class' }).click();
  const card = lead.getByRole('dialog', { name: 'How to join' });
  await expect(card).toBeVisible();
  const code = (await card.locator('.class-join-code [aria-hidden]').innerText()).trim();
  expect(await axe(lead)).toEqual([]);
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
  const link = await card.getByRole('link').getAttribute('href');
  expect(link).toContain(`join=${code}`);
  // The lecturer's secret is in no link a student gets.
  const secret = await lead.evaluate(() => localStorage.getItem('archex.classes'));
  const key = (JSON.parse(secret!) as Record<string, { key: string }>)[code]!.key;
  expect(link).not.toContain(key);
  await card.getByRole('button', { name: 'Close' }).click();

  await expect(lead.getByRole('button', { name: 'Close the class view' })).toHaveCount(0);
  const ada = await student(browser, link!, 'Ada', true);
  const bob = await student(browser, link!, 'Bob');
  const cy = await student(browser, link!, '<b>Cy</b>');
  await expect(lead.locator('.class-count')).toHaveText('3 joined · 0 of 3 answered');

  // Step 1, a choice: two say the T805, one the T9000.
  for (const [page, choice] of [
    [ada, 'The T805'],
    [bob, 'The T805'],
    [cy, 'The T9000'],
  ] as const) {
    await page.getByRole('radio', { name: choice }).check();
    await page.getByRole('button', { name: 'Send my prediction' }).click();
    await expect(page.getByRole('button', { name: 'Sent', exact: true })).toBeDisabled();
    // Nothing of the answer before the lecturer reveals it.
    await expect(page.locator('.tour-reveal')).toHaveText('');
    await expect(page.locator('.class-revealed')).toHaveCount(0);
  }
  await expect(lead.locator('.class-count')).toHaveText('3 joined · 3 of 3 answered');
  await expect(lead.locator('.class-choices li').first()).toContainText('2 (67 %)');
  await expect(lead.locator('.class-choices')).not.toContainText('the run');
  // The markup of a pseudonym stays text.
  await lead.getByText('Answers by name (3)').click();
  await expect(lead.locator('.class-names')).toContainText('<b>Cy</b>: The T9000');
  expect(await axe(lead)).toEqual([]);
  expect(await axe(ada)).toEqual([]);

  // A reload keeps a student's answer; a student's own attempt to reveal is refused.
  await ada.reload();
  await waitIdle(ada);
  await expect(ada.getByRole('radio', { name: 'The T805' })).toBeChecked();
  await expect(ada.getByRole('button', { name: 'Sent', exact: true })).toBeDisabled();
  const refused = await ada.evaluate(async (c) => {
    const kept = JSON.parse(localStorage.getItem('archex.classes')!) as Record<
      string,
      { key: string }
    >;
    const response = await fetch(`/api/class/${c}/control`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${kept[c]!.key}` },
      body: JSON.stringify({ action: 'reveal', step: 0, truth: { right: 0 } }),
    });
    return response.status;
  }, code);
  expect(refused).toBe(403);

  // The lecturer reveals: the right answer is marked for the lecturer and reaches every student.
  await lead.getByRole('button', { name: 'Reveal for everyone' }).click();
  await expect(lead.locator('.class-choices li[data-right]')).toContainText('The T805');
  for (const page of [ada, bob, cy]) {
    await expect(page.locator('.tour-reveal')).not.toHaveText('');
    await expect(page.locator('.class-revealed')).toContainText("the run's answer");
  }
  await expect(ada.locator('.tour-reveal')).toHaveAttribute('data-verdict', 'right');
  await expect(cy.locator('.tour-reveal')).toHaveAttribute('data-verdict', 'wrong');

  // Next step for everyone: the students follow, and cannot move on their own.
  await lead.getByRole('button', { name: 'Next step for everyone' }).click();
  for (const page of [ada, bob, cy]) {
    await expect(page.locator('.tour-progress')).toContainText('Step 2 of 3');
    await expect(page.getByRole('button', { name: 'Next →' })).toBeDisabled();
  }
  await waitIdle(bob);
  await bob.getByLabel('Your prediction').fill('12');
  await bob.getByRole('button', { name: 'Send my prediction' }).click();
  await expect(lead.locator('.class-count')).toHaveText('3 joined · 1 of 3 answered');
  await expect(lead.locator('.class-chart figcaption')).toContainText('1 prediction');

  // Pause: the students wait, and cannot send.
  await lead.getByRole('button', { name: 'Pause' }).click();
  await expect(ada.getByRole('alertdialog', { name: 'Paused' })).toContainText(
    'Wait for your lecturer',
  );
  await lead.getByRole('button', { name: 'Resume' }).click();
  await expect(ada.getByRole('alertdialog', { name: 'Paused' })).toHaveCount(0);

  // The answers download as CSV, one row an answer.
  const download = lead.waitForEvent('download');
  await lead.getByRole('button', { name: 'Download answers' }).click();
  const csv = await (await download).createReadStream();
  const text = await new Promise<string>((resolve) => {
    let out = '';
    csv.on('data', (chunk: Buffer) => (out += chunk.toString()));
    csv.on('end', () => resolve(out));
  });
  expect(text.split('\r\n')[0]).toBe('step,question,pseudonym,answer,right,time');
  expect(text).toMatch(/^1,.*,Ada,The T805,right,/m);
  expect(text).toMatch(/^2,.*,Bob,12,not revealed,/m);

  // End, then delete: the students are told.
  lead.on('dialog', (d) => void d.accept());
  await lead.getByRole('button', { name: 'End class' }).click();
  await expect(ada.getByRole('region', { name: 'Class' })).toContainText('the class has ended');
  // Its view is the class's only control: the lecturer closes it once the class has ended.
  await expect(lead.getByRole('button', { name: 'Close the class view' })).toBeVisible();
  await lead.getByRole('button', { name: 'Delete this class now' }).click();
  await expect(cy.getByRole('alert').first()).toContainText('This class is no more');
  expect(leadErrors).toEqual([]);
});

test('a wrong code is refused in words, and the page goes on', async ({ page }) => {
  await page.goto('./?join=ZZZZZZ');
  expect(await axe(page)).toEqual([]);
  await page.getByLabel('Your name in this class').fill('Dee');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'No class with this code is running: check the code with your lecturer.',
  );
  await page.getByRole('button', { name: 'Explore on my own' }).click();
  await waitIdle(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
