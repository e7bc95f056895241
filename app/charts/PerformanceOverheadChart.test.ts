import { describe, expect, it } from 'vitest';

import { performanceOverheadGeometry } from './PerformanceOverheadChart';

// Fixture: Fig. 6's shape, performance = 1 / (1 + X) sampled at X = 0..4 (Taki 1988, sec. 5.4).
const data = {
  curve: { x: [0, 1, 2, 3, 4], y: [1, 1 / 2, 1 / 3, 1 / 4, 1 / 5] },
  workRate: 1,
  current: { overhead: 1, performance: 0.5 },
  floor: { overhead: 1, performance: 0.5 },
};
const size = { width: 640, height: 340 };
// Inner plot: 640 - 60 - 24 = 556 wide, 340 - 16 - 48 = 276 high.

describe('performanceOverheadGeometry()', () => {
  it('places the current point on the scales', () => {
    const g = performanceOverheadGeometry(data, size);
    expect(g.innerWidth).toBe(556);
    expect(g.innerHeight).toBe(276);
    expect(g.point.cx).toBeCloseTo(556 / 4, 6);
    expect(g.point.cy).toBeCloseTo(276 / 2, 6);
    expect(g.workRateY).toBeCloseTo(0, 6);
  });

  it('draws the curve through every sample', () => {
    const g = performanceOverheadGeometry(data, size);
    const coords = g.curvePath
      .replace(/^M/, '')
      .split('L')
      .map((p) => p.split(',').map(Number));
    expect(coords).toHaveLength(5);
    coords.forEach(([x, y], i) => {
      expect(x).toBeCloseTo((556 * i) / 4, 6);
      expect(y).toBeCloseTo(276 * (1 - 1 / (1 + i)), 6);
    });
  });

  it('widens the x domain to keep a point beyond the curve in view', () => {
    const g = performanceOverheadGeometry(
      { ...data, current: { overhead: 9, performance: 0.1 } },
      size,
    );
    expect(g.point.cx).toBeLessThanOrEqual(556);
    expect(g.xTicks.at(-1)!.value).toBeGreaterThanOrEqual(9);
  });

  it('labels the y axis in percent', () => {
    const g = performanceOverheadGeometry(data, size);
    expect(g.yTicks.map((t) => t.label)).toEqual(['0%', '20%', '40%', '60%', '80%', '100%']);
  });
});
