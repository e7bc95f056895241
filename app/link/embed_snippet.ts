// The embed snippet and the messages between the embed page and the page it is embedded in. The
// snippet is a frame and a script file from archex's own site (never inline script, which a host's
// content security policy blocks, archex's own included): the script asks each archex frame to
// take its own height ('archex:fit' message) and sets the frame's height whenever it says it
// ('archex:resized').
// Where no script runs (a host's policy refuses it), the frame keeps the snippet's height and the
// embed page fills it. The messages are the embed API: a host page may listen for them itself.

/** What the embed page says to the page around it, by `postMessage` to any origin. */
export type EmbedMessage =
  /** The chart is drawn; `height` is the page's height in px. */
  | { type: 'archex:ready'; chart: string; title: string; height: number }
  /** The page's height in px changed (as laid out at its own height once asked to fit). */
  | { type: 'archex:resized'; height: number }
  /** Nothing can be drawn (the engine did not load, the link names no chart, the run failed). */
  | { type: 'archex:error'; message: string };

/** What a host page may say to the embed page: size me to my height, which I will report. */
export interface FitMessage {
  type: 'archex:fit';
}

export const FIT_MESSAGE: FitMessage = { type: 'archex:fit' };

/**
 * The height the snippet gives the frame before any message, and keeps where no script may run:
 * the embed page then fits its chart, caption and link into it.
 */
export const SNIPPET_HEIGHT_PX = 480;

/** The script a snippet loads, beside the embed page on archex's site. */
export const HOST_SCRIPT = 'embed.js';

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** A frame of `height` px holding `url`, styled by attributes only. */
function frameHtml(url: string, title: string, height: number): string {
  return (
    `<iframe src="${escapeAttribute(url)}" title="${escapeAttribute(title)}" width="100%" ` +
    `height="${height}" frameborder="0" loading="lazy"></iframe>`
  );
}

/**
 * The height of a whole lesson's frame: the explorer with its tour panel, which scrolls inside it
 * (the explorer does not fit itself to a frame as a chart's embed page does).
 */
export const LESSON_FRAME_HEIGHT_PX = 900;

/** The HTML to paste for a whole lesson: its link in a frame, with no script to load. */
export function lessonSnippet(url: string, title: string): string {
  return frameHtml(url, title, LESSON_FRAME_HEIGHT_PX);
}

/**
 * The height of the compact lesson view's frame (lesson.html: the step's panel and charts, no
 * explorer around them), which scrolls inside it as the whole lesson's does.
 */
export const COMPACT_FRAME_HEIGHT_PX = 720;

/** The HTML to paste for a lesson's compact view: its link in a frame, with no script. */
export function compactLessonSnippet(url: string, title: string): string {
  return frameHtml(url, title, COMPACT_FRAME_HEIGHT_PX);
}

/**
 * The HTML to paste: the frame and the site's script that fits it. The frame is styled by
 * attributes only, since a host's policy may refuse style attributes (and report each one); the
 * script sets the rest. Several snippets on one page run the script once.
 */
export function embedSnippet(url: string, title: string): string {
  const frame = frameHtml(url, title, SNIPPET_HEIGHT_PX);
  const script = `<script src="${escapeAttribute(new URL(HOST_SCRIPT, url).href)}" async></script>`;
  return `${frame}\n${script}`;
}

/** A message from an embed page, checked field by field; anything else is null. */
export function readEmbedMessage(data: unknown): EmbedMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  const height = typeof d.height === 'number' && Number.isFinite(d.height) && d.height >= 0;
  switch (d.type) {
    case 'archex:ready':
      return height && typeof d.chart === 'string' && typeof d.title === 'string'
        ? { type: d.type, chart: d.chart, title: d.title, height: d.height as number }
        : null;
    case 'archex:resized':
      return height ? { type: d.type, height: d.height as number } : null;
    case 'archex:error':
      return typeof d.message === 'string' ? { type: d.type, message: d.message } : null;
    default:
      return null;
  }
}

/** Whether a message asks the embed page to fit. */
export function isFitMessage(data: unknown): data is FitMessage {
  return (
    typeof data === 'object' && data !== null && (data as FitMessage).type === FIT_MESSAGE.type
  );
}
