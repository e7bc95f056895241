// The rows' heights for each choice, and which thin rows are labelled.
import { describe, expect, it } from 'vitest';

import { labelledRows, rowHeight } from './timeline_rows';

describe('rowHeight()', () => {
  it('fits rows of 4 to 18 px, squeezes all in view, or fixes them', () => {
    expect(rowHeight('auto', 16)).toBe(18);
    expect(rowHeight('auto', 512)).toBe(4);
    expect(rowHeight('all', 1024)).toBeCloseTo(560 / 1024, 9);
    expect(rowHeight('16', 512)).toBe(16);
    // Thin rows are labelled every k-th, k a power of two, and the last.
    expect(labelledRows(64, 8)).toEqual([
      0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 63,
    ]);
    expect(labelledRows(3, 4)).toEqual([0, 2]);
  });
});
