// Where no class server runs (a static host), "Run as a class" says in words how to get one, and
// nothing else changes.
import { expect, test } from '@playwright/test';

import { collectConsole, tourStepLink, waitIdle } from './support';
import transputers from '../presets/tours/transputers.json' with { type: 'json' };

test('Run as a class on a static host says how to get a class server', async ({ page }) => {
  const errors = collectConsole(page);
  await page.goto(tourStepLink('transputers', 0, transputers.steps[0]!));
  await waitIdle(page);
  await page.getByRole('button', { name: 'Run as a class' }).click();
  await expect(page.getByRole('alert')).toContainText('npm start');
  await expect(page.getByRole('alert')).toContainText('docs/class.md');
  // The tour goes on as before.
  await expect(page.getByRole('button', { name: 'Reveal' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Class' })).toHaveCount(0);
  // The failed health check is the browser's own 404 line, nothing of the page's.
  expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
});
