import { afterEach, describe, expect, it } from 'vitest';

import { EMPTY_DRAFT } from './draft';
import { loadLessons, newLessonId, saveLessons } from './draft_store';

/** A window whose storage is `storage`, or one that refuses it (a getter that throws). */
function windowWith(storage: Storage | 'refused') {
  const w = {};
  Object.defineProperty(w, 'localStorage', {
    get() {
      if (storage === 'refused') throw new DOMException('denied', 'SecurityError');
      return storage;
    },
  });
  Object.assign(globalThis, { window: w });
}

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, v),
  };
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('the kept lessons', () => {
  const kept = {
    open: true,
    current: 'b',
    lessons: [
      { id: 'a', draft: { ...EMPTY_DRAFT, title: 'Mine' }, changed: 1 },
      { id: 'b', draft: EMPTY_DRAFT, changed: 2 },
    ],
  };

  it('come back as they were kept, the open one and the builder open or not', () => {
    windowWith(memoryStorage());
    expect(saveLessons(kept)).toBeNull();
    expect(loadLessons()).toEqual(kept);
  });

  it('take in the one draft kept before lessons were kept apart, and keep it in the list', () => {
    const storage = memoryStorage();
    windowWith(storage);
    const draft = { ...EMPTY_DRAFT, title: 'Before' };
    storage.setItem('archex.lesson-draft', JSON.stringify({ open: true, draft }));
    const loaded = loadLessons()!;
    expect(loaded).toMatchObject({ open: true, lessons: [{ draft }] });
    expect(loaded.current).toBe(loaded.lessons[0]!.id);
    expect(saveLessons(loaded)).toBeNull();
    expect(storage.getItem('archex.lesson-draft')).toBeNull();
    expect(loadLessons()).toEqual(loaded);
  });

  it('are said not to be kept where the browser refuses storage, and none is read', () => {
    windowWith('refused');
    expect(saveLessons(kept)).toBe('refused');
    expect(loadLessons()).toBeNull();
  });

  it('are none when what is kept is not a list of lessons', () => {
    const storage = memoryStorage();
    windowWith(storage);
    storage.setItem('archex.lessons', '{"open": true, "current": "a", "lessons": []}');
    expect(loadLessons()).toBeNull();
    storage.setItem('archex.lessons', 'not json');
    expect(loadLessons()).toBeNull();
  });

  it('have ids of their own', () => {
    expect(newLessonId(5)).toMatch(/^5-[0-9a-z]+$/);
    expect(new Set(Array.from({ length: 100 }, () => newLessonId(5))).size).toBeGreaterThan(95);
  });
});
