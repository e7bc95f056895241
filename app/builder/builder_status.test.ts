import { describe, expect, it } from 'vitest';

import { tours } from '../tours/bundled';
import type { Tour } from '../tours/schema';
import { checksLine, lessonDownload, lessonKey, saidNow } from './builder_status';

const deadlock = tours.find((t) => t.id === 'deadlock')!;
const lesson: Tour = { ...structuredClone(deadlock), id: 'my-ring', title: 'My ring' };

describe('saidNow(said, tour)', () => {
  it('keeps a message while the lesson is the one it was said of, and drops it on any change', () => {
    const said = { text: 'Lesson link copied', about: lessonKey(lesson) };
    expect(saidNow(said, lesson)).toBe(said);
    expect(saidNow(said, structuredClone(lesson))).toBe(said);
    expect(saidNow(said, { ...lesson, title: 'My ring, again' })).toBeNull();
    const words = structuredClone(lesson);
    words.steps[2]!.text += ' More words.';
    expect(saidNow(said, words)).toBeNull();
    expect(saidNow(null, lesson)).toBeNull();
  });
});

describe('checksLine(steps, problems, running)', () => {
  it('claims no lesson free of problems while a step is still being checked', () => {
    expect(checksLine(0, 0, 0)).toBe('No steps yet.');
    expect(checksLine(3, 0, 0)).toBe('No problems.');
    expect(checksLine(3, 0, 1)).toBe('No problems so far; 1 step still being checked.');
    expect(checksLine(3, 2, 2)).toBe('2 problems; 2 steps still being checked.');
    expect(checksLine(3, 1, 0)).toBe('1 problem.');
  });
});

describe('lessonDownload(tour, checking)', () => {
  it('writes a finished, checked lesson as the tour file presets/tours/ takes', () => {
    const file = lessonDownload(lesson, false);
    expect(file).toMatchObject({ name: 'my-ring.json', draft: false });
    expect(JSON.parse(file.text)).not.toHaveProperty('draft');
  });

  it("writes an unfinished lesson as a draft, saying why in the checks' words", () => {
    const file = lessonDownload({ ...lesson, id: 'lesson', title: '' }, false);
    expect(file).toMatchObject({ name: 'lesson.draft.json', draft: true });
    expect(JSON.parse(file.text)).toMatchObject({ draft: true, title: '' });
    expect(file.said).toContain('a draft (not finished: give it a title)');
    expect(file.said).not.toMatch(/Too small|expected string/);
    expect(lessonDownload({ ...lesson, steps: [] }, false).said).toContain('add a step');
    expect(lessonDownload(lesson, true)).toMatchObject({ name: 'my-ring.draft.json', draft: true });
  });
});
