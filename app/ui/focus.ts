// Where the keyboard's focus goes when an action replaces what held it (a view opened or closed,
// presentation entered or left, a tour opened or stepped to another experiment): React removes the
// element with the focus and the browser drops the focus on <body>, so a keyboard or screen-reader
// user starts again from the top of the page. The element to focus is often drawn a render or
// more after the action (the view's panel, the explorer after presentation), so it is looked for
// frame by frame for a while.

/** Frames to look for the element before giving up (about a second at 60 frames a second). */
const TRIES = 60;

/** Whether the focus was dropped: on <body> (its element was removed) or nowhere. */
export function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected;
}

/**
 * Focuses what `find` returns, once it is in the page (the browser scrolls it into sight if need
 * be). `ifLost`: only where the focus was dropped by then, never taken from where the user has
 * put it since.
 */
export function focusSoon(
  find: () => HTMLElement | null | undefined,
  { ifLost = false }: { ifLost?: boolean } = {},
): void {
  let tries = 0;
  const attempt = () => {
    if (ifLost && !focusLost()) return;
    const element = find();
    if (element?.isConnected) {
      element.focus();
      return;
    }
    if (++tries < TRIES) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
