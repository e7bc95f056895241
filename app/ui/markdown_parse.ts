// The small Markdown of a step's words and a question's explanation: *emphasis*, **strong**,
// `code`, $maths$ (shown as its text), [links](https://…) and bullet or numbered lists. Parsed to
// data that Markdown.tsx draws as React elements, never as HTML: a lesson's words are someone
// else's text. Underscores are left as they are: parameter names (injection_rate) are full of them.

/** A run of a paragraph or list item. */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'em' | 'strong'; children: Inline[] }
  | { kind: 'code' | 'math'; text: string }
  | { kind: 'link'; text: string; href: string };

/** A paragraph, or a list of items (a numbered one from `start`). */
export type Block =
  | { kind: 'p'; children: Inline[] }
  | { kind: 'ul'; items: Inline[][] }
  | { kind: 'ol'; start: number; items: Inline[][] };

/** The schemes a link may have; any other (javascript:, data:) leaves the link as its text. */
const SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/** The link's address if it is one a reader may follow, else null. */
export function safeHref(url: string): string | null {
  if (/[\s<>"'`\\]/.test(url)) return null;
  try {
    return SCHEMES.has(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
}

const ESCAPABLE = '\\`*$[]()-+.!#';
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;

/** Where a span opened at `from` closes: `mark` right after a non-space, or -1. */
function closing(src: string, from: number, mark: string): number {
  for (let i = from; i < src.length; i++) {
    if (src[i] === '\\') i++;
    else if (src.startsWith(mark, i) && src[i - 1] !== ' ' && i > from) {
      // A single * that is half of a ** belongs to the strong span.
      if (mark === '*' && (src[i + 1] === '*' || src[i - 1] === '*')) continue;
      return i;
    }
  }
  return -1;
}

/** A paragraph's text as runs. */
export function parseInline(src: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const push = (node: Inline) => {
    if (text) out.push({ kind: 'text', text });
    text = '';
    out.push(node);
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    const next = src[i + 1];
    const opens = next !== undefined && next !== ' ';
    if (c === '\\' && next !== undefined && ESCAPABLE.includes(next)) {
      text += next;
      i += 2;
      continue;
    }
    if (c === '`') {
      const end = src.indexOf('`', i + 1);
      if (end > i + 1) {
        push({ kind: 'code', text: src.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (c === '$' && opens) {
      const end = closing(src, i + 1, '$');
      // "$5 and $10" is money, not maths: a closing $ is never followed by a digit.
      if (end > 0 && !/\d/.test(src[end + 1] ?? '')) {
        push({ kind: 'math', text: src.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (c === '*' && next === '*' && src[i + 2] !== undefined && src[i + 2] !== ' ') {
      const end = closing(src, i + 2, '**');
      if (end > 0) {
        push({ kind: 'strong', children: parseInline(src.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if (c === '*' && opens && next !== '*') {
      const end = closing(src, i + 1, '*');
      if (end > 0) {
        push({ kind: 'em', children: parseInline(src.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (c === '[') {
      const link = /^\[([^[\]]+)\]\(([^()\s]+)\)/.exec(src.slice(i));
      const href = link && safeHref(link[2]!);
      if (link && href) {
        push({ kind: 'link', text: link[1]!, href });
        i += link[0].length;
        continue;
      }
    }
    text += c;
    i++;
  }
  if (text) out.push({ kind: 'text', text });
  return out;
}

/** A text as paragraphs (split by blank lines) and lists (lines opening with -, *, + or 1.). */
export function parseMarkdown(src: string): Block[] {
  const blocks: Block[] = [];
  let para: string[] = [];
  // Typed apart: TypeScript does not see `flush` reset it.
  let list = null as { kind: 'ul' | 'ol'; start: number; items: string[] } | null;
  const flush = () => {
    if (para.length > 0) blocks.push({ kind: 'p', children: parseInline(para.join(' ')) });
    if (list) {
      const items = list.items.map(parseInline);
      blocks.push(list.kind === 'ul' ? { kind: 'ul', items } : { ...list, kind: 'ol', items });
    }
    para = [];
    list = null;
  };
  for (const line of src.split(/\r?\n/)) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (line.trim() === '') flush();
    else if (bullet || numbered) {
      const kind = bullet ? 'ul' : 'ol';
      if (list?.kind !== kind) {
        flush();
        list = { kind, start: numbered ? Number(numbered[1]) : 1, items: [] };
      }
      list.items.push((bullet ?? numbered)![bullet ? 1 : 2]!);
    } else if (list) {
      // A line under an item goes on with it.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else para.push(line.trim());
  }
  flush();
  return blocks;
}

function inlineText(runs: Inline[]): string {
  return runs.map((r) => ('children' in r ? inlineText(r.children) : r.text)).join('');
}

/**
 * What a reader sees of a text, without its marks: the tour walker checks these words for a
 * number that gives an answer away, as the page draws them ("4**2**" reads 42).
 */
export function markdownText(src: string): string {
  return parseMarkdown(src)
    .map((b) => (b.kind === 'p' ? inlineText(b.children) : b.items.map(inlineText).join('\n')))
    .join('\n');
}
