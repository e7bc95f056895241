import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

import { collectConsole } from './support';

/** Opens the all-machines page. TEMPORARY route (helper wt-logp): the lead mounts the page. */
async function openMachines(page: Page) {
  await page.goto('./');
  await page.getByRole('button', { name: 'Compare all machines' }).click();
}

async function waitRuns(page: Page) {
  await expect(page.locator('main.machines-page')).toHaveAttribute('data-busy', 'false', {
    timeout: 60_000,
  });
}

const fittedRow = (page: Page, key: string) => page.locator(`tr[data-row="${key}"] td`);

test('every machine on one chart and one table, one machine changed', async ({ page }) => {
  const consoleMessages = collectConsole(page);
  await openMachines(page);
  await waitRuns(page);
  await expect(page.getByRole('status').filter({ hasText: 'runs done' })).toHaveText(
    'All 6 runs done',
  );

  // Ten fitted rows (five families), five comparison rows labelled as the paper's table data.
  const rows = page.locator('table.machines-table tbody tr[data-row]');
  await expect(rows).toHaveCount(15);
  await expect(page.locator('tr.paper')).toHaveCount(5);
  await expect(page.locator('.paper-rows th[scope="rowgroup"]')).toContainText(
    'Table data (paper)',
  );
  const chart = page.locator('svg[data-chart="machines-one-way"]');
  for (const label of ['Multi-PSI throw_goal', 'J-Machine MDP', 'PIE64 MP-Write', 'Paragon NX']) {
    await expect(chart).toContainText(label);
  }
  await expect(chart).toContainText('table data (paper)');

  // Processor cycles: the machines' curves only, on a cycles axis.
  await page.getByLabel('processor cycles').check();
  await expect(chart).toContainText('processor cycles');
  await expect(chart).not.toContainText('table data (paper)');

  // The Paragon's NX send overhead raised to 100 us: its o_send moves by the change, the others
  // stay.
  const jmachine = await fittedRow(page, 'jmachine').allTextContents();
  const before = Number(await fittedRow(page, 'paragon_nx').first().textContent());
  await page.getByLabel('Machine to change').selectOption('paragon-logp');
  const send = page.locator('[data-param-number="nx_send_message_us"]');
  const raised = 100 - Number(await send.inputValue());
  expect(raised).toBeGreaterThan(0);
  await send.fill('100');
  // The new run's row, then the page at rest (the run is too short to catch it busy).
  await expect(fittedRow(page, 'paragon_nx').first()).toHaveText(
    String(Math.round(before + raised)),
    { timeout: 60_000 },
  );
  await waitRuns(page);
  expect(await fittedRow(page, 'jmachine').allTextContents()).toEqual(jmachine);

  // The link keeps the comparison: the machine open, its change, the unit.
  await page.reload();
  await waitRuns(page);
  await expect(fittedRow(page, 'paragon_nx').first()).toHaveText(
    String(Math.round(before + raised)),
  );
  await expect(page.getByRole('radio', { name: 'processor cycles' })).toBeChecked();
  await expect(page.locator('[data-param-number="nx_send_message_us"]')).toHaveValue('100');

  // A value out of range is named with its range, and the rows keep the last good run.
  await page.locator('[data-param-number="nx_send_message_us"]').fill('-5');
  await expect(page.locator('.param-panel')).toContainText('NX send overhead');
  await expect(page.locator('[data-param-number="nx_send_message_us"]')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect(consoleMessages).toEqual([]);
});
