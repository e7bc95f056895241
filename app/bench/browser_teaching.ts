// What a class waits for in Chromium: a second side opened, a chart presented, a tour's next step.
import type { Browser } from '@playwright/test';

/**
 * What a class waits for, from the click to the page idle with everything drawn: a second side
 * opened beside the Paragon's ping-pong (its own run), a chart presented, and the next step of
 * the networks tour (its run; the median of its first four steps).
 */
export async function teachingTimings(
  browser: Browser,
  base: string,
): Promise<Record<string, number>> {
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
