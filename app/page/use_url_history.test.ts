import { describe, expect, it } from 'vitest';

import type { HistoryMark } from './use_url_history';
import { HISTORY_DEBOUNCE_MS, historyStep } from './use_url_history';

describe('historyStep()', () => {
  const opened: HistoryMark = { at: Number.NEGATIVE_INFINITY, experiment: 'a' };

  it('merges a burst of edits within one experiment into one entry', () => {
    const first = historyStep(opened, 'a', 1000);
    expect(first.push).toBe(true);
    const second = historyStep(first.mark, 'a', 1000 + HISTORY_DEBOUNCE_MS / 2);
    expect(second.push).toBe(false);
    expect(historyStep(second.mark, 'a', 1000 + 3 * HISTORY_DEBOUNCE_MS).push).toBe(true);
  });

  it('starts an entry for a change of experiment, even right after an edit', () => {
    const edit = historyStep(opened, 'a', 1000);
    expect(historyStep(edit.mark, 'b', 1010).push).toBe(true);
    expect(historyStep(edit.mark, null, 1010).push).toBe(true);
  });

  it('keeps the entry of a new experiment when an edit follows at once', () => {
    const switched = historyStep(historyStep(opened, 'a', 1000).mark, 'b', 1010);
    const edit = historyStep(switched.mark, 'b', 1020);
    expect(edit.push).toBe(true);
    // Later edits in the same burst share the edit's entry.
    expect(historyStep(edit.mark, 'b', 1030).push).toBe(false);
  });
});
