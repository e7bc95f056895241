// What a tour's step does to the page around its panel: the elements it points at outlined, the
// focus brought back to the panel, the arrow keys stepping the tour.
import { useEffect } from 'react';

import { focusLost, focusSoon } from '../ui/focus';

/** Whether a key press belongs to a field being typed in, not to the page. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Marks the elements a step points at (data-tour-target, outlined by tours.css) while the step is
 * shown: one, or side by side the same chart on both sides. Charts and readouts appear with the
 * run and are drawn a render or more after it, so the page is watched until they are there. The
 * mark says whether the step's runs are done ("ready") or still running. The page is not
 * scrolled to them (that would hide the step's words); "Show me" does.
 */
export function useHighlight(selector: string | null, ready: boolean) {
  useEffect(() => {
    if (!selector) return;
    let marked: Element[] = [];
    const mark = () => {
      // A field's number box stands for the whole field (its name, slider and box).
      const targets = [...document.querySelectorAll(selector)].map((f) => f.closest('.param') ?? f);
      if (targets.length === marked.length && targets.every((t, i) => t === marked[i])) return;
      marked.forEach((e) => e.removeAttribute('data-tour-target'));
      marked = targets;
      marked.forEach((e) => e.setAttribute('data-tour-target', ready ? 'ready' : 'running'));
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      marked.forEach((e) => e.removeAttribute('data-tour-target'));
    };
  }, [selector, ready]);
}

/**
 * Where the focus goes when a step change (or the tour's opening) replaced the panel, as a step to
 * another experiment draws the page anew: the button that was pressed, else the tour's title.
 */
export function focusTourPanel(nav?: 'previous' | 'next'): void {
  focusSoon(
    () => {
      const button = nav
        ? document.querySelector<HTMLButtonElement>(
            `.tour-panel .tour-nav button:${nav === 'previous' ? 'first' : 'last'}-of-type`,
          )
        : null;
      return button && !button.disabled
        ? button
        : document.querySelector<HTMLElement>('.tour-panel h2');
    },
    { ifLost: true },
  );
}

/**
 * ← and → step the tour when not typing; the focus follows to the panel unless it was on <body>.
 */
export function useStepKeys(
  step: number,
  last: number,
  go: (nav: 'previous' | 'next', refocus: boolean) => void,
  /** The steps are not the reader's to move (a class at its lecturer's pace). */
  held = false,
) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (held || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (typing(event.target)) return;
      // Focus on <body> stays there; focus on what the step replaces comes to the panel.
      const refocus = !focusLost();
      if (event.key === 'ArrowLeft' && step > 0) go('previous', refocus);
      else if (event.key === 'ArrowRight' && step < last) go('next', refocus);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
}
