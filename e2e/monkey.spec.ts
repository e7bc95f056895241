// A seeded monkey on the main pages: random clicks, keys, text typed into fields and options
// chosen, drawn from a seeded generator (pure-rand), so a failure is replayed by its seed:
//   MONKEY_SEED=<seed> npx playwright test e2e/monkey.spec.ts -g "<page>"
// (the same choices in the same order; a run finishing sooner or later on a busy host may still
// change what a choice lands on). A page passes only with no console error or warning and no
// uncaught error, and if it still answers afterwards: idle, and its theme menu still works.
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

import { collectConsole, waitIdle } from './support';

/** Actions per page: about 20 s each on a loaded two-core host, the six pages in two minutes. */
const ACTIONS = 40;
const SEED = Number(process.env.MONKEY_SEED ?? 30);

const link = (state: Record<string, unknown>) =>
  `./?s=j${encodeURIComponent(JSON.stringify({ v: 5, ...state }))}`;

/** What a user can act on. */
const TARGETS =
  'button, a[href], input, select, textarea, summary, canvas, [role="button"], ' +
  '[tabindex]:not([tabindex="-1"])';
/** Left alone: a new window, and the run the page paused as too long for a class (it would only
 * measure the host). */
const SKIP = /^(Run it anyway)$/;
const KEYS = [
  'Tab',
  'Shift+Tab',
  'Enter',
  'Space',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  '+',
  '-',
  '0',
  ',',
  '.',
];
/** Text a student might type, and text nobody should: numbers, lists, sizes, nonsense. */
const TEXTS = [
  '0',
  '1',
  '-1',
  '0.35',
  '1e309',
  '0x10',
  'abc',
  '',
  ' 42 ',
  '1, 2, 3',
  '8x8x8',
  '2x2',
  'NaN',
  '<b>x</b>',
  '99999999999999999999',
  '1,,2',
];

const PAGES: { name: string; url: string; ready?(page: Page): Promise<void> }[] = [
  { name: 'the start page', url: './' },
  { name: 'an experiment', url: './?preset=paragon-pingpong' },
  {
    name: 'a tour step',
    url: link({ preset: 'multipsi-v1-comm', layout: { kind: 'tour', tour: 'multipsi', step: 0 } }),
  },
  {
    name: 'side by side',
    url: link({
      preset: 'transputer-ping',
      layout: { kind: 'side', right: { preset: 'transputer-ping' } },
    }),
  },
  {
    name: 'the all-machines page',
    url: link({ layout: { kind: 'machines', unit: 'us', params: {} } }),
  },
  {
    name: 'a trace view',
    url: link({
      preset: 'network-deadlock',
      view: { kind: 'packets', chart: 'latency-load', point: 9, from: 0, length: 2000 },
    }),
  },
];

type Rng = ReturnType<typeof xoroshiro128plus>;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[uniformInt(rng, 0, list.length - 1)]!;

/** One random action; returns what it did, for the log. */
async function act(page: Page, rng: Rng): Promise<string> {
  const kind = uniformInt(rng, 0, 9);
  if (kind <= 1) {
    const key = pick(rng, KEYS);
    await page.keyboard.press(key);
    return `key ${key}`;
  }
  if (kind === 2) {
    const size = pick(rng, [
      { width: 390, height: 800 },
      { width: 1280, height: 900 },
    ]);
    await page.setViewportSize(size);
    return `viewport ${size.width}`;
  }
  const targets = page.locator(TARGETS);
  const count = await targets.count();
  if (count === 0) return 'nothing to act on';
  const index = uniformInt(rng, 0, count - 1);
  const target = targets.nth(index);
  const what = await target
    .evaluate((e) => ({
      tag: e.tagName.toLowerCase(),
      type: e.getAttribute('type') ?? '',
      text: (e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 40),
      blank: e.getAttribute('target') === '_blank',
      box: e.getBoundingClientRect().toJSON() as { width: number; height: number },
      // Drawn, and not disabled: else there is nothing to do with it.
      usable:
        e.checkVisibility({ visibilityProperty: true }) &&
        e.getBoundingClientRect().width > 0 &&
        !(e as HTMLButtonElement).disabled,
    }))
    .catch(() => null);
  if (!what) return `#${index}: gone`;
  const name = `${what.tag}${what.type ? `[${what.type}]` : ''} "${what.text}"`;
  if (what.blank || SKIP.test(what.text)) return `${name}: left alone`;
  if (!what.usable) return `${name}: hidden or disabled`;
  // A choice made from the generator before the element is used, so the sequence of draws does
  // not depend on whether the action then succeeds.
  const text = pick(rng, TEXTS);
  const submit = pick(rng, ['Enter', 'Tab']);
  const option = uniformInt(rng, 0, 1 << 20);
  const at = { x: uniformInt(rng, 0, 1000) / 1000, y: uniformInt(rng, 0, 1000) / 1000 };
  const quick = { timeout: 500 };
  try {
    if (what.tag === 'select') {
      const options = await target.locator('option').count();
      if (options === 0) return `${name}: no options`;
      await target.selectOption({ index: option % options }, quick);
      return `${name}: option ${option % options}`;
    }
    if (
      what.tag === 'textarea' ||
      (what.tag === 'input' && ['', 'text', 'number', 'search'].includes(what.type))
    ) {
      await target.fill(text, quick);
      await target.press(submit, quick);
      return `${name}: typed "${text}" + ${submit}`;
    }
    if (what.tag === 'canvas' || what.type === 'range') {
      const position = {
        x: Math.max(1, at.x * what.box.width - 1),
        y: Math.max(1, at.y * what.box.height - 1),
      };
      await target.click({ ...quick, position });
      return `${name}: clicked at ${position.x.toFixed(0)}, ${position.y.toFixed(0)}`;
    }
    await target.click(quick);
    return `${name}: clicked`;
  } catch {
    // Hidden, covered, detached or disabled by the time it was reached: the monkey moves on.
    return `${name}: not reachable`;
  }
}

PAGES.forEach(({ name, url }, i) => {
  test(`a seeded monkey on ${name}: ${ACTIONS} actions, no error, and the page still answers`, async ({
    page,
  }) => {
    // A link the monkey follows may open a long experiment (the J-Machine's TSP sweep idles after
    // 35 s on a quiet host, twice that beside other work): the page must answer, however long.
    test.setTimeout(300_000);
    const seed = SEED + i;
    test.info().annotations.push({ type: 'seed', description: String(seed) });
    const replay = `MONKEY_SEED=${SEED} npx playwright test e2e/monkey.spec.ts -g "on ${name}"`;
    const messages = collectConsole(page);
    const log: string[] = [];
    await page.goto(url);
    await waitIdle(page);
    const rng = xoroshiro128plus(seed);
    for (let n = 0; n < ACTIONS; n++) {
      log.push(`${n}: ${await act(page, rng)} (${new URL(page.url()).search.slice(0, 60)})`);
    }
    const story = `seed ${seed} (replay: ${replay})\n${log.join('\n')}`;
    await test.info().attach('actions', { body: story, contentType: 'text/plain' });
    // Whatever the monkey left open (a dialog, presentation) stays; the page must still answer.
    await page.keyboard.press('Escape');
    await waitIdle(page).catch((error: unknown) => {
      throw new Error(`the page did not come back to idle (${String(error)})\n${story}`);
    });
    // By its name: the monkey may have changed the page's language.
    const theme = page.locator('.app-header select[name="theme"]');
    const next = (await theme.inputValue()) === 'dark' ? 'light' : 'dark';
    await theme.selectOption(next);
    await expect(page.locator('html'), story).toHaveAttribute('data-theme', next);
    expect(messages, story).toEqual([]);
  });
});
