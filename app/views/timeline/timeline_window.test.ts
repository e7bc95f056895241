// The zoom and pan arithmetic of the timeline's window.
import { describe, expect, it } from 'vitest';

import { panWindow, zoomWindow } from './timeline_window';

describe('zoomWindow() / panWindow()', () => {
  it('zooms around a time and pans, never past the run', () => {
    expect(zoomWindow([0, 100], 2, 50, 0, 100)).toEqual([25, 75]);
    expect(zoomWindow([0, 100], 2, 0, 0, 100)).toEqual([0, 50]);
    expect(zoomWindow([25, 75], 0.25, 50, 0, 100)).toEqual([0, 100]);
    expect(panWindow([25, 75], 40, 0, 100)).toEqual([50, 100]);
    expect(panWindow([25, 75], -40, 0, 100)).toEqual([0, 50]);
  });
});
