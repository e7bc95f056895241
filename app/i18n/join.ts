// Pieces a sentence is made of, joined as the reader's language joins them: each piece its own
// message, only the joining said by the catalogue (common: join.*) or by Intl.
import { i18n, intlLocale } from './i18n';

const say = (key: string, values: Record<string, string> = {}) =>
  i18n.t(`join.${key}`, { ns: 'common', ...values });

/** Items of a list ("busy 40 %, idle 60 %"; 「稼働 40 %、待機 60 %」), not a sentence's "and". */
export function joinItems(items: string[]): string {
  return items.join(say('item'));
}

/** Clauses, each with commas of its own ("a, b; c"). */
export function joinClauses(items: string[]): string {
  return items.join(say('clause'));
}

/** Sentences one after another (spaced in English, not in Japanese). */
export function joinSentences(items: string[]): string {
  return items.length === 0 ? '' : items.reduce((a, b) => say('sentences', { a, b }));
}

/** Names joined by "and": "PAN and DAN", 「PAN、DAN」. */
export function joinAnd(names: string[]): string {
  return new Intl.ListFormat(intlLocale(), { type: 'conjunction' }).format(names);
}
