// A lesson as a link: the whole lesson inside the link's state (lz-string compressed with the
// rest), opened at its first step as a built-in tour's link is.
import type { UrlState } from '../link/url_state';
import { serializeUrlState } from '../link/url_state';
import type { Tour } from '../tours/schema';
import { stepState, TourSchema } from '../tours/schema';

/**
 * The longest lesson link given. The state travels in the query, which the page's server sees:
 * common servers and proxies refuse a request line past about 8 KB (Apache's 8,190 bytes, nginx's
 * 8 KB buffer), and chat tools cut long links. A longer lesson goes as a file.
 */
export const MAX_LESSON_LINK_CHARS = 8000;

export type LessonLink = { url: string } | { tooLong: { chars: number; limit: number } };

/**
 * The link state of a lesson at a step: the step's pane and layout, and the lesson itself, its
 * fields in the schema's order as a link read back holds them (so both write the same link).
 * Throws on a lesson the schema refuses.
 */
export function lessonState(written: Tour, step = 0): UrlState {
  const lesson = TourSchema.parse(written);
  const { layout: open, ...pane } = stepState(lesson, step);
  return {
    ...pane,
    pins: [],
    layout: { kind: 'tour', tour: lesson.id, step, ...(open ? { open } : {}), lesson },
  };
}

/**
 * A link that opens the lesson at its first step, on the page at `base` (its origin and path,
 * e.g. "https://example.org/archex/"), or how long it would be when that is too long.
 */
export function lessonLink(lesson: Tour, base: string): LessonLink {
  const url = `${base}${serializeUrlState(lessonState(lesson))}`;
  if (url.length > MAX_LESSON_LINK_CHARS)
    return { tooLong: { chars: url.length, limit: MAX_LESSON_LINK_CHARS } };
  return { url };
}

/** The page of the compact lesson view, beside the explorer's at `base`. */
export const COMPACT_PAGE = 'lesson.html';

/** A link that opens the lesson in the compact view (lesson.html) beside the explorer at `base`. */
export function compactLessonLink(lesson: Tour, base: string): LessonLink {
  return lessonLink(lesson, new URL(COMPACT_PAGE, base).href);
}
