import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { SpeedupData } from '../results/chart_data';
import { multiPsiSpeedup } from './fixtures/speedup';
import { SpeedupChart, speedupGeometry } from './SpeedupChart';
import { checkSvgSnapshot } from './svg_snapshot';

const size = { width: 640, height: 400 };

describe('speedupGeometry()', () => {
  it('draws the ideal line from the origin to the right end of the x domain', () => {
    // Fixture: p = 1..6, so x and y both run 0..6 and the ideal is the plot's diagonal.
    const g = speedupGeometry(multiPsiSpeedup, size);
    const ideal = g.guides[0]!;
    expect(g.x.domain).toEqual([0, 6]);
    expect(ideal.path.startsWith(`M0,${g.innerHeight}`)).toBe(true);
    expect(ideal.end!.px).toBeCloseTo(g.innerWidth, 9);
    expect(ideal.end!.py).toBeCloseTo(g.y.toPx(6), 9);
    expect(ideal.end!.py).toBeCloseTo(0, 9);
  });

  it('scales the ideal by idealSlope and widens the y domain to show it', () => {
    const rate: SpeedupData = { ...multiPsiSpeedup, idealSlope: 2 };
    const g = speedupGeometry(rate, size);
    expect(g.y.domain[1]).toBeGreaterThanOrEqual(12);
    expect(g.guides[0]!.end!.py).toBeCloseTo(g.y.toPx(12), 9);
  });

  it('lists the ideal in the legend after the curves', () => {
    const g = speedupGeometry(multiPsiSpeedup, size);
    expect(g.legend.items.map((i) => i.label)).toEqual([
      'Depth1',
      'Depth2',
      'Depth3',
      'Depth5',
      'ideal',
    ]);
  });

  it('places an Amdahl point at its speedup', () => {
    const g = speedupGeometry(multiPsiSpeedup, size);
    const depth2At6 = g.curves[1]!.points[5]!;
    expect(depth2At6.y).toBeCloseTo(1 / (0.05 + 0.95 / 6), 9);
    expect(depth2At6.py).toBeCloseTo(g.innerHeight * (1 - depth2At6.y / 6), 9);
  });
});

describe('<SpeedupChart>', () => {
  it('draws the synthetic Multi-PSI speedups with the ideal line', () => {
    expect(() =>
      checkSvgSnapshot(
        'speedup',
        renderToStaticMarkup(
          <SpeedupChart
            name="speedup"
            title="Speedup against PEs"
            data={multiPsiSpeedup}
            width={640}
            height={400}
          />,
        ),
      ),
    ).not.toThrow();
  });
});
