import type { ConsoleMessage, FrameLocator, Page } from '@playwright/test';
import LZString from 'lz-string';

import { URL_VERSION } from '../app/link/link_types';
import { loadPresetsFromDisk } from '../app/presets/from_disk';
import type { Preset } from '../app/presets/schema';

/**
 * Waits for the app's idle signal (`data-idle="true"` on <html>): every run answered, nothing
 * pending and the latest result drawn. `target` is a page or an embed's frame. Without a
 * timeout it waits as long as the test may run, as a loaded host can need; never a fixed time.
 */
export async function waitIdle(target: Page | FrameLocator, options: { timeout?: number } = {}) {
  await target
    .locator('html[data-idle="true"]')
    .waitFor({ state: 'attached', timeout: options.timeout ?? 0 });
}

/**
 * Waits for the current run's result, as the long models need: the idle signal, and when a loaded
 * host made the run look longer than the page runs unasked (it pauses and asks), runs it anyway
 * and waits again, so a slow host still gets to the result rather than to the question.
 */
export async function waitRun(page: Page) {
  await waitIdle(page);
  const anyway = page.getByRole('button', { name: 'Run it anyway' });
  if ((await anyway.count()) === 0) return;
  await anyway.click();
  await anyway.waitFor({ state: 'detached', timeout: 0 });
  await waitIdle(page);
}

/** The state a page's link holds (`?s=`, plain JSON or lz-string), as the app wrote it. */
export function linkState(url: string): Record<string, unknown> | null {
  const payload = new URL(url).searchParams.get('s');
  if (payload === null) return null;
  const json =
    payload[0] === 'z'
      ? LZString.decompressFromEncodedURIComponent(payload.slice(1))
      : payload[0] === 'j'
        ? payload.slice(1)
        : null;
  return json ? (JSON.parse(json) as Record<string, unknown>) : null;
}

/** The trace view the page's link holds: the moment shown, what is selected, the zoom. */
export function linkView(page: Page): Record<string, unknown> | undefined {
  return linkState(page.url())?.view as Record<string, unknown> | undefined;
}

/** Every console error or warning and uncaught error of the page, to assert there are none. */
export function collectConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  return messages;
}

/** The `d` of every path of a chart, in document order: equal lists mean the same drawing. */
export async function chartPaths(page: Page, chart: string): Promise<string[]> {
  return page
    .locator(`svg[data-chart="${chart}"] path`)
    .evaluateAll((paths) => paths.map((p) => p.getAttribute('d') ?? ''));
}

/** The fields of a tour step that its link carries. */
export interface TourStepFields {
  presetId: string;
  params?: Record<string, unknown>;
  seed?: number;
  charts?: Record<string, unknown>;
  view?: Record<string, unknown>;
}

/** A tour step's own link, written as the page writes it (its version, plain JSON). */
export function tourStepLink(tour: string, step: number, s: TourStepFields): string {
  const state = {
    v: URL_VERSION,
    preset: s.presetId,
    ...(s.params ? { params: s.params } : {}),
    ...(s.seed !== undefined ? { seed: s.seed } : {}),
    ...(s.charts ? { charts: s.charts } : {}),
    ...(s.view ? { view: s.view } : {}),
    layout: { kind: 'tour', tour, step },
  };
  return `./?s=j${encodeURIComponent(JSON.stringify(state))}`;
}

let shipped: Preset[] | undefined;

/** A shipped preset, as the app reads it (with the bases it extends). */
function shippedPreset(id: string): Preset {
  shipped ??= loadPresetsFromDisk();
  const preset = shipped.find((p) => p.id === id);
  if (!preset) throw new Error(`no preset '${id}' in presets/`);
  return preset;
}

/** The rows of a preset's validation table: one for each paper target the preset lists. */
export function targetRows(presetId: string): number {
  return shippedPreset(presetId).reference.length;
}

/** The targets a preset lists as known misses, each a row marked so. */
export function knownMisses(presetId: string): number {
  return shippedPreset(presetId).reference.filter((r) => r.knownMiss !== undefined).length;
}
