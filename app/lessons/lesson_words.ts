// A lesson's schema issues in the builder's words: an empty field says what to write ("give it a
// title"), never the schema's "Too small: expected string to have >=1 characters". The builder's
// checks, a refused file and a draft opened again say them alike. Pure.

import { i18n } from '../i18n/i18n';

/** The fields whose emptiness the checks say in words (teaching:lessonWords.empty). */
const EMPTY_FIELDS = ['title', 'audience', 'summary', 'text', 'prompt', 'label'] as const;

/** The fields a lesson being written may leave empty: a draft keeps them so. */
export const TEXT_FIELDS: ReadonlySet<string> = new Set(EMPTY_FIELDS);

/** What an issue at `path` asks for, when it is an empty field; else null. */
export function emptyWords(path: readonly PropertyKey[], code: string): string | null {
  const last = path.at(-1);
  return code === 'too_small' && typeof last === 'string' && TEXT_FIELDS.has(last)
    ? i18n.t(`teaching:lessonWords.empty.${last}`)
    : null;
}

/** A schema issue in words: an empty field says which, the rest as the schema puts it. */
export function issueWords(path: (string | number)[], message: string, code: string): string {
  const empty = emptyWords(path, code);
  if (empty) return empty;
  if (path[0] === 'steps' && path.length === 1)
    return code === 'too_small'
      ? i18n.t('teaching:lessonWords.addStep')
      : i18n.t('teaching:lessonWords.steps', { message });
  const where = path.map(String).join('.');
  return i18n.t('teaching:lessonWords.issue', { where, whole: where ? 'no' : 'yes', message });
}

/** An issue of a whole lesson in words, with its step: "step 2: write its words". */
export function lessonIssueWords(issue: {
  path: PropertyKey[];
  message: string;
  code: string;
}): string {
  const path = issue.path as (string | number)[];
  const [head, index, ...rest] = path;
  return head === 'steps' && typeof index === 'number'
    ? i18n.t('teaching:lessonWords.stepIssue', {
        step: index + 1,
        issue: issueWords(rest, issue.message, issue.code),
      })
    : issueWords(path, issue.message, issue.code);
}
