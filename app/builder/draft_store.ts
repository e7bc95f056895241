// The lesson being written, kept in this browser's storage so a reload loses none of it. A
// browser that refuses storage (a private window, a frame of another site) keeps the draft for
// the page's life only, and the builder says so in words.
import { z } from 'zod';

import type { TourStep } from '../tours/schema';
import { MAX_STEPS, TEXT_LIMITS } from '../tours/schema';
import type { LessonDraft } from './draft';

const KEY = 'archex.lesson-draft';

/** What the builder keeps: the draft and whether the builder was open. */
export interface KeptDraft {
  draft: LessonDraft;
  open: boolean;
}

// Loose on purpose: a draft's fields may be empty while it is written; the lesson's checks say so.
const Kept = z.object({
  open: z.boolean(),
  draft: z.object({
    title: z.string().max(TEXT_LIMITS.title),
    audience: z.string().max(TEXT_LIMITS.audience),
    summary: z.string().max(TEXT_LIMITS.summary),
    steps: z
      .array(z.object({ presetId: z.string(), title: z.string(), text: z.string() }).passthrough())
      .max(MAX_STEPS),
  }),
});

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const NOT_KEPT =
  'This browser refuses this page its storage: the lesson is kept only while the page is open. ' +
  'Download it to keep it.';

/** The draft kept here, or null (none, unreadable, or no storage). */
export function loadDraft(): KeptDraft | null {
  try {
    const raw = storage()?.getItem(KEY);
    if (!raw) return null;
    const kept = Kept.safeParse(JSON.parse(raw));
    if (!kept.success) return null;
    const { draft, open } = kept.data;
    return { open, draft: { ...draft, steps: draft.steps as unknown as TourStep[] } };
  } catch {
    return null;
  }
}

/** Keeps the draft; null when kept, else why not in words. */
export function saveDraft(kept: KeptDraft): string | null {
  try {
    const store = storage();
    if (!store) return NOT_KEPT;
    store.setItem(KEY, JSON.stringify(kept));
    return null;
  } catch (e) {
    return e instanceof DOMException && e.name === 'QuotaExceededError'
      ? 'This browser has no room left to keep the lesson: download it to keep it.'
      : NOT_KEPT;
  }
}
