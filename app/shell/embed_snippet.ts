// The embed snippet and the one message between the embed page and the page it is embedded in:
// the embed page posts its height whenever it changes, and the snippet's script sets the height of
// the frame that sent it, so the chart, its caption and its link always fit, at any width.

/** Type of the message the embed page posts to its parent with its height in px. */
export const EMBED_HEIGHT_MESSAGE = 'archex:embed-height';

/** The frame's height until the first message arrives (or where scripts are not allowed). */
const INITIAL_HEIGHT_PX = 500;

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The HTML to paste: the frame and a script that resizes it. The script answers only messages
 * from the embed page's origin, and resizes only the frame whose window sent the message, so
 * several embedded charts on one page each keep their own height.
 */
export function embedSnippet(url: string, title: string): string {
  const origin = new URL(url).origin;
  const frame =
    `<iframe src="${escapeAttribute(url)}" title="${escapeAttribute(title)}" ` +
    `style="display:block;width:100%;height:${INITIAL_HEIGHT_PX}px;border:0" loading="lazy"></iframe>`;
  const script =
    `<script>addEventListener("message",function(e){var d=e.data;` +
    `if(e.origin!==${JSON.stringify(origin)}||!d||d.type!==${JSON.stringify(EMBED_HEIGHT_MESSAGE)}` +
    `||typeof d.height!=="number")return;` +
    `document.querySelectorAll("iframe").forEach(function(f){` +
    `if(f.contentWindow===e.source)f.style.height=Math.ceil(d.height)+"px"})})</script>`;
  return `${frame}\n${script}`;
}

/**
 * Posts the page's height to the parent now and whenever it changes; returns the stop function.
 * Outside a frame it does nothing.
 */
export function reportEmbedHeight(): () => void {
  if (window.parent === window) return () => undefined;
  const root = document.documentElement;
  let last = -1;
  const post = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    // Any page may embed the chart, and its height tells nothing private.
    window.parent.postMessage({ type: EMBED_HEIGHT_MESSAGE, height }, '*');
  };
  post();
  const observer = new ResizeObserver(post);
  observer.observe(root);
  return () => observer.disconnect();
}
