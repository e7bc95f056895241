import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { jMachineLatencyLoad } from './fixtures/latency_load';
import { LatencyLoadChart } from './LatencyLoadChart';
import { lineChartGeometry } from './line_geometry';
import { describeLineChart } from './line_words';
import { checkSvgSnapshot } from './svg_snapshot';

const render = (width: number, height: number) =>
  renderToStaticMarkup(
    <LatencyLoadChart
      name="latency_load"
      title="One-way latency against offered load"
      data={jMachineLatencyLoad}
      width={width}
      height={height}
    />,
  );

describe('LatencyLoadChart', () => {
  // Fixture: N = 2 saturates at 0.8 C_2 = 3.2 Gbit/s, where latency is 3 T0 = 67.5 cycles.
  it('marks saturation on each curve at its saturationX, at three times the base latency', () => {
    const g = lineChartGeometry(jMachineLatencyLoad, { width: 640, height: 400 });
    const n2 = g.curves.find((c) => c.id === 'N2' && !c.pinned)!;
    expect(n2.saturation!.onCurve).toBe(true);
    expect(n2.saturation!.x).toBeCloseTo(3.2, 9);
    expect(n2.saturation!.px).toBeCloseTo(g.x.toPx(3.2), 9);
    expect(n2.saturation!.y).toBeCloseTo(67.5, 6);
    const n16 = g.curves.find((c) => c.id === 'N16')!;
    expect(n16.saturation!.y).toBeCloseTo(3 * (22.5 + 28), 6);
  });

  it('draws the pinned N = 8 curve dashed in the colour of the current N = 8 curve', () => {
    const g = lineChartGeometry(jMachineLatencyLoad, { width: 640, height: 400 });
    const n8 = g.curves.filter((c) => c.id === 'N8');
    expect(n8.map((c) => c.pinned)).toEqual([false, true]);
    expect(n8[1]!.color).toBe(n8[0]!.color);
  });

  it('describes the saturation loads', () => {
    expect(describeLineChart(jMachineLatencyLoad)).toContain('N = 2 words: 20 points');
    expect(describeLineChart(jMachineLatencyLoad)).toContain('saturates at 3.2\u00a0Gbit/s');
  });

  it('draws the synthetic J-Machine curves at 640 px', () => {
    expect(() => checkSvgSnapshot('latency-load', render(640, 400))).not.toThrow();
  });

  it('draws the synthetic J-Machine curves at 320 px', () => {
    expect(() => checkSvgSnapshot('latency-load-narrow', render(320, 240))).not.toThrow();
  });
});
