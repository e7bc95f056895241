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
  await expect(heatmap).toContainText('8 × 8 mesh');
  await expect(latency.locator('svg')).toContainText('model: zero-load latency');
  await expect(latency.locator('svg')).toContainText('model: capacity bound');

  // A 4-ary 3-fly: three stages of 16 switches, 64 terminals; a cube's models are gone.
  await page.locator('[data-param-number="topology"]').selectOption('2');
  await waitIdle(page);
  await expect(heatmap).toContainText('48 switches, 64 terminals, 192 channels');
  await expect(latency.locator('svg')).not.toContainText('model: zero-load latency');
  await page.screenshot({ path: testInfo.outputPath('fly.png'), fullPage: true });

  // Circuits dropped on conflict: Patel's acceptance beside the simulated one.
  await page.locator('[data-param-number="switching"]').selectOption('1');
  await page.locator('[data-param-number="circuit_policy"]').selectOption('2');
  await waitIdle(page);
  const acceptance = page.locator('[data-chart-card="acceptance"] svg');
  await expect(acceptance).toContainText('model: Patel');
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
  await page.screenshot({ path: testInfo.outputPath('clos.png'), fullPage: true });
  expect(consoleMessages).toEqual([]);
});
