// The browser's part of the bench: the explorer in headless Chromium, serving dist/ on E2E_PORT
// as the e2e tests do.
import type { Browser, Page, Worker } from '@playwright/test';
import { chromium } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import playwrightConfig from '../../playwright.config';
import type { UrlState } from '../link/url_state';
import { emptyState, serializeUrlState } from '../link/url_state';
import { emit, root } from './measure';
import { presetRedraws } from './redraw';

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

/**
 * A slider dragged through 50 values on a 20 ms beat (as e2e/explorer.spec.ts drives it): how
 * long the 50 changes take, which only the page's own work stretches past 980 ms, and the longest
 * task the main thread ran meanwhile.
 */
async function sliderDrag(page: Page, url: string, idle: () => Promise<unknown>) {
  await page.goto(url);
  await idle();
  const drag = await page.evaluate(async () => {
    const tasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push(e.duration);
    });
    observer.observe({ type: 'longtask' });
    const input = document.querySelector<HTMLInputElement>('input[data-param="work_rate"]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    if (!input || !setValue) throw new Error('no work_rate slider');
    const dragStart = performance.now();
    let value = 1;
    for (let i = 0; i < 50; i++) {
      const due = dragStart + 20 * i;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      value = Math.round((value - 0.01) * 100) / 100;
      setValue.call(input, String(value));
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    const elapsed = performance.now() - dragStart;
    observer.disconnect();
    return { elapsed, longest: Math.max(0, ...tasks) };
  });
  await idle();
  emit('chromium.slider_50_changes.elapsed_ms', Math.round(drag.elapsed), 'ms');
  emit('chromium.slider_50_changes.longest_task_ms', Math.round(drag.longest), 'ms');
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

/**
 * What a class waits for, from the click to the page idle with everything drawn: a second side
 * opened beside the Paragon's ping-pong (its own run), a chart presented, and the next step of
 * the networks tour (its run; the median of its first four steps).
 */
async function teachingTimings(browser: Browser, base: string): Promise<Record<string, number>> {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await page.addInitScript('globalThis.__name = (f) => f;');
  const idle = () =>
    page.waitForFunction(() => document.documentElement.dataset.idle === 'true', null, {
      timeout: 120_000,
    });
  // From the click until what it opens is on the page and the page is idle (a step whose run is
  // the last step's own starts none).
  const timed = async (act: () => Promise<unknown>, shown: string) => {
    const start = performance.now();
    await act();
    await page.locator(shown).first().waitFor();
    await idle();
    return performance.now() - start;
  };
  try {
    await page.goto(`${base}?preset=paragon-pingpong`);
    await idle();
    const side = await timed(
      () => page.getByRole('button', { name: 'Side by side' }).click(),
      'main[data-pane="right"] [data-chart-card="pingpong"] svg',
    );
    await page.getByRole('button', { name: 'Keep the left only' }).click();
    await idle();
    const present = await timed(
      () =>
        page
          .locator('[data-chart-card="pingpong"]')
          .getByRole('button', { name: 'Present' })
          .click(),
      'main.presentation [data-chart-card="pingpong"] svg',
    );
    await page.goto(base);
    await idle();
    // The card's corner: its middle may be one of the papers' words, which opens a definition.
    await page.locator('[data-tour="networks"]').click({ position: { x: 8, y: 8 } });
    await idle();
    const steps: number[] = [];
    for (let i = 2; i <= 5; i++) {
      steps.push(
        await timed(
          () => page.getByRole('button', { name: 'Next →' }).click(),
          `.tour-panel .tour-progress:text("Step ${i} of")`,
        ),
      );
    }
    const median = [...steps].sort((a, b) => a - b)[Math.floor(steps.length / 2)]!;
    return {
      'side_by_side.open': side,
      'presentation.open': present,
      'tour_networks.next_step_median': median,
    };
  } finally {
    await page.close();
  }
}

/** The custom network's 8x8 mesh measured to 1 %: about a second a point. */
function killedSweep(): string {
  return serializeUrlState({
    ...emptyState('custom-network'),
    params: { dims: [8, 8], confidence_percent: 1, max_cycles: 100_000 },
  });
}

/**
 * The trace views as a class would watch them: the packet view of a 16x16 mesh (256 nodes) at
 * half its capacity bound (point 5), the J-Machine LCS program's timeline on 64 nodes (point 6 of
 * 1 to 512), and the goal view of Multi-PSI/V2's 64 PEs (point 6).
 */
function viewStates(): Record<string, UrlState> {
  return {
    packet_view_16x16: {
      ...emptyState('custom-network'),
      params: { dims: [16, 16] },
      view: { kind: 'packets', chart: 'latency-load', point: 5, from: 2000, length: 2000 },
    },
    timeline_lcs_64: {
      ...emptyState('jmachine-lcs'),
      view: { kind: 'timeline', chart: 'work-rates', point: 6, from: 0, length: 50_000 },
    },
    goal_view_64: {
      ...emptyState('multipsi-v2-program1'),
      view: { kind: 'goals', chart: 'work-rates', point: 6, from: 0, length: 1e6 },
    },
  };
}

/**
 * The views opened on a page at rest, `chromium.view_open.*`: those above, and LCS's whole run
 * on 64 nodes (as much of it as the view's cap records). `npm run bench -- views` runs this part
 * alone.
 */
async function viewOpenings(browser: Browser, url: string) {
  const states: Record<string, UrlState> = {
    ...viewStates(),
    timeline_lcs_64_whole: {
      ...emptyState('jmachine-lcs'),
      view: { kind: 'timeline', chart: 'work-rates', point: 6, from: 0, length: 1e9 },
    },
  };
  for (const [name, state] of Object.entries(states)) {
    const figures = await viewOpening(browser, url, state);
    for (const [figure, [value, unit]] of Object.entries(figures)) {
      emit(`chromium.view_open.${name}.${figure}`, value, unit);
    }
  }
}

/**
 * A trace view opened over a page at rest (its charts drawn), as a link followed (back or
 * forward): from the link's change to the view drawn, and the longest task the page ran in
 * between (receiving the trace, building what the view draws from it, drawing), the longest the
 * page could not answer a click or a key; with how many tasks took over 50 ms.
 */
async function viewOpening(browser: Browser, url: string, state: UrlState) {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.addInitScript('globalThis.__name = (f) => f;');
  await page.addInitScript(() => {
    const tasks: [number, number][] = [];
    (globalThis as unknown as { __tasks: [number, number][] }).__tasks = tasks;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask' });
  });
  const { view: _view, ...charts } = state;
  await page.goto(`${url}${serializeUrlState(charts)}`);
  await page.waitForFunction(() => document.documentElement.dataset.idle === 'true', null, {
    timeout: 600_000,
  });
  const { start, ready } = await page.evaluate(async (link) => {
    const began = performance.now();
    history.pushState(null, '', link);
    dispatchEvent(new PopStateEvent('popstate'));
    // Ready, and the view's own drawing in place of its words of progress.
    const drawn = () =>
      document.querySelector('section.trace-view[data-trace-state="ready"]') &&
      !document.querySelector('.trace-view-body .trace-status') &&
      document.querySelector('.trace-view-body :is(canvas, svg)');
    const drawnAt = await new Promise<number>((resolve) => {
      if (drawn()) return resolve(performance.now());
      const watch = new MutationObserver(() => {
        if (!drawn()) return;
        watch.disconnect();
        resolve(performance.now());
      });
      watch.observe(document.body, { attributes: true, subtree: true, childList: true });
    });
    // The frame after: a task still running as the view is marked ready is counted.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100)));
    return { start: began, ready: drawnAt };
  }, serializeUrlState(state));
  const tasks = await page.evaluate(
    (from) =>
      (globalThis as unknown as { __tasks: [number, number][] }).__tasks
        .filter(([at, took]) => at + took >= from)
        .map(([, took]) => took),
    start,
  );
  const panel = page.locator('section.trace-view');
  const bytes = Number(await panel.getAttribute('data-trace-bytes'));
  await page.close();
  return {
    open_ms: [Math.round(ready - start), 'ms'],
    longest_task_ms: [Math.round(Math.max(0, ...tasks)), 'ms'],
    tasks_over_50ms: [tasks.length, 'tasks'],
    trace_bytes: [bytes, 'bytes'],
  } satisfies Record<string, [number, string]>;
}

/**
 * A trace view opened from its link: how long the trace took to record and what it holds; then
 * three seconds of playing at 60 clock units a second (a cycle a frame on a cycle clock) with
 * the time between frames (median and 99th percentile) and the longest task; then 20 single
 * steps, each from the click to the frame that shows it.
 */
async function viewPlayback(browser: Browser, url: string) {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.addInitScript('globalThis.__name = (f) => f;');
  const opened = performance.now();
  await page.goto(url);
  const panel = page.locator('section.trace-view');
  await panel.and(page.locator('[data-trace-state="ready"]')).waitFor({ timeout: 300_000 });
  const recorded = performance.now() - opened;
  const bytes = Number(await panel.getAttribute('data-trace-bytes'));
  const events = Number(await panel.getAttribute('data-trace-events'));
  await page.waitForTimeout(500);
  await panel.getByLabel('Speed').selectOption('60');
  const played = await page.evaluate(async () => {
    const tasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push(e.duration);
    });
    observer.observe({ type: 'longtask' });
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('.trace-player button')];
    const play = buttons.find((b) => b.textContent === 'Play');
    if (!play) throw new Error('no Play button');
    play.click();
    const frames: number[] = [];
    let last = performance.now();
    const end = last + 3000;
    while (performance.now() < end) {
      const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      frames.push(now - last);
      last = now;
    }
    buttons.find((b) => b.textContent === 'Pause')?.click();
    observer.disconnect();
    frames.sort((a, b) => a - b);
    const at = (q: number) => frames[Math.min(frames.length - 1, Math.floor(q * frames.length))]!;
    return { median: at(0.5), p99: at(0.99), longest: Math.max(0, ...tasks) };
  });
  const steps = await page.evaluate(async () => {
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('.trace-player button')];
    const step = buttons.find((b) => b.textContent === 'Step');
    // From the start, so every step has somewhere to go (playing may have reached the end).
    buttons.find((b) => b.textContent === 'Start')?.click();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const time = document.querySelector('output.trace-time');
    if (!step || !time) throw new Error('no Step button');
    const took: number[] = [];
    for (let i = 0; i < 20; i++) {
      const before = time.textContent;
      const clicked = performance.now();
      step.click();
      // The frame that shows the step: the first after the time shown changed.
      for (let frames = 0; time.textContent === before && frames < 120; frames++) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      took.push((await new Promise<number>((resolve) => requestAnimationFrame(resolve))) - clicked);
    }
    took.sort((a, b) => a - b);
    return { median: took[10]!, p99: took[19]! };
  });
  await page.close();
  return {
    recorded_ms: [Math.round(recorded), 'ms'],
    trace_bytes: [bytes, 'bytes'],
    trace_events: [events, 'events'],
    frame_ms_median: [Math.round(played.median * 10) / 10, 'ms'],
    frame_ms_p99: [Math.round(played.p99 * 10) / 10, 'ms'],
    longest_task_ms: [Math.round(played.longest), 'ms'],
    step_ms_median: [Math.round(steps.median * 10) / 10, 'ms'],
    step_ms_p99: [Math.round(steps.p99 * 10) / 10, 'ms'],
  } satisfies Record<string, [number, string]>;
}

/**
 * An engine worker ended mid-sweep (it closes itself, as e2e's hook has it, as one the browser
 * ends): from its end to the page saying so, and from there to a small run (a 4x4 mesh) drawn on
 * the fresh worker that takes its place; beside it the same run where no worker died. Medians of
 * three, each on a page of its own.
 */
async function killedWorker(browser: Browser, url: string) {
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

/**
 * Sets the number field of `param` to each of `values` in turn and times each change: from the
 * field's input event to the first frame that shows some but not all of the `points` (NaN when a
 * sweep draws them all at once), and to the first idle frame with all of them after the page
 * went busy; the medians.
 */
async function sweepTiming(
  page: Page,
  idle: () => Promise<unknown>,
  points: string,
  param: string,
  values: string[],
) {
  const total = await page.locator(points).count();
  const firsts: number[] = [];
  const lasts: number[] = [];
  for (const value of values) {
    const timing = page.evaluate(
      ({ selector, all }) =>
        new Promise<{ first: number; last: number }>((resolve) => {
          let start = Number.NaN;
          let first = Number.NaN;
          let busy = false;
          document.addEventListener('input', () => (start = performance.now()), {
            capture: true,
            once: true,
          });
          const frame = () => {
            const n = document.querySelectorAll(selector).length;
            const now = performance.now();
            const atRest = document.documentElement.dataset.idle === 'true';
            if (!Number.isNaN(start)) {
              busy ||= !atRest;
              if (Number.isNaN(first) && n > 0 && n < all) first = now - start;
              if (busy && n === all && atRest) {
                resolve({ first, last: now - start });
                return;
              }
            }
            requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        }),
      { selector: points, all: total },
    );
    await page.locator(`[data-param-number="${param}"]`).fill(value);
    const t = await timing;
    firsts.push(t.first);
    lasts.push(t.last);
    await idle();
  }
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  return { first: median(firsts), last: median(lasts) };
}
