import { describe, expect, it } from 'vitest';

import type { PaneReport } from './page_idle';
import { IdleBoard } from './page_idle';

describe('IdleBoard', () => {
  it('is idle only when every pane is, and when the last busy pane leaves', () => {
    const written: boolean[] = [];
    const board = new IdleBoard(({ idle }) => written.push(idle));
    const left = {};
    const right = {};
    board.set(left, { current: true, idle: true });
    board.set(right, { current: false, idle: false });
    board.set(left, { current: true, idle: true });
    board.remove(right);
    expect(written).toEqual([true, false, false, true]);
  });

  it('is current once every pane shows its current run, before the runs are done', () => {
    const written: PaneReport[] = [];
    const board = new IdleBoard((page) => written.push(page));
    const left = {};
    const right = {};
    board.set(left, { current: true, idle: false });
    board.set(right, { current: false, idle: false });
    board.set(right, { current: true, idle: false });
    expect(written.map((w) => w.current)).toEqual([true, false, true]);
    expect(written.every((w) => !w.idle)).toBe(true);
  });
});
