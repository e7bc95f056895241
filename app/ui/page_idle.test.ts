import { describe, expect, it } from 'vitest';

import { IdleBoard } from './page_idle';

describe('IdleBoard', () => {
  it('is idle only when every pane is, and when the last busy pane leaves', () => {
    const written: boolean[] = [];
    const board = new IdleBoard((idle) => written.push(idle));
    const left = {};
    const right = {};
    board.set(left, true);
    board.set(right, false);
    board.set(left, true);
    board.remove(right);
    expect(written).toEqual([true, false, false, true]);
  });
});
