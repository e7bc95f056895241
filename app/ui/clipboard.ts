// The clipboard, as every room that offers a "Copy" button uses it (a link, an embed snippet, a
// lesson's file).

/** Copies text; rejects where the page may not use the clipboard (e.g. plain http). */
export function copyText(text: string): Promise<void> {
  if (typeof navigator.clipboard?.writeText !== 'function') {
    return Promise.reject(new Error('no clipboard on this page'));
  }
  return navigator.clipboard.writeText(text);
}
