import { expect, test } from '@playwright/test';

import { collectConsole, waitIdle } from './support';

test('the deadlock lesson: the curve marks the load that deadlocked, the dependency graph its cycles, the packet view stops on the knot', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=network-deadlock');
  await waitIdle(page);

  // The latency curve ends where the ring deadlocked, marked as such, not as saturation.
  const latency = page.locator('[data-chart-card="latency-load"]');
  await expect(latency.locator('svg[data-chart]')).toContainText('deadlocked from here');

  // The channel-dependency graph: both ways round the ring a cycle, drawn thick in vermillion.
  const cdg = page.locator('svg[data-chart="channel-dependencies"]');
  await expect(cdg.locator('path.cdg-cycle')).toHaveCount(16);
  await expect(page.locator('[data-chart-card="channel-dependencies"]')).toContainText(
    'cycles in 2 strongly connected components, one cycle of each drawn thick in vermillion ' +
      '(16 dependences)',
  );

  // At the chosen load, which deadlocked, the knot's channels are held for ever: they read full
  // (the About's "a channel a blocked packet fills reads full"), and nothing crosses any channel.
  await expect(page.locator('[data-chart-card="channel-occupancy"] svg desc')).toContainText(
    'max 100\u00a0%',
  );
  await expect(page.locator('[data-chart-card="channel-utilization"] svg desc')).toContainText(
    'max 0\u00a0%',
  );

  // Watch the highest load, which deadlocked: playing stops on the deadlock and says so.
  const points = latency.getByLabel('Point to watch');
  const count = await points.locator('option').count();
  await points.selectOption({ index: count - 1 });
  await latency.getByRole('button', { name: 'Open the packet view' }).click();
  const panel = page.locator('section.trace-view[data-view="packets"]');
  await expect(panel).toHaveAttribute('data-trace-state', 'ready', { timeout: 60_000 });
  const player = panel.getByRole('group', { name: 'Player' });
  await player.getByLabel('Speed').selectOption('1000');
  await player.getByRole('button', { name: 'Play' }).click();
  const note = panel.locator('.packet-deadlock');
  await expect(note).toContainText(
    /Deadlock at cycle \d+: these 8 channels each wait for the next/,
    {
      timeout: 30_000,
    },
  );
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();
  const cycle = (await note.textContent())!.match(/Deadlock at cycle (\d+)/)![1];
  await expect(panel.locator('output.trace-time')).toHaveText(`cycle ${cycle}`);
  // A step further stays there: nothing happens after it.
  await player.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(panel.locator('output.trace-time')).toHaveText(`cycle ${cycle}`);

  // The dateline on (two classes) breaks every cycle, and no load deadlocks.
  await page.goto('./?preset=network-deadlock&dateline=on&vcs=2');
  await waitIdle(page);
  await expect(page.locator('svg[data-chart="channel-dependencies"]')).toBeVisible();
  await expect(page.locator('svg[data-chart="channel-dependencies"] path.cdg-cycle')).toHaveCount(
    0,
  );
  await expect(page.locator('[data-chart-card="channel-dependencies"]')).toContainText('no cycle');
  await expect(page.locator('[data-chart-card="latency-load"] svg[data-chart]')).not.toContainText(
    'deadlocked from here',
  );
  expect(consoleMessages).toEqual([]);
});
