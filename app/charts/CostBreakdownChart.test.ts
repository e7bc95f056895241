import { describe, expect, it } from 'vitest';

import { costBreakdownGeometry } from './CostBreakdownChart';

// Fixture: Taki 1988 Table 1 (V1 measured) and Table 2 (V2 estimate), times in ms.
const v1 = {
  label: 'V1',
  reductionMs: 2.25,
  hardwareMs: 0.07,
  firmwareMs: 0.22,
  softwareMs: 36.07,
};
const v2 = { label: 'V2', reductionMs: 0.02, hardwareMs: 0.01, firmwareMs: 0.22, softwareMs: 0.36 };

describe('costBreakdownGeometry()', () => {
  const g = costBreakdownGeometry([v1, v2]);

  it('expresses each bar in units of its own reduction time', () => {
    expect(g.rows[0]!.total).toBeCloseTo(38.61 / 2.25, 9);
    expect(g.rows[1]!.total).toBeCloseTo(0.61 / 0.02, 9);
    expect(g.rows[1]!.segments.map((s) => s.ratio)).toEqual(
      [1, 0.5, 11, 18].map((r) => expect.closeTo(r, 9)),
    );
  });

  it('stacks segments end to end from zero', () => {
    for (const row of g.rows) {
      expect(row.segments[0]!.x).toBe(0);
      for (let i = 1; i < row.segments.length; i++) {
        const prev = row.segments[i - 1]!;
        expect(row.segments[i]!.x).toBeCloseTo(prev.x + prev.width, 9);
      }
      const last = row.segments.at(-1)!;
      expect(last.x + last.width).toBeCloseTo(g.totalX(row.total), 9);
    }
  });

  it('fits the longest bar inside the plot', () => {
    expect(g.totalX(g.rows[1]!.total)).toBeLessThanOrEqual(g.innerWidth);
  });
});
