import { expect, test } from '@playwright/test';

import { collectConsole, waitIdle } from './support';

test('the custom network draws a fly, a crossbar and a router network with their models', async ({
  page,
}, testInfo) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=custom-network');
  await waitIdle(page);
  const heatmap = page.locator('[data-chart-card="channel-utilization"] svg desc');
  const latency = page.locator('[data-chart-card="latency-load"]');
  const field = (name: string) => page.locator(`[data-param-number="${name}"]`);
  const fly = ['fly_radix', 'fly_stages', 'fly_wiring'];
  const circuit = ['circuit_policy', 'setup_cycles_per_hop', 'release_cycles', 'backoff_cycles'];
  await expect(heatmap).toContainText('8 × 8 mesh');
  // A wormhole mesh: its radices and its router, nothing of a fly, crossbar, Clos or circuit;
  // nothing is ever dropped, so no acceptance chart, and accepted load is read against y = x.
  await expect(field('dims')).toBeVisible();
  await expect(field('vcs')).toBeVisible();
  for (const name of [...fly, 'crossbar_ports', 'router_network', 'clos_leaves', ...circuit]) {
    await expect(field(name)).toHaveCount(0);
  }
  await expect(page.locator('[data-chart-card="acceptance"]')).toHaveCount(0);
  await expect(page.locator('[data-chart-card="accepted"] svg .legend')).toContainText(
    'accepted = offered',
  );
  await expect(page.locator('[data-chart-card="accepted"] svg path.guide')).toHaveCount(1);
  // The loads of the curve name the unit they are read in.
  const loads = page.locator(`label[for="${await field('sweep_rates').getAttribute('id')}"]`);
  await expect(loads).toContainText('(fractions of the capacity bound)');
  await field('sweep_scale').selectOption({ label: 'flits/node/cycle' });
  await expect(loads).toContainText('(flits/node/cycle)');
  await field('sweep_scale').selectOption({ label: 'fractions of the capacity bound' });
  await waitIdle(page);
  await expect(latency.locator('svg')).toContainText('model: zero-load latency');
  await expect(latency.locator('svg')).toContainText('model: capacity bound');

  // A 4-ary 3-fly: three stages of 16 switches, 64 terminals; a cube's models are gone.
  await page.locator('[data-param-number="topology"]').selectOption('2');
  await waitIdle(page);
  await expect(heatmap).toContainText('48 switches, 64 terminals, 192 channels');
  await expect(latency.locator('svg')).not.toContainText('model: zero-load latency');
  for (const name of fly) await expect(field(name)).toBeVisible();
  await expect(field('dims')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('fly.png'), fullPage: true });

  // Circuits dropped on conflict: Patel's acceptance beside the simulated one.
  await page.locator('[data-param-number="switching"]').selectOption('1');
  await page.locator('[data-param-number="circuit_policy"]').selectOption('2');
  await waitIdle(page);
  const acceptance = page.locator('[data-chart-card="acceptance"] svg');
  await expect(acceptance).toContainText('model: Patel');
  for (const name of ['circuit_policy', 'setup_cycles_per_hop']) {
    await expect(field(name)).toBeVisible();
  }
  await expect(field('backoff_cycles')).toHaveCount(0);
  await expect(field('vcs')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('fly-circuit.png'), fullPage: true });

  // A 16-port crossbar: its crosspoints as a matrix, and the FIFO saturation rule; the Models
  // toggle hides it and the link keeps the choice.
  await page.locator('[data-param-number="switching"]').selectOption('0');
  await page.locator('[data-param-number="topology"]').selectOption('3');
  await waitIdle(page);
  await expect(heatmap).toContainText('16 × 16 crossbar, 256 crosspoints');
  await expect(latency.locator('svg')).toContainText('model: FIFO saturation');
  await latency.getByRole('checkbox', { name: 'Models' }).uncheck();
  await waitIdle(page);
  await expect(latency.locator('svg')).not.toContainText('model: FIFO saturation');
  await page.reload();
  await waitIdle(page);
  await expect(latency.getByRole('checkbox', { name: 'Models' })).not.toBeChecked();
  await expect(latency.locator('svg')).not.toContainText('model: FIFO saturation');
  await page.screenshot({ path: testInfo.outputPath('crossbar.png'), fullPage: true });

  // A 2-stage Clos of C104s: 4 leaves of 4 transputers, 2 spines.
  await page.locator('[data-param-number="topology"]').selectOption('4');
  await page.locator('[data-param-number="router_network"]').selectOption('2');
  await waitIdle(page);
  await expect(heatmap).toContainText('22 switches, 16 terminals');
  for (const name of ['clos_leaves', 'clos_per_leaf', 'clos_spines', 'header_delay_cycles']) {
    await expect(field(name)).toBeVisible();
  }
  await page.screenshot({ path: testInfo.outputPath('clos.png'), fullPage: true });
  expect(consoleMessages).toEqual([]);
});
