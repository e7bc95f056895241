// Edits of a state that keep the rest of it: its first pane, the page's layout, a step's pins.
import type { Pane, PageLayout, Layout, Pin, UrlState } from './link_types';

/** The first pane of a state (its own fields, without the page's). */
export function firstPane(state: UrlState): Pane {
  const { theme: _theme, layout: _layout, present: _present, ...pane } = state;
  return pane;
}

/**
 * The pins a tour's step on `presetId` keeps: those made on that experiment. The step's words
 * say nothing of another experiment's curves, which its charts would otherwise draw (a custom
 * network's pin on the deadlock lesson's latency curve).
 */
export function pinsForStep(pins: Pin[], presetId: string): Pin[] {
  return pins.filter((pin) => pin.presetId === presetId);
}

/** A state with its first pane replaced, the page's fields kept. */
export function withFirstPane(state: UrlState, pane: Pane): UrlState {
  const { theme, layout, present } = state;
  return {
    ...pane,
    ...(theme !== undefined ? { theme } : {}),
    ...(layout !== undefined ? { layout } : {}),
    ...(present !== undefined ? { present } : {}),
  };
}

/** The layout that shapes the page: the link's own, or the one a tour's step opened. */
export function pageLayout(layout: Layout | undefined): PageLayout | undefined {
  return layout?.kind === 'tour' ? layout.open : layout;
}

/**
 * A state with the page's layout replaced (undefined: the first pane alone), inside the tour's
 * step when a tour is open, so changing the layout does not leave the tour.
 */
export function withPageLayout(state: UrlState, page: PageLayout | undefined): UrlState {
  const { layout, ...rest } = state;
  if (layout?.kind === 'tour') {
    const { open: _open, ...tour } = layout;
    return { ...rest, layout: page ? { ...tour, open: page } : tour };
  }
  return page ? { ...rest, layout: page } : rest;
}
