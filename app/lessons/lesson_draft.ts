// A lesson not finished yet, as a file: the tours' JSON marked `"draft": true` and named
// `<id>.draft.json`, its empty fields kept empty. The builder opens it again as it was; the tour
// walker and a lesson link refuse it (a draft is no tour). Everything else in it is read with the
// same care as a lesson's (read_lesson.ts). Pure.
import type { ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';
import type { Tour } from '../tours/schema';
import { layout } from './lesson_file';
import { TEXT_FIELDS } from './lesson_words';
import type { LessonRead } from './read_lesson';
import { MAX_LESSON_CHARS, readLesson } from './read_lesson';

/** The file of a draft: its fields as the builder holds them, marked a draft, laid out as a lesson. */
export function draftFileText(draft: Tour): string {
  return `${layout({ draft: true, ...draft }, '', 0, 0)}\n`;
}

export function draftFileName(draft: Tour): string {
  return `${draft.id}.draft.json`;
}

/**
 * Stands in for an empty field while the draft is read (the schema wants words there): a word
 * joiner, which nobody types alone.
 */
const EMPTY = '\u2060';

/** `value` with each empty text field (`title`, `text`, …) set to `to`, or each `from` emptied. */
function fill(value: unknown, from: string, to: string): unknown {
  if (Array.isArray(value)) return value.map((v) => fill(v, from, to));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      TEXT_FIELDS.has(k) && v === from ? to : fill(v, from, to),
    ]),
  );
}

export interface LessonFileRead extends LessonRead {
  /** The file was a draft: its lesson may have empty fields and no steps. */
  draft: boolean;
}

/**
 * Reads a lesson file or a draft: a lesson as readLesson reads it; a draft the same way, its empty
 * fields and a lesson without steps allowed, and given back empty.
 */
export function readLessonFile(
  text: string,
  presets: Preset[],
  models: ModelInfo[],
): LessonFileRead {
  let raw: unknown;
  try {
    raw = text.length <= MAX_LESSON_CHARS ? JSON.parse(text) : undefined;
  } catch {
    raw = undefined;
  }
  const marked = typeof raw === 'object' && raw !== null && 'draft' in raw;
  if (!marked || (raw as { draft: unknown }).draft !== true)
    return { ...readLesson(text, presets, models), draft: false };
  const { draft: _draft, ...lesson } = raw as Record<string, unknown>;
  const read = readLesson(fill(lesson, '', EMPTY), presets, models, { draft: true });
  const words = (m: string) => m.replaceAll(` (${EMPTY})`, '').replaceAll(EMPTY, '');
  return {
    ...read,
    ...(read.lesson ? { lesson: fill(read.lesson, EMPTY, '') as Tour } : {}),
    refused: read.refused.map(words),
    draft: true,
  };
}
