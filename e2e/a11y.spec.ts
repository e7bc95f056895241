// WCAG 2.1 AA for course materials: axe on the main pages and states, ids and names that a
// screen reader resolves, where the keyboard's focus goes when a view, presentation or a tour
// replaces what held it, the goal tree as one tab stop, the canvas views' words, reflow at 320 px
// and "Show me" under reduced motion.
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';

import { collectConsole, waitIdle } from './support';

/** A state's link as the page writes it (version 5, plain JSON). */
const link = (state: Record<string, unknown>) =>
  `./?s=j${encodeURIComponent(JSON.stringify({ v: 5, ...state }))}`;

async function waitView(page: Page) {
  await expect(page.locator('section.trace-view')).toHaveAttribute('data-trace-state', 'ready', {
    timeout: 60_000,
  });
}

async function openView(page: Page, chart: string, name: string) {
  await page.locator(`[data-chart-card="${chart}"]`).getByRole('button', { name }).click();
  await waitView(page);
}

/** The pages and states a student meets, each opened and drawn. */
const STATES: { name: string; open(page: Page): Promise<void> }[] = [
  { name: 'the start page', open: async (page) => void (await page.goto('./')) },
  {
    name: "the start page with a papers' word defined",
    open: async (page) => {
      await page.goto('./');
      await waitIdle(page);
      // The keyboard on the first card's first word of the papers.
      await page.locator('.card-link').first().focus();
      await page.keyboard.press('Tab');
      await expect(page.locator('.term-tip:visible')).toHaveCount(1);
    },
  },
  {
    name: 'an experiment',
    open: async (page) => void (await page.goto('./?preset=custom-network')),
  },
  {
    name: 'side by side',
    open: async (page) =>
      void (await page.goto(
        link({
          preset: 'paragon-pingpong',
          layout: { kind: 'side', right: { preset: 'paragon-pingpong' } },
        }),
      )),
  },
  {
    name: 'a tour step',
    open: async (page) =>
      void (await page.goto(
        link({ preset: 'custom-network', layout: { kind: 'tour', tour: 'networks', step: 0 } }),
      )),
  },
  {
    name: 'the lesson builder with a step and a question',
    open: async (page) => {
      await page.goto('./?preset=network-deadlock');
      await waitIdle(page);
      await page.getByRole('button', { name: 'New lesson' }).click();
      await page.getByRole('button', { name: 'Add this as a step' }).click();
      await page.getByRole('button', { name: 'Add a question: a choice' }).click();
    },
  },
  {
    name: 'a chart presented',
    open: async (page) => void (await page.goto(link({ preset: 'paragon-pingpong', present: {} }))),
  },
  {
    name: 'the all-machines page',
    open: async (page) => {
      await page.goto(link({ layout: { kind: 'machines', unit: 'us', params: {} } }));
      await expect(page.locator('main.machines-page')).toHaveAttribute('data-busy', 'false', {
        timeout: 60_000,
      });
    },
  },
  {
    name: 'the packet view',
    open: async (page) => {
      await page.goto('./?preset=network-deadlock');
      await waitIdle(page);
      await openView(page, 'latency-load', 'Open the packet view');
    },
  },
  {
    name: 'the goal view',
    open: async (page) => {
      await page.goto('./?preset=multipsi-v1-program1');
      await waitIdle(page);
      await openView(page, 'work-rates', 'Open the goal view');
    },
  },
  {
    name: 'the timeline',
    open: async (page) => {
      await page.goto('./?preset=paragon-pingpong');
      await waitIdle(page);
      await openView(page, 'pingpong', 'Open the timeline');
    },
  },
];

for (const state of STATES) {
  test(`axe finds nothing serious on ${state.name}; each id once, each name where it is read`, async ({
    page,
  }) => {
    const consoleMessages = collectConsole(page);
    await state.open(page);
    await waitIdle(page);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    const found = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}) at ${v.nodes[0]?.target.join(' ')}`);
    const { ids, named } = await page.evaluate(() => {
      const seen = new Map<string, number>();
      for (const e of document.querySelectorAll('[id]')) seen.set(e.id, (seen.get(e.id) ?? 0) + 1);
      // An aria-label on an element without a role a name belongs to is not read.
      const nameless = [...document.querySelectorAll('div[aria-label], span[aria-label]')]
        .filter((e) => !e.getAttribute('role'))
        .map((e) => `${e.tagName.toLowerCase()}.${e.className}`);
      return { ids: [...seen].filter(([, n]) => n > 1).map(([id]) => id), named: nameless };
    });
    for (const id of ids) found.push(`id "${id}" more than once`);
    for (const e of named) found.push(`aria-label on ${e}, which has no role`);
    expect(found).toEqual([]);
    expect(consoleMessages).toEqual([]);
  });
}

test('a chart is named by its title and described by its text alternative, once each', async ({
  page,
}) => {
  await page.goto('./?preset=paragon-pingpong');
  await waitIdle(page);
  const svg = page.locator('svg[data-chart="pingpong"]');
  const title = (await svg.locator('title').first().textContent())!;
  const desc = (await svg.locator('desc').first().textContent())!;
  expect(desc.length).toBeGreaterThan(20);
  await expect(svg).toHaveAccessibleName(title);
  await expect(svg).toHaveAccessibleDescription(desc);
});

test('a trace view takes the focus when it opens and gives it back to its button when it closes', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=network-deadlock');
  await waitIdle(page);
  const open = page
    .locator('[data-chart-card="latency-load"]')
    .getByRole('button', { name: 'Open the packet view' });
  await open.focus();
  await page.keyboard.press('Enter');
  const panel = page.locator('section.trace-view');
  await expect(panel.locator('h3')).toBeFocused();
  await waitView(page);
  // The next stop is the view's own close button, not the page above it.
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Close the Packet view' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel).toHaveCount(0);
  await expect(open).toBeFocused();
  expect(consoleMessages).toEqual([]);
});

test('presentation takes the focus when entered and gives it back to "Present" when left', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=paragon-pingpong');
  await waitIdle(page);
  const present = page.locator('[data-chart-card="pingpong"]').getByRole('button', {
    name: 'Present',
  });
  await present.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('main.presentation')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.locator('main.presentation')).toHaveCount(0);
  await expect(present).toBeFocused();
  // The same by the button.
  await page.keyboard.press('Enter');
  await expect(page.locator('main.presentation')).toBeFocused();
  await page.getByRole('button', { name: 'Leave presentation (Esc)' }).click();
  await expect(present).toBeFocused();
  expect(consoleMessages).toEqual([]);
});

test('a tour takes the focus when opened, keeps it on Next across experiments, and says each step', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./');
  await waitIdle(page);
  const card = page.locator('[data-tour="across-machines"]');
  await card.focus();
  await page.keyboard.press('Enter');
  const panel = page.locator('.tour-panel');
  await expect(panel.locator('h2')).toBeFocused();
  // The live region that says the step is there before the step changes, and stays.
  const status = page.getByRole('status').filter({ hasText: 'step 1 of 8' });
  await expect(status).toHaveText(
    'Across machines: what a message costs, 1988 to 1998, step 1 of 8: Multi-PSI/V1 (1988): ' +
      'messages through software',
  );
  const region = await status.elementHandle();
  await panel.getByRole('button', { name: 'Next →' }).focus();
  await page.keyboard.press('Enter');
  // Step 2 is another experiment: the panel is drawn anew, and the focus is on its Next.
  await expect(panel.locator('h3')).toHaveText(
    'J-Machine (1993): sending and dispatch in hardware',
  );
  await expect(panel.getByRole('button', { name: 'Next →' })).toBeFocused();
  expect(await region!.evaluate((e) => [e.isConnected, e.textContent])).toEqual([
    true,
    'Across machines: what a message costs, 1988 to 1998, step 2 of 8: J-Machine (1993): ' +
      'sending and dispatch in hardware',
  ]);
  await waitIdle(page);
  expect(consoleMessages).toEqual([]);
});

test('the goal tree is one tab stop: arrows move between goals, Enter follows one', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto('./?preset=multipsi-v1-program1');
  await waitIdle(page);
  await openView(page, 'work-rates', 'Open the goal view');
  const panel = page.locator('section.trace-view');
  await panel.locator('.trace-view-body').focus();
  await page.keyboard.press('End');
  const time = panel.locator('output.trace-time');
  await expect(time).not.toHaveText(/^0\.0 /);
  const at = await time.textContent();
  const dots = panel.locator('.goal-dot');
  expect(await dots.count()).toBeGreaterThan(100);
  await expect(panel.locator('.goal-dot[tabindex="0"]')).toHaveCount(1);
  // From the view's body, one Tab into the tree, one more past it.
  await page.keyboard.press('Tab');
  const focusedGoal = () =>
    page.evaluate(() => (document.activeElement as Element | null)?.getAttribute('data-goal'));
  const first = await focusedGoal();
  expect(first).not.toBeNull();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(focusedGoal).not.toBe(first);
  const moved = await focusedGoal();
  // The panel's arrows (a step of the player) stay out of the tree.
  await expect(time).toHaveText(at!);
  await page.keyboard.press('Enter');
  await expect(panel.locator('.goal-history strong')).toHaveText(`Goal ${moved}`);
  await page.keyboard.press('Tab');
  expect(await focusedGoal()).toBeNull();
  expect(consoleMessages).toEqual([]);
});

test('the packet view says in words who is blocked where and why, and the knot once deadlocked', async ({
  page,
}) => {
  const consoleMessages = collectConsole(page);
  await page.goto(
    link({
      preset: 'network-deadlock',
      view: { kind: 'packets', chart: 'latency-load', point: 9, from: 0, length: 2000 },
      layout: { kind: 'tour', tour: 'deadlock', step: 2 },
    }),
  );
  await waitIdle(page);
  await waitView(page);
  const panel = page.locator('section.trace-view');
  const words = panel.locator('.view-narration');
  await panel.locator('.trace-view-body').focus();
  for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowRight');
  await expect(panel.locator('output.trace-time')).toHaveText('cycle 40');
  // Said once the time rests, of the cycle shown.
  await expect(words).toHaveText(/^Cycle 40: \d+ packets? on their way/);
  await expect(words).toContainText(/packet \d+ at router \(\d\), bound for node \d/);
  await page.keyboard.press('End');
  await expect(words).toContainText(/Deadlock since cycle \d+: nothing moves again\. A knot of 8/);
  await expect(words).toContainText(/which waits for packet \d+\.$/);
  // The drawing's description is those words.
  const canvas = panel.locator('canvas[role="img"]');
  await expect(canvas).toHaveAccessibleDescription(/Deadlock since cycle/);
  expect(consoleMessages).toEqual([]);
});

test('the all-machines page does not scroll sideways at 320 px, a machine open or not', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(link({ layout: { kind: 'machines', unit: 'us', params: {} } }));
  const busy = page.locator('main.machines-page');
  await expect(busy).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  const overflow = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  expect(await overflow()).toBe(0);
  await page.getByLabel('Machine to change').selectOption({ index: 1 });
  await expect(busy).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  expect(await overflow()).toBe(0);
});

test('"Show me" jumps to what a step points at when the reader asks for less motion', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 390, height: 760 });
  await page.goto(
    link({ preset: 'paragon-pingpong', layout: { kind: 'tour', tour: 'paragon', step: 0 } }),
  );
  await waitIdle(page);
  await expect(page.locator('[data-tour-target="ready"]')).toHaveCount(1);
  // Read in the same task as the click: a smooth scroll would not have moved yet. The target is at
  // the screen's top, or as near as the page's foot lets it come (its chart is held back until
  // the reveal, so the page below it may be short).
  const { top, below } = await page.evaluate(() => {
    document.querySelector<HTMLButtonElement>('.tour-show')!.click();
    const max = document.documentElement.scrollHeight - window.innerHeight;
    return {
      top: document.querySelector('[data-tour-target]')!.getBoundingClientRect().top,
      below: max - window.scrollY,
    };
  });
  expect(Math.abs(top) < 2 || below < 2, `top ${top}, ${below} px left to scroll`).toBe(true);
  expect(top).toBeGreaterThanOrEqual(-2);
});
