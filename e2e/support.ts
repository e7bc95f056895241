import type { ConsoleMessage, Page } from '@playwright/test';

/** Waits for the app's idle signal: no engine request pending and the latest result drawn. */
export async function waitIdle(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.idle === 'true');
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

/** A tour step's own link, written as the page writes it (version 5, plain JSON). */
export function tourStepLink(tour: string, step: number, s: TourStepFields): string {
  const state = {
    v: 5,
    preset: s.presetId,
    ...(s.params ? { params: s.params } : {}),
    ...(s.seed !== undefined ? { seed: s.seed } : {}),
    ...(s.charts ? { charts: s.charts } : {}),
    ...(s.view ? { view: s.view } : {}),
    layout: { kind: 'tour', tour, step },
  };
  return `./?s=j${encodeURIComponent(JSON.stringify(state))}`;
}
