// The views' messages for modules outside React (the words of a moment, a time, an error): the
// `views` catalogue in the reader's language (app/i18n/locales/<lang>/views.json).
import { i18n } from '../i18n/i18n';

/** The `views` catalogue's message `key` with its arguments. */
export function vt(key: string, args: Record<string, unknown> = {}): string {
  return i18n.t(key, { ns: 'views', ...args });
}

/** Items of a list in a sentence, joined as the reader's language joins them ("a, b, c"). */
export function listOf(items: string[]): string {
  return items.join(vt('list.comma'));
}

/** Clauses of a sentence, each with commas of its own, joined ("a, b; c; d"). */
export function clausesOf(items: string[]): string {
  return items.join(vt('list.semicolon'));
}

/** Sentences one after another, spaced as the reader's language spaces them. */
export function sentencesOf(items: string[]): string {
  return items.reduce((a, b) => vt('list.sentences', { a, b }));
}
