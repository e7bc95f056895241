import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { LineChartData } from '../results/chart_data';
import { paragonG, paragonL } from './fixtures/line_chart';
import { lineChartGeometry } from './line_geometry';
import { describeLineChart } from './line_words';
import { LineChart } from './LineChart';
import type { ReadoutTarget } from './Readout';
import { moveReadout, nearestTarget, readoutBox, targetAt } from './Readout';
import { checkSvgSnapshot } from './svg_snapshot';

import { size } from './fixtures/line_helpers';

describe('read-out', () => {
  const targets: ReadoutTarget[] = [
    { series: 0, px: 0, py: 0, color: '', title: 'a0', lines: [] },
    { series: 0, px: 100, py: 0, color: '', title: 'a1', lines: [] },
    { series: 1, px: 10, py: 50, color: '', title: 'b0', lines: [] },
    { series: 1, px: 90, py: 50, color: '', title: 'b1', lines: [] },
  ];

  it('nearestTarget() finds the nearest point in pixel space', () => {
    expect(nearestTarget(targets, 60, 5)).toBe(1);
    expect(nearestTarget(targets, 20, 40)).toBe(2);
    expect(nearestTarget(targets, 50, 200, 20)).toBeNull();
    expect(nearestTarget([], 0, 0)).toBeNull();
  });

  it('nearestTarget() picks the point of a real chart under the pointer', () => {
    const g = lineChartGeometry(paragonG, size);
    const p16 = g.curves[0]!.points[1]!;
    const index = nearestTarget(g.targets, p16.px + 3, p16.py - 2);
    expect(g.targets[index!]!.lines).toEqual(['processors p: 16', 'g: 7.18\u00a0µs']);
  });

  it('moveReadout() steps along a series and across to the nearest point of the next', () => {
    expect(moveReadout(targets, null, 'ArrowRight')).toBe(0);
    expect(moveReadout(targets, 0, 'ArrowRight')).toBe(1);
    expect(moveReadout(targets, 1, 'ArrowRight')).toBe(1);
    expect(moveReadout(targets, 1, 'ArrowLeft')).toBe(0);
    expect(moveReadout(targets, 1, 'ArrowUp')).toBe(3);
    expect(moveReadout(targets, 2, 'ArrowUp')).toBe(0);
    expect(moveReadout(targets, 0, 'ArrowDown')).toBe(2);
    expect(moveReadout(targets, 2, 'Escape')).toBeNull();
    expect(moveReadout(targets, 2, 'a')).toBeUndefined();
  });

  it('targetAt() picks the area under the pointer, points close by first', () => {
    const bars: ReadoutTarget[] = [
      {
        series: 0,
        px: 5,
        py: 5,
        rect: { x: 0, y: 0, width: 10, height: 10 },
        color: '',
        title: 'r',
        lines: [],
      },
      { series: 1, px: 9, py: 9, color: '', title: 'p', lines: [] },
    ];
    expect(targetAt(bars, 2, 2)).toBe(0);
    expect(targetAt(bars, 8, 8)).toBe(1);
    expect(targetAt(bars, 30, 30)).toBeNull();
  });

  it('readoutBox() keeps the box inside the chart', () => {
    const frame = {
      size: { width: 320, height: 240 },
      margin: { top: 20, left: 40 },
      innerWidth: 260,
      innerHeight: 180,
    };
    const target = {
      series: 0,
      px: 255,
      py: 2,
      color: '',
      title: 'a long curve label',
      lines: ['x: 1', 'y: 2'],
    };
    const box = readoutBox(target, frame, 12);
    expect(box.x).toBeGreaterThanOrEqual(-40);
    expect(box.x + box.width).toBeLessThanOrEqual(320 - 40);
    expect(box.y).toBeGreaterThanOrEqual(-20);
    expect(box.y + box.height).toBeLessThanOrEqual(240 - 20);
  });
});

describe('<LineChart>', () => {
  const render = (data: LineChartData, width: number, height: number) =>
    renderToStaticMarkup(
      <LineChart
        name="paragon_g"
        title="Paragon BSP g"
        data={data}
        width={width}
        height={height}
      />,
    );

  it('is an accessible, focusable image with a description of its numbers', () => {
    const markup = render(paragonG, 640, 384);
    expect(markup).toMatch(/<svg[^>]* role="img"/);
    expect(markup).toContain('data-chart="paragon_g"');
    expect(markup).toContain('tabindex="0"');
    expect(markup).toContain('<title');
    expect(markup).toContain(describeLineChart(paragonG).replace(/\u00a0/g, '\u00a0'));
    expect(describeLineChart(paragonG)).toContain('g 6.5\u00a0µs to 8.55\u00a0µs');
    expect(markup).not.toContain('data-export="exclude"');
  });

  it('draws Juurlink Table 1 g against p (log x)', () => {
    expect(() => checkSvgSnapshot('line-paragon-g', render(paragonG, 640, 384))).not.toThrow();
  });

  it('draws Juurlink Table 1 L against p as a log-log scatter', () => {
    expect(() => checkSvgSnapshot('line-paragon-l', render(paragonL, 640, 384))).not.toThrow();
  });

  it('draws marks and a pinned curve at 320 px', () => {
    const data: LineChartData = {
      ...paragonG,
      curves: [
        ...paragonG.curves,
        // A pinned copy 5 % higher stands for an earlier run.
        ...paragonG.curves.map((c) => ({
          ...c,
          pinned: true,
          points: c.points.map((p) => ({ x: p.x, y: p.y * 1.05 })),
        })),
      ],
      marks: [
        { label: 'paper 6x6', kind: 'reference', x: 36, y: 8.1 },
        { label: 'current', kind: 'current', x: 16, y: 7.4 },
      ],
    };
    expect(() => checkSvgSnapshot('line-narrow-marks', render(data, 320, 240))).not.toThrow();
  });
});
