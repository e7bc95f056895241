// The reader's language: a link's lang= opens the page in it, the menu changes it and keeps it for
// the next visit, a link the page writes carries it, and a browser asking for Japanese gets it.
import { expect, test } from '@playwright/test';

import { collectConsole, waitIdle } from './support';

test('lang=ja opens the page in Japanese, with <html lang> and the machines’ own names', async ({
  page,
}) => {
  const errors = collectConsole(page);
  await page.goto('./?lang=ja');
  await waitIdle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(
    page.getByRole('heading', { name: '論文の並列マシンを、その場で動かす' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'マルチPSI/V1' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'エクスプローラ' })).toBeVisible();
  // A glossary term in Japanese text is marked and says what it means.
  const term = page.locator('.machine-line .term-word').first();
  await term.focus();
  await expect(page.getByRole('tooltip')).toContainText('。');
  expect(errors).toEqual([]);
});

test('the menu changes the language now and for the next visit, and links carry it', async ({
  page,
}) => {
  await page.goto('./');
  await waitIdle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('combobox', { name: /^Language/ }).selectOption('ja');
  await expect(page.getByRole('button', { name: 'リンクをコピー' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page).toHaveURL(/[?&]lang=ja$/);
  // A card's link keeps it.
  await expect(page.locator('a.card-link').first()).toHaveAttribute('href', /&lang=ja$/);
  // The next visit, from a link without it, opens in the language chosen.
  await page.goto('./');
  await waitIdle(page);
  await expect(page.getByRole('heading', { name: 'マシンと実験を選ぶ' })).toBeVisible();
  await page.getByRole('combobox', { name: /^言語/ }).selectOption('en');
  await expect(
    page.getByRole('heading', { name: 'Pick a machine and an experiment' }),
  ).toBeVisible();
});

test.describe('a browser asking for Japanese', () => {
  test.use({ locale: 'ja-JP' });
  test('opens in Japanese without lang= and writes no lang= into its links', async ({ page }) => {
    await page.goto('./');
    await waitIdle(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { name: 'ガイドツアー' })).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
  });
});

test('a language archex does not speak is named with those it does', async ({ page }) => {
  await page.goto('./?lang=fr');
  await waitIdle(page);
  await expect(page.getByRole('status').filter({ hasText: 'Ignored from the link' })).toContainText(
    "lang 'fr' (en or ja)",
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a reader’s page fetches no Japanese font, nor does its offline worker', async ({ page }) => {
  const fetched: string[] = [];
  page.context().on('request', (request) => fetched.push(request.url()));
  for (const url of ['./', './?lang=ja']) {
    await page.goto(url);
    await waitIdle(page);
  }
  // The offline worker caches every file it lists at install: the Japanese faces are not among them.
  await page.evaluate(() => navigator.serviceWorker?.ready);
  const listed = await page.evaluate(() => fetch('./sw.js').then((r) => r.text()));
  expect(listed).toContain('Arimo_400Regular');
  expect(listed).not.toContain('NotoSansJP');
  expect(fetched.filter((u) => /NotoSansJP|\.(woff2?|otf)$/.test(u))).toEqual([]);
});
