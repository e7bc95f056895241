// The browser's part of the bench: the explorer in headless Chromium, serving dist/ on E2E_PORT
// as the e2e tests do.
import type { Browser } from '@playwright/test';
import { chromium } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import playwrightConfig from '../../playwright.config';
import { serializeUrlState } from '../link/url_state';
import { emit, root } from './measure';
import { presetRedraws } from './redraw';

import { sliderDrag, sweepTiming } from './browser_sweeps';
import { teachingTimings } from './browser_teaching';
import { killedSweep, killedWorker } from './browser_recovery';
import { viewOpenings, viewPlayback, viewStates } from './browser_views';
/**
 * The explorer in headless Chromium, as a user meets it. The Fig. 3 page (and the Paragon's
 * Table 1 and sample sort pages): after the first run, a change of a parameter starts a new sweep
 * on the workers (one per core Chromium reports); the time from the change to the first point
 * drawn and to the last, three times over, medians. Then a slider dragged quickly on the
 * Multi-PSI formula page. Last, every preset's default view redrawn after a change of a control
 * (redraw.ts); `redrawOnly` runs that part alone.
 */
export async function browserFigures({
  redrawOnly = false,
  viewsOnly = false,
  only,
}: { redrawOnly?: boolean; viewsOnly?: boolean; only?: string[] } = {}) {
  const { webServer, use } = playwrightConfig;
  const server = Array.isArray(webServer) ? webServer[0] : webServer;
  if (!server?.url || !use?.launchOptions) throw new Error('playwright.config.ts has no server');
  const preview = spawn(server.command, {
    cwd: fileURLToPath(root),
    shell: true,
    stdio: 'ignore',
    detached: true,
  });
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch(use.launchOptions);
    await served(server.url, preview);
    if (redrawOnly) return await presetRedraws(browser, server.url, only);
    if (viewsOnly) return await viewOpenings(browser, server.url);
    const page = await browser.newPage();
    // tsx keeps function names with an `__name` helper that functions sent to the page call.
    await page.addInitScript('globalThis.__name = (f) => f;');
    await page.goto(server.url);
    const idle = () =>
      page.waitForFunction(() => document.documentElement.dataset.idle === 'true', null, {
        timeout: 120_000,
      });
    await idle();
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    // A preset's sweep timed from changes of one parameter to three values not run before
    // (a value seen again is given from what the engine's pool kept), medians; the points of one
    // chart, or of every chart when none is named.
    const sweep = async (
      name: string,
      preset: string,
      chart: string | undefined,
      param: string,
      values: string[],
    ) => {
      await page.goto(`${server.url}?preset=${preset}`);
      await idle();
      const t = await sweepTiming(
        page,
        idle,
        chart
          ? `svg[data-chart="${chart}"] [data-curve] circle`
          : 'svg[data-chart] [data-curve] circle',
        param,
        values,
      );
      const prefix = `chromium_${cores}_workers.${name}`;
      if (Number.isFinite(t.first)) emit(`${prefix}.first_point_ms`, Math.round(t.first), 'ms');
      emit(`${prefix}.last_point_ms`, Math.round(t.last), 'ms');
    };
    await sweep('jmachine_fig3_sweep', 'jmachine-latency-load', 'efficiency', 'max_cycles', [
      '6100',
      '6200',
      '6300',
    ]);
    // The J-Machine's program sweeps on the workers, 1 to 512 nodes (the target: under
    // 20 s each), and the 512-node LCS run alone.
    await sweep('jmachine-lcs', 'jmachine-lcs', 'speedup', 'lcs_prologue_instr', [
      '10.1',
      '10.2',
      '10.3',
    ]);
    await sweep('jmachine-radix', 'jmachine-radix', 'speedup', 'radix_count_instr', [
      '6.1',
      '6.2',
      '6.3',
    ]);
    // The Paragon's speed targets: Table 1 under 3 s, the 64-processor sample sort under 5 s.
    await sweep('paragon-bsp', 'paragon-bsp', 'hrelations', 'bsp_buffer_us', [
      '6.04',
      '6.05',
      '6.06',
    ]);
    await sweep('paragon-samplesort', 'paragon-samplesort', 'time-per-key', 'key_us', [
      '0.21',
      '0.22',
      '0.23',
    ]);

    await sliderDrag(page, `${server.url}?preset=multipsi-v1-comm`, idle);

    // The PIE64 Fig. 7 sweep and each transputer preset, every chart of it.
    const changes: [string, string, string[]][] = [
      ['pie64-congestion-writemn', 'messages', ['13', '14', '15']],
      ['transputer-ping', 't9000_link_mbit', ['90', '80', '95']],
      ['transputer-throughput', 't805_link_mbit', ['19', '18', '21']],
      ['transputer-c104', 'c104_latency_us', ['1.1', '1.2', '1.3']],
      ['transputer-sequential', 't805_clock_mhz', ['26', '27', '24']],
      ['transputer-farm', 'item_bytes', ['9', '10', '11']],
    ];
    for (const [id, param, values] of changes) await sweep(id, id, undefined, param, values);

    for (const [name, state] of Object.entries(viewStates())) {
      const figures = await viewPlayback(browser, `${server.url}${serializeUrlState(state)}`);
      for (const [figure, [value, unit]] of Object.entries(figures)) {
        emit(`chromium.${name}.${figure}`, value, unit);
      }
    }
    await viewOpenings(browser, server.url);

    const teaching = await teachingTimings(browser, server.url);
    for (const [figure, value] of Object.entries(teaching)) {
      emit(`chromium.${figure}_ms`, Math.round(value), 'ms');
    }

    const recovery = await killedWorker(browser, `${server.url}${killedSweep()}`);
    emit('chromium.killed_worker.said_ms', Math.round(recovery.said), 'ms');
    emit('chromium.killed_worker.next_run_ms', Math.round(recovery.next), 'ms');
    emit('chromium.killed_worker.same_run_unharmed_ms', Math.round(recovery.unharmed), 'ms');

    await presetRedraws(browser, server.url);
  } finally {
    await browser?.close();
    if (preview.pid && preview.exitCode === null) process.kill(-preview.pid);
  }
}

/** Waits until `url` answers, for up to a minute; throws if the server ends or never answers. */
async function served(url: string, server: ChildProcess) {
  const deadline = performance.now() + 60_000;
  while (
    !(await fetch(url).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (server.exitCode !== null || performance.now() > deadline)
      throw new Error(`could not serve dist/ at ${url} (is E2E_PORT taken?)`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
