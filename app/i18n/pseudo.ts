// The pseudo-language's wrapping (languages.ts PSEUDO), and what a page says outside it: the words
// no catalogue, preset, tour or glossary gave.

const OPEN = '⟦';
const CLOSE = '⟧';

export const wrap = (text: string) => `${OPEN}${text}${CLOSE}`;

/** `source` with each string at a path `isWord` accepts wrapped (objects by key, lists by index). */
export function pseudoWords<T>(source: T, isWord: (path: string[]) => boolean): T {
  const walk = (node: unknown, path: string[]): unknown => {
    if (typeof node === 'string') return isWord(path) ? wrap(node) : node;
    if (Array.isArray(node)) return node.map((item, i) => walk(item, [...path, String(i)]));
    if (typeof node === 'object' && node !== null)
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, [...path, k])]));
    return node;
  };
  return walk(source, []) as T;
}

/**
 * Whether `path` is one `pattern` names: keys joined by dots, `[]` after a list's key, `*` for
 * any key of an object (a preset's parameters by name).
 */
export function pathMatches(pattern: string, path: string[]): boolean {
  const keys = pattern
    .split('.')
    .flatMap((step) => (step.endsWith('[]') ? [step.slice(0, -2), '#'] : [step]));
  return (
    keys.length === path.length &&
    keys.every((k, i) => (k === '#' ? /^\d+$/.test(path[i]!) : k === '*' || k === path[i]))
  );
}

/**
 * The pieces of `text` outside every wrapped run (the innermost removed first, so a message
 * holding another's is one run), but for spaces, digits, punctuation and symbols: the words a
 * page says that nothing in the pseudo-language gave.
 */
export function unwrapped(text: string): string[] {
  let rest = text;
  const innermost = new RegExp(`${OPEN}[^${OPEN}${CLOSE}]*${CLOSE}`, 'gu');
  for (let before = ''; before !== rest;) {
    before = rest;
    rest = rest.replace(innermost, '\u0000');
  }
  return rest
    .split('\u0000')
    .map((piece) => piece.trim())
    .filter((piece) => /\p{L}/u.test(piece));
}
