// Every lesson a teacher starts, kept in this browser's storage until they delete it, so neither a
// reload nor a new lesson loses one. A browser that refuses storage (a private window, a frame of
// another site) keeps them for the page's life only, and the builder says so in words.
import { z } from 'zod';

import type { TourStep } from '../tours/schema';
import { MAX_STEPS, TEXT_LIMITS } from '../tours/schema';
import type { LessonDraft } from './draft';

const KEY = 'archex.lessons';
/** Where one draft was kept before lessons were kept apart: read once into the list. */
const ONE_DRAFT_KEY = 'archex.lesson-draft';

/** A lesson kept: its id, the draft and when it was last changed (ms since 1970). */
export interface KeptLesson {
  id: string;
  draft: LessonDraft;
  changed: number;
}

/** What the builder keeps: every lesson, the one open in it, and whether the builder was open. */
export interface KeptLessons {
  lessons: KeptLesson[];
  current: string;
  open: boolean;
}

// Loose on purpose: a draft's fields may be empty while it is written; the lesson's checks say so.
const Draft = z.object({
  title: z.string().max(TEXT_LIMITS.title),
  audience: z.string().max(TEXT_LIMITS.audience),
  summary: z.string().max(TEXT_LIMITS.summary),
  steps: z
    .array(z.object({ presetId: z.string(), title: z.string(), text: z.string() }).passthrough())
    .max(MAX_STEPS),
});
const Kept = z.object({
  open: z.boolean(),
  current: z.string(),
  lessons: z.array(z.object({ id: z.string(), draft: Draft, changed: z.number() })).min(1),
});
const OneDraft = z.object({ open: z.boolean(), draft: Draft });

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Why the lessons are not kept (said in words by the builder, teaching:builder.storage): the
 * browser refuses this page its storage, or has no room left.
 */
export type NotKept = 'refused' | 'full';

/** A new lesson's id: unique in this browser (no secure context is needed, unlike randomUUID). */
export function newLessonId(now = Date.now()): string {
  return `${now.toString(36)}-${Math.floor(Math.random() * 36 ** 6).toString(36)}`;
}

const asDraft = (draft: z.infer<typeof Draft>): LessonDraft => ({
  ...draft,
  steps: draft.steps as unknown as TourStep[],
});

/**
 * The lessons kept here (a draft kept before lessons were kept apart is the first), or null: none
 * kept, unreadable, or no storage.
 */
export function loadLessons(): KeptLessons | null {
  try {
    const store = storage();
    const raw = store?.getItem(KEY);
    if (raw) {
      const kept = Kept.safeParse(JSON.parse(raw));
      if (!kept.success) return null;
      const lessons = kept.data.lessons.map((l) => ({ ...l, draft: asDraft(l.draft) }));
      const current = lessons.some((l) => l.id === kept.data.current)
        ? kept.data.current
        : lessons[0]!.id;
      return { open: kept.data.open, current, lessons };
    }
    const one = OneDraft.safeParse(JSON.parse(store?.getItem(ONE_DRAFT_KEY) ?? 'null'));
    if (!one.success) return null;
    const id = newLessonId();
    return {
      open: one.data.open,
      current: id,
      lessons: [{ id, draft: asDraft(one.data.draft), changed: Date.now() }],
    };
  } catch {
    return null;
  }
}

/** Keeps the lessons; null when kept, else why not. */
export function saveLessons(kept: KeptLessons): NotKept | null {
  try {
    const store = storage();
    if (!store) return 'refused';
    store.setItem(KEY, JSON.stringify(kept));
    // Read into the list once: the list is what is kept from now on.
    store.removeItem(ONE_DRAFT_KEY);
    return null;
  } catch (e) {
    return e instanceof DOMException && e.name === 'QuotaExceededError' ? 'full' : 'refused';
  }
}
