// Every preset's default view as a user meets it: from a change of one control to the charts
// drawn again and the page idle.
import type { Browser, Page } from '@playwright/test';
import type { ArchexModule } from '#wasm/archex';

import { loadNodeModule } from '../engine/node_module';
import { loadPresetsFromDisk } from '../presets/from_disk';
import type { Preset } from '../presets/schema';
import { presetParams } from '../presets/schema';
import { emit } from './measure';

/** A run longer than this is a hang, not a slow redraw. */
const RUN_LIMIT_MS = 600_000;
/** Controls tried per preset before it is reported as having none the engine takes. */
const CONTROLS_TRIED = 8;

interface Redraw {
  /** From the change to the charts showing the new run's first points. */
  firstMs: number;
  /** From the change to the page idle: the new run done and drawn. */
  ms: number;
  paused: boolean;
}

/**
 * For each preset: open its default view (a view that pauses to ask is run anyway, and said),
 * then change its first number control the engine accepts (its field and the model: a J-Machine
 * breakdown machine of 65 nodes is refused by the model) to values not run before (up to three:
 * a whole number by 1, -1 and 2, another by 1 %, -1 % and 2 %), then back to the start, each timed
 * from the change to the charts showing the new run's first points (`data-current`) and to the
 * page idle (`data-idle`: the run done and drawn). The new values measure the engine; the way
 * back is a request already run, which the engine's pool gives from what it kept
 * (`_seen_ms`). A change whose run pauses to ask is run anyway at once, its time counted through
 * the pause. Prints per preset the medians over the new values and whether any paused; then over
 * all presets the median and the worst of each, and how many redraw within 1 s. `only`: these
 * presets alone.
 */
export async function presetRedraws(browser: Browser, base: string, only?: string[]) {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.addInitScript('globalThis.__name = (f) => f;');
  const medians: number[] = [];
  const firsts: number[] = [];
  const module = await loadNodeModule();
  try {
    const presets = loadPresetsFromDisk().filter((p) => !only?.length || only.includes(p.id));
    for (const preset of presets) {
      const opened = await timed(page, () => page.goto(`${base}?preset=${preset.id}`));
      emit(`chromium.redraw.${preset.id}.open_ms`, Math.round(opened.ms), 'ms');
      if (opened.paused) emit(`chromium.redraw.${preset.id}.open_paused`, 1, 'count');
      const found = await acceptedChange(page, (param, value) =>
        modelTakes(module, preset, param, value),
      );
      if (!found) {
        emit(`chromium.redraw.${preset.id}.no_control`, 1, 'count');
        continue;
      }
      const { param, start, values } = found;
      const runs: Redraw[] = [];
      for (const value of values) {
        runs.push(await timed(page, () => setNumber(page, param, value)));
      }
      const back = await timed(page, () => setNumber(page, param, start));
      emit(`chromium.redraw.${preset.id}.${param}_seen_ms`, Math.round(back.ms), 'ms');
      const ms = median(runs.map((r) => r.ms));
      const first = median(runs.map((r) => r.firstMs));
      medians.push(ms);
      firsts.push(first);
      emit(`chromium.redraw.${preset.id}.${param}_first_ms`, Math.round(first), 'ms');
      emit(`chromium.redraw.${preset.id}.${param}_ms`, Math.round(ms), 'ms');
      emit(`chromium.redraw.${preset.id}.paused`, runs.filter((r) => r.paused).length, 'count');
    }
  } finally {
    await page.close();
  }
  emit('chromium.redraw.first_median_ms', Math.round(median(firsts)), 'ms');
  emit('chromium.redraw.first_worst_ms', Math.round(Math.max(...firsts)), 'ms');
  emit('chromium.redraw.first_within_1s', firsts.filter((ms) => ms <= 1000).length, 'count');
  emit('chromium.redraw.median_ms', Math.round(median(medians)), 'ms');
  emit('chromium.redraw.worst_ms', Math.round(Math.max(...medians)), 'ms');
  emit('chromium.redraw.within_1s', medians.filter((ms) => ms <= 1000).length, 'count');
  emit('chromium.redraw.presets', medians.length, 'count');
}

/**
 * `act`, then the page's frames until it is idle again; a held run (paused to ask) is let go at
 * once. Times from just before `act`: to the first idle frame after it, and (the page's own
 * clock) to the first time the charts showed the new run (`data-current` turning true after `act`
 * made it false; a change that needs no run is current when it is idle).
 */
async function timed(page: Page, act: () => Promise<unknown>): Promise<Redraw> {
  const start = Date.now();
  await page.evaluate(() => {
    const w = window as unknown as {
      __signals?: { t: number; current: string }[];
      __watch?: MutationObserver;
    };
    const html = document.documentElement;
    const signals = [{ t: performance.now(), current: 'start' }];
    w.__signals = signals;
    w.__watch?.disconnect();
    w.__watch = new MutationObserver(() =>
      signals.push({ t: performance.now(), current: html.dataset.current ?? '' }),
    );
    w.__watch.observe(html, { attributes: true, attributeFilter: ['data-current', 'data-idle'] });
  });
  let paused = false;
  await act();
  for (;;) {
    const state = await page.waitForFunction(
      () =>
        document.querySelector('.run-notice button')
          ? 'held'
          : document.documentElement.dataset.idle === 'true'
            ? 'idle'
            : null,
      null,
      { polling: 'raf', timeout: RUN_LIMIT_MS },
    );
    if ((await state.jsonValue()) === 'idle') break;
    paused = true;
    await page.locator('.run-notice button').click();
  }
  const ms = Date.now() - start;
  // A page opened afresh (`act` navigated) has no record: its first points are not told apart.
  const firstMs = await page.evaluate((whole) => {
    const signals = (window as unknown as { __signals?: { t: number; current: string }[] })
      .__signals;
    if (!signals) return whole;
    const off = signals.findIndex((s) => s.current === 'false');
    const on = off < 0 ? -1 : signals.findIndex((s, i) => i > off && s.current === 'true');
    return on < 0 ? whole : signals[on]!.t - signals[0]!.t;
  }, ms);
  return { ms, firstMs, paused };
}

/** Types `value` into the control of `param`, as a user does. */
async function setNumber(page: Page, param: string, value: string) {
  await page.locator(`.param-inputs input[data-param-number="${param}"]`).fill(value);
}

/**
 * The first of the view's number controls with a step the engine accepts (no field error), its
 * start value and the steps it accepts (up to three), to time. The page is left at its start
 * value (each step tried is filled and taken back at once, too soon for a run to finish more
 * than the quickest of points).
 */
async function acceptedChange(
  page: Page,
  takes: (param: string, value: string) => boolean,
): Promise<{ param: string; start: string; values: string[] } | null> {
  const controls = page.locator('.param-inputs input[data-param-number]');
  const count = Math.min(await controls.count(), CONTROLS_TRIED);
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    const param = (await control.getAttribute('data-param-number')) ?? '';
    const start = await control.inputValue();
    const v = Number(start);
    if (start.trim() === '' || !Number.isFinite(v)) continue;
    const values: string[] = [];
    for (const step of steps(v)) {
      await control.fill(step);
      const invalid = (await control.getAttribute('aria-invalid')) === 'true';
      // Back to the start value: the same request, so no run starts (or the one started stops).
      await timed(page, () => control.fill(start));
      if (!invalid && takes(param, step)) values.push(step);
    }
    if (values.length > 0) return { param, start, values };
  }
  return null;
}

/**
 * Whether the model takes the preset's parameters with `param` at `value`: built and planned in
 * Node, nothing run. A value its field allows may still be refused by the model itself.
 */
function modelTakes(module: ArchexModule, preset: Preset, param: string, value: string): boolean {
  const sim = new module.Simulation(
    preset.model,
    { ...presetParams(preset), [param]: Number(value) },
    preset.seed,
  );
  try {
    if (sim.error() !== null) return false;
    sim.pointWeights();
    return sim.error() === null;
  } finally {
    sim.delete();
  }
}

/** A step up, one down and two up: a whole number by 1, another by 1 % (4 significant digits). */
function steps(v: number): string[] {
  if (Number.isInteger(v)) return [String(v + 1), String(v - 1), String(v + 2)];
  const round = (x: number) => String(Number(x.toPrecision(4)));
  return [round(v * 1.01), round(v * 0.99), round(v * 1.02)];
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
}
