// The bench's changes in Chromium: a parameter changed and its sweep drawn again, a slider dragged.
import type { Page } from '@playwright/test';

import { emit } from './measure';

/**
 * A slider dragged through 50 values on a 20 ms beat (as e2e/explorer.spec.ts drives it): how
 * long the 50 changes take, which only the page's own work stretches past 980 ms, and the longest
 * task the main thread ran meanwhile.
 */
export async function sliderDrag(page: Page, url: string, idle: () => Promise<unknown>) {
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

/**
 * Sets the number field of `param` to each of `values` in turn and times each change: from the
 * field's input event to the first frame that shows some but not all of the `points` (NaN when a
 * sweep draws them all at once), and to the first idle frame with all of them after the page
 * went busy; the medians.
 */
export async function sweepTiming(
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
