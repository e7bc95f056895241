// A worker killed in Chromium mid-sweep: how soon the page says so and runs again.
import type { Browser, Worker } from '@playwright/test';

import { emptyState, serializeUrlState } from '../link/url_state';

/** The custom network's 8x8 mesh measured to 1 %: about a second a point. */
export function killedSweep(): string {
  return serializeUrlState({
    ...emptyState('custom-network'),
    params: { dims: [8, 8], confidence_percent: 1, max_cycles: 100_000 },
  });
}

/**
 * An engine worker ended mid-sweep (it closes itself, as e2e's hook has it, as one the browser
 * ends): from its end to the page saying so, and from there to a small run (a 4x4 mesh) drawn on
 * the fresh worker that takes its place; beside it the same run where no worker died. Medians of
 * three, each on a page of its own.
 */
export async function killedWorker(browser: Browser, url: string) {
  const said: number[] = [];
  const next: number[] = [];
  const unharmed: number[] = [];
  for (let i = 0; i < 3; i++) {
    const page = await browser.newPage();
    const workers: Worker[] = [];
    page.on('worker', (w) => workers.push(w));
    const idle = () =>
      page.waitForFunction(() => document.documentElement.dataset.idle === 'true', null, {
        timeout: 120_000,
      });
    const small = async (dims: string) => {
      const changed = performance.now();
      await page.locator('[data-param-number="dims"]').fill(dims);
      await idle();
      return performance.now() - changed;
    };
    await page.goto(url);
    // Judged long from its first seconds on a busy machine, it asks first: run it anyway.
    const anyway = page.locator('.run-notice button');
    while (!(await page.locator('.run-status').isVisible())) {
      if (await anyway.isVisible()) await anyway.click();
      await page.waitForTimeout(50);
    }
    // The pool's workers have started and are inside points: the sweep has drawn its first.
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    while (workers.length < Math.min(2, cores)) await page.waitForTimeout(50);
    await page.locator('[data-chart-card="latency-load"] [data-curve]').first().waitFor();
    const killed = performance.now();
    void workers
      .at(-1)!
      .evaluate(() => self.close())
      .catch(() => {});
    await page.locator('.banner.error').waitFor({ timeout: 60_000 });
    said.push(performance.now() - killed);
    next.push(await small('4x4'));
    unharmed.push(await small('4x5'));
    await page.close();
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  return { said: median(said), next: median(next), unharmed: median(unharmed) };
}
