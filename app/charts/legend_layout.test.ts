// A legend's layout: in rows as the entries come, its symbols and rows smaller on paper.
import { describe, expect, it } from 'vitest';

import type { LegendEntry } from './legend_layout';
import { legendLayout } from './legend_layout';

const entries: LegendEntry[] = [1, 4, 16, 64, 256, 1024].map((w) => ({
  key: String(w),
  label: `WRITEMN, ${w} words`,
  symbol: { kind: 'series', color: '#000', line: true, point: true },
}));

describe('legendLayout(entries, width, fontSize, ink)', () => {
  it('keeps the screen legend in rows as the entries come', () => {
    const screen = legendLayout(entries.slice(0, 2), 600, 12);
    expect(screen.items.map((i) => i.y)).toEqual([0, 0]);
    expect(screen.items[1]!.x).toBeGreaterThan(screen.items[0]!.x);
    expect([screen.symbolWidth, screen.gap, screen.rowHeight]).toEqual([22, 6, 20]);
  });

  it('draws a paper legend with its ink: smaller symbols, closer rows, as many entries a row', () => {
    const paper = legendLayout(entries, 236, 8, 0.625);
    const unscaled = legendLayout(entries, 236, 8);
    expect(paper.symbolWidth).toBeCloseTo(13.75, 6);
    expect(paper.rowHeight).toBe(13);
    expect(paper.height).toBeLessThan(unscaled.height);
    const perRow = (l: typeof paper) => l.items.filter((i) => i.y === 0).length;
    expect(perRow(paper)).toBeGreaterThanOrEqual(perRow(unscaled));
    for (const item of paper.items) expect(item.lines.join(' ')).toBe(item.full);
  });
});
