import { afterEach, describe, expect, it } from 'vitest';

import { EMPTY_DRAFT } from './draft';
import { NOT_KEPT, loadDraft, saveDraft } from './draft_store';

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

describe('the kept draft', () => {
  it('comes back as it was kept, open or not', () => {
    windowWith(memoryStorage());
    const draft = { ...EMPTY_DRAFT, title: 'Mine' };
    expect(saveDraft({ draft, open: true })).toBeNull();
    expect(loadDraft()).toEqual({ draft, open: true });
  });

  it('is said not to be kept where the browser refuses storage, and none is read', () => {
    windowWith('refused');
    expect(saveDraft({ draft: EMPTY_DRAFT, open: true })).toBe(NOT_KEPT);
    expect(loadDraft()).toBeNull();
  });

  it('is none when what is kept is not a draft', () => {
    const storage = memoryStorage();
    windowWith(storage);
    storage.setItem('archex.lesson-draft', '{"open": true, "draft": {"steps": "x"}}');
    expect(loadDraft()).toBeNull();
    storage.setItem('archex.lesson-draft', 'not json');
    expect(loadDraft()).toBeNull();
  });
});
