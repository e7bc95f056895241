// The teacher's lessons as a list: a new one or a file opened beside the others (never over one),
// the one open edited, any deleted only when asked (and had back until the next change). Pure.
import type { LessonDraft } from './draft';
import { EMPTY_DRAFT } from './draft';
import type { KeptLesson, KeptLessons } from './draft_store';

/** A lesson nothing was written in yet: a new one or a file takes its place. */
export const isBlank = (d: LessonDraft) =>
  d.title === '' && d.audience === '' && d.summary === '' && d.steps.length === 0;

/** The lesson open in the builder. */
export const currentLesson = (kept: KeptLessons): KeptLesson =>
  kept.lessons.find((l) => l.id === kept.current) ?? kept.lessons[0]!;

/** A first list: one blank lesson, open. */
export function firstLessons(id: string, now: number): KeptLessons {
  return { open: false, current: id, lessons: [{ id, draft: EMPTY_DRAFT, changed: now }] };
}

/**
 * The list with `draft` open as a lesson of its own (a new lesson, a file opened): in place of the
 * open one only while that is blank.
 */
export function addLesson(
  kept: KeptLessons,
  draft: LessonDraft,
  id: string,
  now: number,
): KeptLessons {
  const open = currentLesson(kept);
  const others = isBlank(open.draft) ? kept.lessons.filter((l) => l !== open) : kept.lessons;
  return { ...kept, current: id, lessons: [{ id, draft, changed: now }, ...others] };
}

/** The list with the open lesson edited by `update`. */
export function editCurrent(
  kept: KeptLessons,
  update: (draft: LessonDraft) => LessonDraft,
  now: number,
): KeptLessons {
  const open = currentLesson(kept);
  const draft = update(open.draft);
  if (draft === open.draft) return kept;
  return {
    ...kept,
    lessons: kept.lessons.map((l) => (l === open ? { ...l, draft, changed: now } : l)),
  };
}

/** The list with lesson `id` open. */
export const openLesson = (kept: KeptLessons, id: string): KeptLessons => ({
  ...kept,
  current: kept.lessons.some((l) => l.id === id) ? id : kept.current,
});

/**
 * The list without lesson `id`; the open one deleted, the most recently changed other opens (a
 * blank new one, `newId`, when none is left).
 */
export function deleteLesson(
  kept: KeptLessons,
  id: string,
  newId: string,
  now: number,
): KeptLessons {
  const left = kept.lessons.filter((l) => l.id !== id);
  if (left.length === 0) return { ...firstLessons(newId, now), open: kept.open };
  const current = kept.current !== id ? kept.current : byChange(left)[0]!.id;
  return { ...kept, current, lessons: left };
}

/** The list with a deleted lesson back, open. */
export const restoreLesson = (kept: KeptLessons, lesson: KeptLesson): KeptLessons => ({
  ...kept,
  current: lesson.id,
  lessons: [lesson, ...kept.lessons.filter((l) => l.id !== lesson.id && !isBlank(l.draft))],
});

/** The lessons, the most recently changed first. */
export const byChange = (lessons: KeptLesson[]): KeptLesson[] =>
  [...lessons].sort((a, b) => b.changed - a.changed);
