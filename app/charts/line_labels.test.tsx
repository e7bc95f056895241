// Labels on a line chart's plot: marks', rules' and saturation ticks', clear of the data.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { LineChartData, SpeedupData } from '../results/chart_data';
import { textWidth } from '../results/format';
import { jMachineLatencyLoad } from './fixtures/latency_load';
import { crossbarAccepted, crossbarLatency, meshLatency } from './fixtures/network_lines';
import {
  jmachineEfficiency,
  jmachineRoundTrip,
  multiPsiFig8Program1,
  multiPsiFig8Program2,
} from './fixtures/preset_lines';
import { overlaps, segmentCrossesBox } from './label_placement';
import type { LineSegment } from './label_placement';
import { lineChartGeometry } from './line_geometry';
import { LineChart } from './LineChart';
import { speedupGeometry } from './SpeedupChart';
import { defaultChartHeight } from './use_measured_width';

import { size, subpaths } from './fixtures/line_helpers';

describe('mark labels on the charts where they collided', () => {
  const line = (data: LineChartData) => (width: number) =>
    lineChartGeometry(data, { width, height: defaultChartHeight(width) });
  const speedup = (data: SpeedupData) => (width: number) =>
    speedupGeometry(data, { width, height: defaultChartHeight(width) });
  const cases = [
    ['J-Machine efficiency, ½ N=2 beside ½ N=4', line(jmachineEfficiency)],
    ['J-Machine round trip', line(jmachineRoundTrip)],
    ['Multi-PSI Fig. 8, Program 1', speedup(multiPsiFig8Program1)],
    ['Multi-PSI Fig. 8, Program 2', speedup(multiPsiFig8Program2)],
  ] as const;
  /** Every straight piece of the drawn lines: curves, the ideal guide, the rules. */
  const drawnSegments = (g: ReturnType<typeof lineChartGeometry>): LineSegment[] => [
    ...[...g.curves.map((c) => c.path), ...g.guides.map((guide) => guide.path)].flatMap((d) =>
      subpaths(d).flatMap((pts) =>
        pts.slice(1).map(([x2, y2], i) => {
          const [x1, y1] = pts[i]!;
          return { x1: x1!, y1: y1!, x2: x2!, y2: y2! };
        }),
      ),
    ),
    ...g.rules,
  ];

  for (const [name, geometry] of cases) {
    it(`${name}: labels overlap nothing and no line crosses them; all shown from 480 px`, () => {
      for (const width of [320, 480, 640, 960, 1200]) {
        const g = geometry(width);
        expect(g.marks.length, `${width} px`).toBeGreaterThan(0);
        // At 320 px a tall legend can leave too little plot for every label; those left out
        // are named by the read-out.
        expect(width < 480 || g.marks.every((m) => m.placement), `${width} px`).toBe(true);
        const boxes = g.marks.flatMap((m) => (m.placement ? [m.placement.box] : []));
        const ruleBoxes = g.rules.map((r) => r.labelBox);
        const segments = drawnSegments(g);
        boxes.forEach((box, i) => {
          const where = `${width} px, label ${i}`;
          boxes.slice(i + 1).forEach((other) => expect(overlaps(box, other), where).toBe(false));
          ruleBoxes.forEach((other) => expect(overlaps(box, other), where).toBe(false));
          segments.forEach((s) => expect(segmentCrossesBox(s, box), where).toBe(false));
          expect(box.x, where).toBeGreaterThanOrEqual(0);
          expect(box.y, where).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, where).toBeLessThanOrEqual(g.innerWidth);
          expect(box.y + box.height, where).toBeLessThanOrEqual(g.innerHeight);
        });
      }
    });
  }

  it('draws a label where its box is, and a leader line from its point when it moved away', () => {
    const g = lineChartGeometry(jmachineEfficiency, { width: 480, height: 288 });
    const svg = renderToStaticMarkup(
      <LineChart name="e" title="E" data={jmachineEfficiency} width={480} height={288} />,
    );
    for (const m of g.marks) {
      const { box, textX, textY } = m.placement!;
      expect(textX).toBe(box.x);
      expect(textY).toBeGreaterThan(box.y);
      expect(textY).toBeLessThan(box.y + box.height);
      expect(svg).toContain(`>${m.text}</text>`);
    }
    // At this size ½ N=2 has no room beside its point and gets a leader.
    const leaders = g.marks.flatMap((m) => (m.placement?.leader ? [{ m, ...m.placement }] : []));
    expect(leaders.map(({ m }) => m.text)).toContain('½ N=2');
    for (const { m, leader, box } of leaders) {
      expect(Math.hypot(leader!.x1 - m.px, leader!.y1 - m.py)).toBeLessThan(10);
      expect(segmentCrossesBox({ ...leader!, x1: leader!.x2, y1: leader!.y2 }, box)).toBe(true);
      expect(svg).toContain(`x2="${leader!.x2}"`);
    }
  });
});

describe('saturation ticks', () => {
  it('label a tick "sat." only clear of every curve, else the legend says what ticks are', () => {
    for (const width of [320, 480, 640, 960, 1200]) {
      const g = lineChartGeometry(jMachineLatencyLoad, {
        width,
        height: defaultChartHeight(width),
      });
      const segments = g.curves.flatMap((c) =>
        c.points.slice(1).map((b, i) => ({
          x1: c.points[i]!.px,
          y1: c.points[i]!.py,
          x2: b.px,
          y2: b.py,
        })),
      );
      const width11 = textWidth('sat.', g.fontSize - 1);
      const ticks = g.curves.flatMap((c) => (c.saturation ? [c.saturation] : []));
      expect(ticks.length).toBeGreaterThan(0);
      for (const sat of ticks.filter((t) => t.labelled)) {
        const box = { x: sat.px - width11 / 2, y: sat.py - 10 - 9, width: width11, height: 11 };
        for (const s of segments) expect(segmentCrossesBox(s, box), `${width} px`).toBe(false);
      }
      const inLegend = g.legend.items.some((i) => i.key === 'saturation');
      expect(inLegend, `${width} px`).toBe(ticks.some((t) => !t.labelled));
    }
  });
});

describe("the custom network's model rules", () => {
  const cases = [
    ['8 x 8 mesh, latency', meshLatency],
    ['crossbar, latency', crossbarLatency],
    ['crossbar, accepted', crossbarAccepted],
  ] as const;
  for (const [name, data] of cases) {
    it(`${name}: a rule's label lies on no curve, point or other label, inside the plot`, () => {
      for (const width of [320, 480, 640, 960, 1200]) {
        const g = lineChartGeometry(data, { width, height: defaultChartHeight(width) });
        const labels = [...g.rules, ...g.edgeRules].map((r) => ({ text: r.text, box: r.labelBox }));
        // Each rule is named once: beside its line or at the edge, else in the legend with its
        // value, so that two there can be told apart.
        const inLegend = g.legend.items.filter((i) => i.symbol.kind === 'rule');
        expect(labels.length + inLegend.length).toBe(data.rules!.length);
        for (const item of inLegend) expect(item.full).toMatch(/\d/);
        const segments = g.curves.flatMap((c) =>
          c.points.slice(1).map((b, i) => ({
            x1: c.points[i]!.px,
            y1: c.points[i]!.py,
            x2: b.px,
            y2: b.py,
          })),
        );
        const points = g.curves.flatMap((c) =>
          c.points.map((p) => ({ x: p.px - 3, y: p.py - 3, width: 6, height: 6 })),
        );
        labels.forEach(({ text, box }, i) => {
          const where = `${width} px, ${text}`;
          for (const s of segments) expect(segmentCrossesBox(s, box), where).toBe(false);
          for (const p of points) expect(overlaps(p, box), where).toBe(false);
          for (const other of labels.slice(i + 1))
            expect(overlaps(other.box, box), where).toBe(false);
          expect(box.x, where).toBeGreaterThanOrEqual(0);
          expect(box.y, where).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, where).toBeLessThanOrEqual(g.innerWidth);
          expect(box.y + box.height, where).toBeLessThanOrEqual(g.innerHeight);
        });
      }
    });
  }

  it('names a bound out of reach with its value rounded for reading', () => {
    const g = lineChartGeometry(meshLatency, size);
    expect(g.edgeRules.map((r) => r.text)).toEqual([
      'model: capacity bound 0.492\u00a0flits/node/cycle →',
    ]);
  });
});
