import { describe, expect, it } from 'vitest';

import { choiceCounts, median, MOST_DOTS, numberPlot } from './answer_plot';

describe('numberPlot', () => {
  it('draws a few numbers as dots on a linear axis, each in its bin', () => {
    const plot = numberPlot([10, 12, 12, 30], 20, 12);
    expect(plot.kind).toBe('dots');
    expect(plot.log).toBe(false);
    expect(plot.bins.reduce((n, b) => n + b.count, 0)).toBe(4);
    expect(plot.tallest).toBe(2);
    const [lo, hi] = plot.domain;
    expect(plot.truth).toBeCloseTo((20 - lo) / (hi - lo));
    expect(plot.mine).toBeCloseTo((12 - lo) / (hi - lo));
  });

  it('takes a log axis when the guesses span two orders of magnitude', () => {
    const plot = numberPlot([1, 5, 40, 300], null, null);
    expect(plot.log).toBe(true);
    expect(plot.truth).toBeNull();
    expect(plot.ticks.map((t) => t.value)).toContain(10);
  });

  it('becomes a histogram past the most dots', () => {
    const values = Array.from({ length: MOST_DOTS + 1 }, (_, i) => i);
    expect(numberPlot(values, null, null).kind).toBe('histogram');
  });

  it('draws one number, or none, on an axis around it', () => {
    const one = numberPlot([7], null, null);
    expect(one.domain[0]).toBeLessThan(7);
    expect(one.domain[1]).toBeGreaterThan(7);
    expect(numberPlot([], null, null).bins.every((b) => b.count === 0)).toBe(true);
  });
});

describe('median and choiceCounts', () => {
  it('gives the middle answer', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('counts a choice past the last one picked as none', () => {
    expect(choiceCounts([2, 0, 1], 4)).toEqual([2, 0, 1, 0]);
  });
});
