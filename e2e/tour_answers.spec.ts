// Predict, then reveal: every tour step that asks a question is opened from its link, and before
// Reveal nothing on the page may state the answer the reveal then prints, at the precision it
// prints it: not the visible text, the charts' SVG text, the accessible names and descriptions
// (aria-label, <title>, <desc>), the screen-reader-only text, nor the link. The tours are read
// from presets/tours, so a step added there is walked too.
import { readdirSync, readFileSync } from 'node:fs';

import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import LZString from 'lz-string';

import type { TourStepFields } from './support';
import { tourStepLink, waitIdle } from './support';

type Bound = number | Record<string, unknown>;
interface Question {
  kind: 'number' | 'choice';
  answer?: { readout?: number };
  shownBy?: { chart?: string; readout?: number; description?: true }[];
  choices?: { label: string; when: Record<string, Bound> }[];
  explain?: string;
}
interface Step extends TourStepFields {
  title: string;
  question?: Question;
}
interface Tour {
  id: string;
  steps: Step[];
}

const dir = new URL('../presets/tours/', import.meta.url);
const tours: Tour[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as Tour);

/** What the page prints in place of a value it holds back. */
const WITHHELD = 'hidden until you reveal';

/** A value as the reveal prints it: "13.9 cycles" is 13.9 to one decimal, in cycles. */
interface Printed {
  digits: string;
  decimals: number;
  /** The word of its unit that follows it: "cycles" (of "cycles/hop"), "%". */
  unit: string;
}

function printed(text: string): Printed {
  const match = /^(-?[\d,]+(?:\.(\d+))?)[\s\u00a0]*([^\s/]*)/.exec(text.trim());
  if (!match) throw new Error(`no number in '${text}'`);
  return { digits: match[1]!.replace(/,/g, ''), decimals: match[2]?.length ?? 0, unit: match[3]! };
}

/**
 * The values a reveal prints from the run: a number question's answer; for a choice, the value
 * it compares and what it is compared with, unless that is a constant of the tour.
 */
function revealed(sentence: string, question: Question): Printed[] {
  if (question.kind === 'number') {
    const match = /The run gives (.+?)\. Your prediction/.exec(sentence);
    if (!match) throw new Error(`not a number's reveal: ${sentence}`);
    return [printed(match[1]!)];
  }
  const match = /\((.+) against (.+)\)\./.exec(sentence);
  if (!match) throw new Error(`not a choice's reveal: ${sentence}`);
  const bounds = (question.choices ?? []).flatMap((c) =>
    ['above', 'atLeast', 'below', 'atMost'].flatMap((k) => (k in c.when ? [c.when[k]] : [])),
  );
  const constant = bounds.every((b) => typeof b === 'number');
  return [printed(match[1]!), ...(constant ? [] : [printed(match[2]!)])];
}

/** Significant digits of a printed number: "0.35" has 2, "2" has 1. */
function significant(digits: string): number {
  return digits.replace(/^-?0*\.?0*/, '').replace('.', '').length;
}

const NUMBER = /(?<![\w.,])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\d.,]\d)/g;

/**
 * Where `text` states `value`: a number that prints as it at its precision (13.92 as 13.9), or,
 * for a percentage, a fraction written with as many digits (0.0978 as 9.78 %). A short value is a
 * statement only where it stands as one, not as a label's number ("Fig. 2", "node 50 88 %"): a
 * value of one or two significant digits with its unit after it, or alone (a table's cell, a
 * bar's total); one of two digits also at the end of a phrase ("… to 50.04.").
 */
function statements(text: string, value: Printed): string[] {
  const found: string[] = [];
  const digits = significant(value.digits);
  for (const match of text.matchAll(NUMBER)) {
    const token = match[0];
    const n = Number(token.replace(/,/g, ''));
    const decimals = token.split('.')[1]?.length ?? 0;
    const asPrinted = n.toFixed(value.decimals) === value.digits;
    const asFraction =
      value.unit === '%' && decimals >= value.decimals + 2
        ? (n * 100).toFixed(value.decimals) === value.digits
        : false;
    if (!asPrinted && !asFraction) continue;
    const after = text.slice(match.index + token.length).replace(/^[\s\u00a0]+/, '');
    const withUnit = value.unit !== '' && after.startsWith(value.unit);
    const alone = text.trim() === token;
    const ends = digits === 2 && /^([.,;)]|$)/.test(after);
    if (digits < 3 && !withUnit && !alone && !ends) continue;
    const at = match.index;
    found.push(text.slice(Math.max(0, at - 60), at + token.length + 30).replace(/\s+/g, ' '));
  }
  return found;
}

/** A text of the page and where it is, for the failure message. */
interface Said {
  where: string;
  text: string;
}

/**
 * Everything the page says, to the eye and to a screen reader: the rendered text (with text only
 * a screen reader gets, and not the contents of closed <details>), each chart's SVG text, title and
 * description, and every accessible name and tooltip. Left out: axis tick labels and the options
 * of menus, which list the scale and the choices whatever the run gives, and the step counter.
 */
async function pageSays(page: Page): Promise<Said[]> {
  return page.evaluate(() => {
    const out: { where: string; text: string }[] = [];
    const name = (el: Element) => {
      const chart = el.closest('[data-chart], [data-chart-card], [data-readout]');
      const tag = el.tagName.toLowerCase();
      const cls = typeof el.className === 'string' && el.className ? `.${el.className}` : '';
      const attr = chart
        ? ['data-chart', 'data-chart-card', 'data-readout']
            .filter((a) => chart.hasAttribute(a))
            .map((a) => `[${a}=${chart.getAttribute(a)}]`)
            .join('')
        : '';
      return `${attr} ${tag}${cls}`.trim();
    };
    const skip = (el: Element) =>
      el.closest('select, option, script, style, .tour-progress') !== null ||
      (el.closest('.axis') !== null &&
        el.tagName.toLowerCase() === 'text' &&
        !el.matches('.axis-label'));
    const shown = (el: Element) =>
      el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true }) ||
      // <title> and <desc> are not drawn but are read out, while their SVG is shown.
      (['title', 'desc'].includes(el.tagName.toLowerCase()) &&
        (el.closest('svg')?.checkVisibility() ?? false));
    // An element of text alone is read whole ("Assumed (2)" is three text nodes to React).
    const read = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || read.has(el) || skip(el) || !shown(el)) continue;
      const leaf = el.children.length === 0;
      if (leaf) read.add(el);
      const text = (leaf ? el.textContent : node.textContent)?.trim() ?? '';
      if (text) out.push({ where: name(el), text });
    }
    for (const el of document.body.querySelectorAll(
      '[aria-label], [aria-description], [title], [alt]',
    )) {
      if (skip(el) || !shown(el)) continue;
      for (const a of ['aria-label', 'aria-description', 'title', 'alt']) {
        const text = el.getAttribute(a);
        if (text) out.push({ where: `${name(el)} @${a}`, text });
      }
    }
    return out;
  });
}

/** Every number in a JSON value, by its path. */
function numbers(value: unknown, path = ''): [string, number][] {
  if (typeof value === 'number') return [[path, value]];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => numbers(v, `${path}.${k}`));
  }
  return [];
}

/**
 * The link's state, less what the step's own link sets (its parameters, charts and view, the
 * tour's place): what the page added to the link, which must not hold the answer either.
 */
function linkAdds(url: string, own: string): Said[] {
  const state = (href: string) => {
    const payload = new URL(href, 'http://x/').searchParams.get('s') ?? '';
    const json =
      payload[0] === 'z'
        ? LZString.decompressFromEncodedURIComponent(payload.slice(1))
        : payload.slice(1);
    return JSON.parse(json || '{}') as unknown;
  };
  const set = new Set(numbers(state(own)).map(([p, v]) => `${p}=${v}`));
  return numbers(state(url))
    .filter(([p, v]) => !set.has(`${p}=${v}`))
    .map(([p, v]) => ({ where: `the link ${p}`, text: String(v) }));
}

const asked = tours.flatMap((tour) =>
  tour.steps.flatMap((step, i) =>
    step.question ? [{ tour, step, i, question: step.question }] : [],
  ),
);

for (const { tour, step, i, question } of asked) {
  test(`${tour.id} step ${i + 1} (${step.title}): nothing states the answer before Reveal`, async ({
    page,
  }) => {
    // A long run (a 64-node program) is waited for, as a student would.
    test.setTimeout(30 * 60_000);
    const link = tourStepLink(tour.id, i, step);
    await page.goto(link);
    await waitIdle(page);
    // A run the page paused as long is run anyway, as the student would.
    const anyway = page.getByRole('button', { name: 'Run it anyway' });
    if (await anyway.isVisible()) {
      await anyway.click();
      await waitIdle(page);
    }
    const panel = page.locator('.tour-panel');
    await expect(panel).toContainText(`Step ${i + 1} of ${tour.steps.length}`);
    const reveal = panel.getByRole('button', { name: 'Reveal' });
    await expect(panel.locator('button[type="submit"]')).toHaveText('Reveal');

    const before = await pageSays(page);
    const url = page.url();
    // What the step names as giving the answer away is held back whole.
    const shownBy = question.shownBy ?? [];
    // Side by side, on both sides.
    for (const held of shownBy) {
      if (held.chart !== undefined) {
        const cards = page.locator(`[data-chart-card="${held.chart}"]`);
        await expect(cards.first()).toBeVisible();
        for (const card of await cards.all()) {
          await expect(card.locator('.chart-withheld')).toBeVisible();
          await expect(card.locator('svg')).toHaveCount(0);
        }
      }
      if (held.readout !== undefined) {
        for (const list of await page.locator('.readouts').all()) {
          await expect(list.locator('dd').nth(held.readout)).toHaveText(WITHHELD);
        }
      }
      if (held.description) {
        for (const description of await page.locator('.preset-description').all()) {
          await expect(description).toContainText(WITHHELD);
        }
      }
    }

    // Side by side, one figure of both runs is not offered: it would draw what each side holds.
    const sideFigure = page.getByRole('group', { name: 'Both runs in one figure' });
    const sides = (await page.locator('.side-by-side').count()) > 0;
    if (sides) await expect(sideFigure).toHaveCount(0);

    // What the answer means is said with it, not before.
    if (question.explain !== undefined) {
      await expect(page.locator('body')).not.toContainText(question.explain);
    }

    if (question.kind === 'number') await panel.getByLabel('Your prediction').fill('1');
    else await panel.getByRole('radio').first().check();
    await reveal.click();
    const sentence = (await panel.locator('.tour-reveal').textContent()) ?? '';
    const values = revealed(sentence, question);
    if (question.explain !== undefined) {
      await expect(panel.locator('.tour-explain')).toHaveText(question.explain);
    }

    const leaks = values.flatMap((value) =>
      [...before, ...linkAdds(url, link)].flatMap(({ where, text }) =>
        statements(text, value).map((s) => `${value.digits} ${value.unit} in ${where}: …${s}…`),
      ),
    );
    expect(leaks, `the answer (${sentence}) before Reveal`).toEqual([]);

    // Revealed, the page shows again all it held back.
    await waitIdle(page);
    const after = await pageSays(page);
    expect(after.filter((s) => s.text.includes(WITHHELD))).toEqual([]);
    await expect(page.locator('.chart-withheld')).toHaveCount(0);
    if (sides) await expect(sideFigure).toHaveCount(1);
    for (const held of shownBy.filter((h) => h.chart !== undefined)) {
      await expect(page.locator(`svg[data-chart="${held.chart}"]`).first()).toBeVisible();
    }
    if (question.answer?.readout !== undefined) {
      const readout = page.locator('.readouts dd').nth(question.answer.readout);
      expect(statements((await readout.textContent()) ?? '', values[0]!)).not.toEqual([]);
    }
  });
}
