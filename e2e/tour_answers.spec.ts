// Predict, then reveal: every tour step that asks a question is opened from its link. Before
// Reveal the pane whose run answers it draws no chart, readout or trace view, and nothing on the
// page states the answer the reveal then prints (a number in its unit within the question's
// closeness): not the visible text, the charts' SVG text, the accessible names and descriptions
// (aria-label, <title>, <desc>), the screen-reader-only text, nor the link. After it, the
// outcome is drawn. The tours are read from presets/tours, so a step added there is walked too.
// (The tour walker, app/tours/tours.test.ts, checks the same on the data drawn.)
import { readdirSync, readFileSync } from 'node:fs';

import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import LZString from 'lz-string';

import type { TourStepFields } from './support';
import { tourStepLink, waitIdle } from './support';

type Bound = number | Record<string, unknown>;
interface Question {
  kind: 'number' | 'choice';
  answer?: { readout?: number; side?: 'right' };
  close?: number;
  shownBy?: { chart?: string; readout?: number; description?: true }[];
  choices?: { label: string; when: Record<string, Bound> & { value: { side?: 'right' } } }[];
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

/** A value as the reveal prints it: "13.9 cycles" is 13.9 in cycles. */
interface Printed {
  digits: string;
  value: number;
  /** The word of its unit that follows it: "cycles" (of "cycles/hop"), "%". */
  unit: string;
}

function printed(text: string): Printed {
  const match = /^(-?[\d,]+(?:\.\d+)?)[\s\u00a0]*([^\s/]*)/.exec(text.trim());
  if (!match) throw new Error(`no number in '${text}'`);
  const digits = match[1]!.replace(/,/g, '');
  return { digits, value: Number(digits), unit: match[2]! };
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

const NUMBER = /(?<![\w.,])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\d.,]\d)/g;

/**
 * Where `text` states `value`: a number within `close` of it followed by its unit ("43 cycles"),
 * or, for a value printed without a unit or as a percentage, a number standing alone (a table's
 * cell, a bar's total) or with its percent sign.
 */
function statements(text: string, value: Printed, close: number): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const token = match[0];
    const n = Number(token.replace(/,/g, ''));
    if (Math.abs(n - value.value) > close * Math.abs(value.value)) continue;
    const after = text.slice(match.index + token.length).replace(/^[\s\u00a0]+/, '');
    const withUnit = value.unit !== '' && after.startsWith(value.unit);
    const alone = text.trim() === token;
    if (!withUnit && !alone) continue;
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
 * description, every accessible name and tooltip, the options of a shown menu (a sweep's points to
 * watch) and what a field's help behind its "?" says a calibrated cost was fitted on, one click
 * away. Left out: axis tick labels, which list the scale whatever the run gives, the fields'
 * values and choices, which the step sets, and the step counter.
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
    // The parameters are the step's set-up, shown on purpose; their fields say what was set.
    const skip = (el: Element) =>
      el.closest('script, style, .tour-progress, .tour-prediction') !== null ||
      (el.closest('.param') !== null && el.closest('.param-tip') === null) ||
      (el.closest('.axis') !== null &&
        el.tagName.toLowerCase() === 'text' &&
        !el.matches('.axis-label'));
    const shown = (el: Element) =>
      el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true }) ||
      // <title> and <desc> are not drawn but are read out, while their SVG is shown.
      (['title', 'desc'].includes(el.tagName.toLowerCase()) &&
        (el.closest('svg')?.checkVisibility() ?? false)) ||
      // A menu's options and a field's help are read once opened, while their field is shown.
      (el.closest('option, .param-tip') !== null &&
        (el.closest('select, .param')?.checkVisibility() ?? false));
    // An element of text alone is read whole ("Assumed (2)" is three text nodes to React).
    const read = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || read.has(el) || skip(el) || !shown(el)) continue;
      const leaf = el.children.length === 0;
      if (leaf) read.add(el);
      const text = (leaf ? el.textContent : node.textContent)?.trim() ?? '';
      // Of a field's help only what a calibrated cost was fitted on, a measurement the step may
      // ask; the rest is the set-up the question builds on (a field's own value, its input).
      if (el.closest('.param-tip') && !/\bCalibrated: /.test(text)) continue;
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
    await expect(reveal).toHaveText('Reveal');

    const before = await pageSays(page);
    const url = page.url();
    // The pane whose run answers the question draws none of its outcomes: each chart is a
    // card that says it is drawn on Reveal, each readout says it is hidden, no trace view.
    const right = reads(question) === 'right';
    const own = page.locator(
      right ? 'main[data-pane="right"]' : 'main[data-pane]:not([data-pane="right"])',
    );
    await expect(own.locator('[data-chart-card] svg')).toHaveCount(0);
    await expect(own.locator('[data-chart-card] .chart-withheld')).toHaveCount(
      await own.locator('[data-chart-card]').count(),
    );
    for (const value of await own.locator('.readouts dd').all()) {
      await expect(value).toHaveText(WITHHELD);
    }
    await expect(own.locator('.trace-view')).toHaveCount(0);
    // What the step names as giving the answer away is held back whole on the other side too.
    for (const held of question.shownBy ?? []) {
      if (held.chart !== undefined) {
        for (const card of await page.locator(`[data-chart-card="${held.chart}"]`).all()) {
          await expect(card.locator('svg')).toHaveCount(0);
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

    const close = question.kind === 'number' ? (question.close ?? 0.2) : 0;
    const leaks =
      question.kind === 'number'
        ? values.flatMap((value) =>
            [...before, ...linkAdds(url, link)].flatMap(({ where, text }) =>
              statements(text, value, close).map(
                (s) => `${value.digits} ${value.unit} in ${where}: …${s}…`,
              ),
            ),
          )
        : [];
    expect(leaks, `the answer (${sentence}) before Reveal`).toEqual([]);

    // Revealed, the page draws the outcome: the answering pane's charts, its readouts.
    await waitIdle(page);
    const after = await pageSays(page);
    expect(after.filter((s) => s.text.includes(WITHHELD))).toEqual([]);
    await expect(page.locator('.chart-withheld')).toHaveCount(0);
    if (sides) await expect(sideFigure).toHaveCount(1);
    const drawn = await own.locator('[data-chart-card] svg, .readouts dd').count();
    expect(drawn, 'the outcome drawn after Reveal').toBeGreaterThan(0);
    if (question.answer?.readout !== undefined) {
      const readouts = await own.locator('.readouts dd').allTextContents();
      const stated = readouts.filter((t) => statements(t, values[0]!, 0.001).length > 0);
      expect(stated, `the answer's readout among ${readouts.join('; ')}`).not.toEqual([]);
    }
  });
}

/** The pane whose run a question reads: the right side of side by side, or the first. */
function reads(question: Question): 'first' | 'right' {
  const refs =
    question.kind === 'number'
      ? [question.answer]
      : (question.choices ?? []).map((c) => c.when.value);
  return refs.some((r) => r?.side === 'right') ? 'right' : 'first';
}
