import { expect, test } from '@playwright/test';

import { collectConsole, waitIdle } from './support';

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

  await player.getByLabel('Speed').selectOption('100');
  await player.getByRole('button', { name: 'Play' }).click();
  await expect
    .poll(async () => Number((await time.textContent())?.replace('cycle ', '')))
    .toBeGreaterThan(2010);
  await player.getByRole('button', { name: 'Pause' }).click();
  const paused = await time.textContent();
  await page.waitForTimeout(300);
  await expect(time).toHaveText(paused!);

  // The link holds the view, its point and the moment: a reload opens it there.
  await page.waitForTimeout(800);
  await page.reload();
  await waitIdle(page);
  await expect(panel).toHaveAttribute('data-trace-state', 'ready', { timeout: 60_000 });
  await expect(time).toHaveText(paused!);
  await expect(panel.getByLabel('Point')).toHaveValue('3');

  // A window the engine cannot record is refused in words, naming the field.
  await panel.getByLabel('From').fill('-5');
  await expect(panel.getByRole('alert')).toContainText('From: a time from 0 is needed.');
  await expect(panel.getByRole('button', { name: 'Record' })).toBeDisabled();

  await panel.getByRole('button', { name: 'Close the Packet view' }).click();
  await expect(panel).toHaveCount(0);
  expect(consoleMessages).toEqual([]);
});
