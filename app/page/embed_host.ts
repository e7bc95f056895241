// The script an embed snippet loads into the host page (app/embed_script.ts, built as the classic
// script `embed.js` beside the embed page): it asks every archex frame on the page to fit, as it is and as each one
// loads or is added, and sets a frame's height whenever its page says it. It answers only
// messages from archex's origin (or the opaque one of a sandboxed frame), and sizes only the
// archex frame whose window sent them.
import { FIT_MESSAGE, readEmbedMessage } from '../link/embed_snippet';

/** The parts of a host page the script uses (a browser's, or a test's fakes). */
export interface HostPage {
  document: Pick<Document, 'querySelectorAll'>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  /** Calls back with each element added to the page; absent where there is no MutationObserver. */
  observeAdded?: (onAdded: (node: Node) => void) => void;
}

type Frame = Pick<HTMLIFrameElement, 'src' | 'contentWindow' | 'style' | 'addEventListener'>;

/** Fits the archex frames (those served from `origin`) of `host`; returns how many it found. */
export function fitArchexFrames(host: HostPage, origin: string): number {
  const frames = new Set<Frame>();
  const fromArchex = (frame: Frame) => {
    try {
      return new URL(frame.src).origin === origin;
    } catch {
      return false;
    }
  };
  // To any origin: a frame still loading holds the host's blank page, and the request is no secret.
  const ask = (frame: Frame) => frame.contentWindow?.postMessage(FIT_MESSAGE, '*');
  const adopt = (frame: Frame) => {
    if (frames.has(frame) || !fromArchex(frame)) return;
    frames.add(frame);
    // The snippet styles the frame by attributes only (a host's policy may refuse style
    // attributes); styles set from a script are allowed.
    frame.style.display = 'block';
    frame.style.border = '0';
    // A frame not loaded yet asks again once it is, and after each reload.
    frame.addEventListener('load', () => ask(frame));
    ask(frame);
  };
  host.document.querySelectorAll<HTMLIFrameElement>('iframe').forEach(adopt);
  host.observeAdded?.((node) => {
    if (node instanceof HTMLIFrameElement) adopt(node);
    else if (node instanceof Element) node.querySelectorAll('iframe').forEach(adopt);
  });
  host.addEventListener('message', (event) => {
    // A frame sandboxed without allow-same-origin speaks from the opaque origin 'null': its
    // message is still answered when its window is one of archex's frames.
    if (event.origin !== origin && event.origin !== 'null') return;
    const message = readEmbedMessage(event.data);
    if (!message || message.type === 'archex:error') return;
    for (const frame of frames) {
      if (frame.contentWindow === event.source)
        frame.style.height = `${Math.ceil(message.height)}px`;
    }
  });
  return frames.size;
}

/**
 * Fits this page's archex frames, once per archex site however many snippets load the script;
 * archex's origin is the script's own.
 */
export function installEmbedHost(): void {
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement)) return;
  const origin = new URL(script.src).origin;
  // Keyed by a symbol, so the host page's own names are left alone.
  const key = Symbol.for('archex.embedHosts');
  const registry = window as unknown as Record<symbol, Set<string> | undefined>;
  const installed = (registry[key] ??= new Set<string>());
  if (installed.has(origin)) return;
  installed.add(origin);
  fitArchexFrames(
    {
      document,
      addEventListener: (type, listener) => window.addEventListener(type, listener),
      observeAdded: (onAdded) =>
        new MutationObserver((records) =>
          records.forEach((r) => r.addedNodes.forEach(onAdded)),
        ).observe(document.documentElement, { childList: true, subtree: true }),
    },
    origin,
  );
}
