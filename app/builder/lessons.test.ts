import { describe, expect, it } from 'vitest';

import { EMPTY_DRAFT } from './draft';
import {
  addLesson,
  byChange,
  currentLesson,
  deleteLesson,
  editCurrent,
  firstLessons,
  openLesson,
  restoreLesson,
} from './lessons';

const titled = (title: string) => ({ ...EMPTY_DRAFT, title });

describe("a teacher's lessons", () => {
  it('keeps the lesson being written when a new one starts or a file opens', () => {
    let kept = firstLessons('a', 1);
    kept = editCurrent(kept, () => titled('Deadlock'), 2);
    kept = addLesson(kept, EMPTY_DRAFT, 'b', 3);
    expect(kept.lessons.map((l) => l.id)).toEqual(['b', 'a']);
    expect(currentLesson(kept).draft).toEqual(EMPTY_DRAFT);
    // A file opened over a blank lesson takes its place; the written one stays.
    kept = addLesson(kept, titled('From a file'), 'c', 4);
    expect(kept.lessons.map((l) => [l.id, l.draft.title])).toEqual([
      ['c', 'From a file'],
      ['a', 'Deadlock'],
    ]);
    expect(openLesson(kept, 'a').current).toBe('a');
    expect(openLesson(kept, 'gone').current).toBe('c');
  });

  it('edits only the open lesson, saying when it changed', () => {
    let kept = addLesson(
      editCurrent(firstLessons('a', 1), () => titled('A'), 2),
      EMPTY_DRAFT,
      'b',
      3,
    );
    kept = editCurrent(kept, (d) => ({ ...d, summary: 'words' }), 9);
    expect(kept.lessons.find((l) => l.id === 'b')).toMatchObject({ changed: 9 });
    expect(kept.lessons.find((l) => l.id === 'a')).toMatchObject({
      changed: 2,
      draft: titled('A'),
    });
    // An edit that changes nothing is no change.
    expect(editCurrent(kept, (d) => d, 10)).toBe(kept);
  });

  it('deletes a lesson only when asked, opening the latest other, and has it back', () => {
    let kept = firstLessons('a', 1);
    kept = editCurrent(kept, () => titled('A'), 2);
    kept = addLesson(kept, titled('B'), 'b', 5);
    kept = editCurrent(openLesson(kept, 'a'), (d) => ({ ...d, summary: 's' }), 7);
    const deleted = currentLesson(kept);
    const after = deleteLesson(kept, 'a', 'new', 8);
    expect(after.current).toBe('b');
    expect(restoreLesson(after, deleted).lessons.map((l) => l.id)).toEqual(['a', 'b']);
    // The last one deleted leaves a blank lesson open.
    const none = deleteLesson(after, 'b', 'new', 9);
    expect(none.lessons).toEqual([{ id: 'new', draft: EMPTY_DRAFT, changed: 9 }]);
    expect(byChange(kept.lessons).map((l) => l.id)).toEqual(['a', 'b']);
  });
});
