// The bench's trace views in Chromium: how long each opens and how smoothly it plays.
import type { Browser } from '@playwright/test';

import type { UrlState } from '../link/url_state';
import { emptyState, serializeUrlState } from '../link/url_state';
import { emit } from './measure';

/**
 * The trace views as a class would watch them: the packet view of a 16x16 mesh (256 nodes) at
 * half its capacity bound (point 5), the J-Machine LCS program's timeline on 64 nodes (point 6 of
 * 1 to 512), and the goal view of Multi-PSI/V2's 64 PEs (point 6).
 */
export function viewStates(): Record<string, UrlState> {
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
export async function viewOpenings(browser: Browser, url: string) {
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
export async function viewPlayback(browser: Browser, url: string) {
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
