// The reader's language in a link: a plain `lang=ja` beside the state, so a person can read and
// write it; a link without it opens in the reader's own language.
import type { Lang } from '../i18n/languages';
import { isLang, LANG_CODES } from '../i18n/languages';

export const LANG_KEY = 'lang';

/** The link's language, or a word on what it could not read. */
export function readLang(search: string): { lang?: Lang; dropped?: string } {
  const text = new URLSearchParams(search).get(LANG_KEY);
  if (text === null) return {};
  return isLang(text) ? { lang: text } : { dropped: `lang '${text}' (${LANG_CODES})` };
}

/** `search` (a serialized state, "" or "?s=…") with the language, when the reader chose one. */
export function withLang(search: string, lang: Lang | undefined): string {
  if (lang === undefined) return search;
  return `${search === '' ? '?' : `${search}&`}${LANG_KEY}=${lang}`;
}
