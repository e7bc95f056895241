// The first script of archex's pages (app/embed_boot_script.ts, built as the classic script
// embed-boot.js): the chart's embed page and the explorer, which a lesson's snippet frames. A
// classic script loads where the page's module scripts may be refused, so it can say that they
// were, in the page and to the page around it, instead of leaving a blank box. A frame sandboxed
// without allow-same-origin has the origin `null`; the browser fetches module scripts there with
// CORS, and refuses them from a site that does not let every origin read them (a static host
// without the header, the development server).
import type { EmbedMessage } from '../link/embed_snippet';

/** Whether this page is in a frame. */
export function framed(page: Pick<Window, 'parent'> = window): boolean {
  try {
    return page.parent !== page;
  } catch {
    return true;
  }
}

/** Says `message` to the page around this one; its height and state tell nothing private. */
export function tellHost(message: EmbedMessage, page: Pick<Window, 'parent'> = window): void {
  if (framed(page)) page.parent.postMessage(message, '*');
}

/** Whether a document of `origin` is opaque: a frame sandboxed without allow-same-origin. */
export function opaqueOrigin(origin: string): boolean {
  return origin === 'null';
}

/**
 * Why the page's script `file` did not load, in words, for a document of `origin`; `what` names
 * the page ("This chart", "archex").
 */
export function scriptRefused(origin: string, file: string, what = 'This chart'): string {
  return opaqueOrigin(origin)
    ? `${what} cannot load in this frame: the page around it sandboxes the frame without ` +
        "allow-same-origin, where the browser loads archex's scripts only from a site that lets " +
        `every origin read them (Access-Control-Allow-Origin), and it refused ${file}. The ` +
        "page's author can add allow-same-origin to the frame's sandbox, or serve archex with " +
        'that header.'
    : `${what} could not load: its script ${file} did not arrive. Reload the page to try again.`;
}

/** What the watch needs of the page (a browser's, or a test's fakes). */
export interface BootPage {
  origin: string;
  /** What the page is, for the words: "This chart", "archex". */
  what(): string;
  addEventListener(type: 'error', listener: (event: Event) => void, capture: true): void;
  /** Shows `message` as the page's content, an alert, and marks the page idle. */
  show(message: string): void;
  tell(message: EmbedMessage): void;
}

/**
 * Watches the page's scripts load: the first that fails (its load error reaches the window in the
 * capture phase, as no load error bubbles) is said in words and as 'archex:error'.
 */
export function watchScriptLoads(page: BootPage): void {
  let failed = false;
  page.addEventListener(
    'error',
    (event) => {
      const target = event.target as Partial<HTMLScriptElement> | null;
      if (failed || target?.localName !== 'script' || !target.src) return;
      failed = true;
      // A file by its name ("embed-1.js"); the development server's by its path ("@vite/client").
      const path = new URL(target.src).pathname;
      const file = /\.\w+$/.test(path) ? path.split('/').pop()! : path.replace(/^\//, '');
      const message = scriptRefused(page.origin, file, page.what());
      page.show(message);
      page.tell({ type: 'archex:error', message });
    },
    true,
  );
}

/** The watch over this page: the words replace the page's content (#root). */
export function watchThisPage(): void {
  watchScriptLoads({
    origin: window.origin,
    // Read once a script fails, when the body is there: the embed page's is marked.
    what: () => (document.body.classList.contains('embed') ? 'This chart' : 'archex'),
    addEventListener: (type, listener, capture) => window.addEventListener(type, listener, capture),
    show: (message) => {
      const alert = document.createElement('p');
      alert.className = 'banner error';
      alert.setAttribute('role', 'alert');
      alert.textContent = message;
      document.getElementById('root')?.replaceChildren(alert);
      document.documentElement.dataset.idle = 'true';
    },
    tell: (message) => tellHost(message),
  });
}
