import { describe, expect, it } from 'vitest';

import { advance, clampTime, shownTime, stepTime } from './player';

const span = { from: 100, end: 200 };

describe('the trace player', () => {
  it('plays at its speed and stops at the end of the window', () => {
    expect(advance(100, 10, 500, span)).toEqual({ time: 105, ended: false });
    expect(advance(199, 30, 100, span)).toEqual({ time: 200, ended: true });
    // A frame that came late (a background tab) never moves time backwards.
    expect(advance(150, 10, -20, span)).toEqual({ time: 150, ended: false });
  });

  it('steps one whole cycle forwards or back, within the window', () => {
    expect(stepTime(120, 1, span)).toBe(121);
    expect(stepTime(120.4, 1, span)).toBe(121);
    expect(stepTime(120.4, -1, span)).toBe(120);
    expect(stepTime(120, -1, span)).toBe(119);
    expect(stepTime(100, -1, span)).toBe(100);
    expect(stepTime(200, 1, span)).toBe(200);
  });

  it('shows whole cycles on a cycle clock and microseconds as they are', () => {
    expect(shownTime(120.7, 'cycle')).toBe(120);
    expect(shownTime(120.7, 'us')).toBe(120.7);
    expect(clampTime(99, span)).toBe(100);
    expect(clampTime(250, span)).toBe(200);
  });
});
