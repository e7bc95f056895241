import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { LineChartData, SpeedupData } from '../results/chart_data';
import { textWidth, tickText } from '../results/format';
import { paragonG, paragonL } from './fixtures/line_chart';
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
import { describeLineChart, LineChart, lineChartGeometry } from './LineChart';
import { palette, seriesColor, seriesMarker } from './palette';
import type { ReadoutTarget } from './Readout';
import { moveReadout, nearestTarget, readoutBox, targetAt } from './Readout';
import { speedupGeometry } from './SpeedupChart';
import { checkSvgSnapshot } from './svg_snapshot';
import { defaultChartHeight } from './use_measured_width';

const size = { width: 640, height: 400 };

/** A 0..10 by 0..100 plot with fixed ends, so pixels follow from the plot size alone. */
function fixedLinear(curves: LineChartData['curves']): LineChartData {
  return {
    x: { label: 'x', unit: 's', scale: 'linear', min: 0, max: 10 },
    y: { label: 'y', unit: 'm', scale: 'linear', min: 0, max: 100 },
    curves,
  };
}

/** Points of a d3 path of straight segments, one array per sub-path (gaps start a new one). */
function subpaths(d: string): number[][][] {
  return d
    .split('M')
    .filter(Boolean)
    .map((part) => part.split('L').map((p) => p.split(',').map(Number)));
}

describe('lineChartGeometry()', () => {
  it('places a point at its data position on linear axes', () => {
    const g = lineChartGeometry(
      fixedLinear([{ id: 'a', label: 'a', points: [{ x: 2.5, y: 40 }] }]),
      size,
    );
    const p = g.curves[0]!.points[0]!;
    expect(p.px).toBeCloseTo(g.innerWidth * 0.25, 9);
    expect(p.py).toBeCloseTo(g.innerHeight * 0.6, 9);
    expect(g.margin.left + g.innerWidth + g.margin.right).toBe(size.width);
    expect(g.margin.top + g.innerHeight + g.margin.bottom).toBe(size.height);
  });

  it("draws the data's guides from the origin across the x domain, named in the legend", () => {
    const data: LineChartData = {
      x: { label: 'offered', unit: '', scale: 'linear' },
      y: { label: 'accepted', unit: '', scale: 'linear' },
      curves: [{ id: 'a', label: 'a', points: [0.1, 0.2, 0.3, 0.4].map((x) => ({ x, y: 0.2 })) }],
      guides: [{ id: 'diagonal', label: 'accepted = offered', slope: 1 }],
    };
    const g = lineChartGeometry(data, size);
    expect(g.guides.map((guide) => guide.label)).toEqual(['accepted = offered']);
    // The y axis reaches the diagonal's end, so the curve is seen to leave it.
    expect(g.guides[0]!.end!.py).toBeCloseTo(g.y.toPx(g.x.domain[1]!), 9);
    expect(g.y.domain[1]).toBeGreaterThanOrEqual(0.4);
    expect(describeLineChart(data)).toContain('accepted = offered: accepted = 1 × offered.');
  });

  it('spaces decades evenly on a log axis and labels them readably', () => {
    const data: LineChartData = {
      x: { label: 'n', unit: '', scale: 'log' },
      y: { label: 't', unit: 'µs', scale: 'log' },
      curves: [
        {
          id: 'a',
          label: 'a',
          points: [1, 10, 100, 1000, 1e6].map((v) => ({ x: v, y: v })),
        },
      ],
    };
    const g = lineChartGeometry(data, size);
    const [p1, p10, p100, p1000] = g.curves[0]!.points.map((p) => p.px);
    expect(p10! - p1!).toBeCloseTo(p100! - p10!, 9);
    expect(p1000! - p100!).toBeCloseTo(p100! - p10!, 9);
    const labels = g.xTicks.filter((t) => t.label).map(tickText);
    expect(labels).toContain('1,000');
    expect(labels).toContain('10⁶');
  });

  it('skips non-positive values on a log axis and breaks the line there', () => {
    const data: LineChartData = {
      x: { label: 'n', unit: '', scale: 'log' },
      y: { label: 't', unit: '', scale: 'linear' },
      curves: [
        {
          id: 'a',
          label: 'a',
          points: [
            { x: 1, y: 1 },
            { x: 2, y: 2 },
            { x: 0, y: 3 },
            { x: 4, y: 4 },
            { x: 8, y: 5 },
          ],
        },
      ],
    };
    const g = lineChartGeometry(data, size);
    expect(g.curves[0]!.points.map((p) => p.x)).toEqual([1, 2, 4, 8]);
    expect(subpaths(g.curves[0]!.path)).toHaveLength(2);
    expect(g.x.domain[0]).toBeGreaterThan(0);
  });

  it('puts the saturation marker on the curve at saturationX, y interpolated', () => {
    const curve = {
      id: 'a',
      label: 'a',
      points: [
        { x: 0, y: 0 },
        { x: 4, y: 20 },
        { x: 8, y: 80 },
      ],
      saturationX: 6,
    };
    const g = lineChartGeometry(fixedLinear([curve]), size);
    const sat = g.curves[0]!.saturation!;
    expect(sat.onCurve).toBe(true);
    expect(sat.px).toBeCloseTo(g.innerWidth * 0.6, 9);
    expect(sat.y).toBeCloseTo(50, 9);
    expect(sat.py).toBeCloseTo(g.innerHeight * 0.5, 9);
  });

  it('marks a saturation beyond the curve on the x axis', () => {
    const g = lineChartGeometry(
      fixedLinear([{ id: 'a', label: 'a', points: [{ x: 0, y: 0 }], saturationX: 9 }]),
      size,
    );
    const sat = g.curves[0]!.saturation!;
    expect(sat.onCurve).toBe(false);
    expect(sat.px).toBeCloseTo(g.innerWidth * 0.9, 9);
    expect(sat.py).toBe(g.innerHeight);
  });

  it('colours curves by position among the non-pinned ones; pinned ones share their id', () => {
    const point = [{ x: 1, y: 1 }];
    const g = lineChartGeometry(
      fixedLinear([
        { id: 'a', label: 'a', points: point, pinned: true },
        { id: 'a', label: 'a', points: point },
        { id: 'b', label: 'b', points: point },
        { id: 'c', label: 'c', points: point, pinned: true },
      ]),
      size,
    );
    expect(g.curves.map((c) => c.color)).toEqual([
      seriesColor(0),
      seriesColor(0),
      seriesColor(1),
      palette.grey,
    ]);
    expect(g.legend.items.map((i) => i.label)).toEqual(['a', 'b', 'a (pinned)', 'c (pinned)']);
  });

  it('draws a fitted line dashed in the colour it is given, whatever its position', () => {
    const point = [{ x: 1, y: 1 }];
    const g = lineChartGeometry(
      fixedLinear([
        { id: 'tw_1', label: 'WRITEMN, 1 word', points: point },
        { id: 'tw_64', label: 'WRITEMN, 64 words', points: point },
        { id: 'fit_64', label: 'a/x, 64 words', points: point, model: true, color: 1 },
        { id: 'fit_1', label: 'a/x, 1 word', points: point, model: true, color: 0 },
      ]),
      size,
    );
    expect(g.curves.map((c) => c.color)).toEqual([
      seriesColor(0),
      seriesColor(1),
      seriesColor(1),
      seriesColor(0),
    ]);
    expect(g.curves[2]!.dash).toBe('6 4');
  });

  it('tells the eighth and later curves from the first seven by a line pattern', () => {
    // Fig. 8 of Program 2 draws K = 1..8: K = 8 takes K = 1's colour and needs another mark.
    const point = [{ x: 1, y: 1 }];
    const curves = Array.from({ length: 15 }, (_, k) => ({
      id: `k${k}`,
      label: `K ${k}`,
      points: point,
    }));
    const g = lineChartGeometry(
      fixedLinear([...curves, { id: 'k7', label: 'K 7', points: point, pinned: true }]),
      size,
    );
    expect(g.curves[7]!.color).toBe(g.curves[0]!.color);
    const dashes = g.curves.map((c) => c.dash);
    expect(dashes.slice(0, 7)).toEqual(Array(7).fill(undefined));
    expect(new Set(dashes.slice(7, 14)).size).toBe(1);
    expect(dashes[7]).toBeDefined();
    expect(dashes[14]).toBeDefined();
    expect(dashes[14]).not.toBe(dashes[7]);
    // A pinned curve keeps the pinned dash whatever its position; the legend shows each pattern.
    expect(dashes[15]).not.toBe(dashes[7]);
    const symbols = g.legend.items.map((i) => (i.symbol.kind === 'series' ? i.symbol.dash : null));
    expect(symbols).toEqual(dashes);
    const svg = renderToStaticMarkup(
      <LineChart name="k" title="K" data={fixedLinear(curves)} width={640} height={400} />,
    );
    expect(svg).toContain(`stroke-dasharray="${dashes[7]}"`);
  });

  it('marks each curve of a chart of two or more series with the shape of its position', () => {
    // J-Machine Fig. 5: LCS, N-queens and TSP must not print as one grey line.
    const many = Array.from({ length: 201 }, (_, i) => ({ x: i / 20, y: i / 2 }));
    const data = fixedLinear([
      { id: 'lcs', label: 'LCS', points: many, color: 0 },
      { id: 'queens', label: 'N-queens', points: many, color: 2, mode: 'line+points' },
      { id: 'tsp', label: 'TSP', points: many.filter((_, i) => i % 100 === 0), color: 3 },
      { id: 'fit', label: 'model', points: many, model: true, color: 3 },
    ]);
    const g = lineChartGeometry(data, size);
    const [lcs, queens, tsp, model] = g.curves;
    // The shape follows the palette position, as the colour does; the first is the circle.
    expect(lcs!.marker).toBeUndefined();
    expect(queens!.marker).toBe(seriesMarker(2, 36));
    expect(tsp!.marker).toBe(seriesMarker(3, 36));
    expect(new Set([queens!.marker, tsp!.marker]).size).toBe(2);
    // A line of many points carries a marker at most every 48 px; its points, each.
    const gaps = lcs!.markers.slice(1).map((p, i) => p.px - lcs!.markers[i]!.px);
    expect(lcs!.markers.length).toBeGreaterThan(8);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(48);
    expect(queens!.markers).toHaveLength(201);
    expect(tsp!.markers).toHaveLength(3);
    // A model's line is told by its dash, and carries none.
    expect(model!.markers).toEqual([]);
    // The legend shows each shape.
    const legend = g.legend.items.map((i) => (i.symbol.kind === 'series' ? i.symbol : null));
    expect(legend.map((s) => s?.point)).toEqual([true, true, true, false]);
    expect(legend.map((s) => s?.marker)).toEqual([
      undefined,
      seriesMarker(2, 36),
      seriesMarker(3, 36),
      undefined,
    ]);
    const svg = renderToStaticMarkup(
      <LineChart name="fig5" title="Fig. 5" data={data} width={640} height={400} />,
    );
    expect(svg.split(`d="${seriesMarker(3, 36)}"`)).toHaveLength(3 + 1 + 1);
  });

  it('draws one series without markers on its line', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ x: i / 5, y: i }));
    const g = lineChartGeometry(fixedLinear([{ id: 'a', label: 'a', points: many }]), size);
    expect(g.curves[0]!.markers).toEqual([]);
  });

  it('ticks a whole-number x axis at whole numbers only, and a fractional one between them', () => {
    const at = (xs: number[]) =>
      lineChartGeometry(
        {
          x: { label: 'PEs', unit: '', scale: 'linear', min: 0 },
          y: { label: 'y', unit: '', scale: 'linear' },
          curves: [{ id: 'a', label: 'a', points: xs.map((x) => ({ x, y: x })) }],
        },
        { width: 900, height: 400 },
      ).xTicks.map((t) => t.label);
    expect(at([1, 2, 3, 4, 5, 6])).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(at([1, 2.5, 6])).toContain('0.5');
  });

  it('explains each kind of mark once in the legend, a mark of its own kind by its name', () => {
    const data: LineChartData = {
      x: { label: 'workers', unit: '', scale: 'linear' },
      y: { label: 'time', unit: 'ms', scale: 'log' },
      curves: [{ id: 't805', label: 'T805', points: [{ x: 1, y: 900 }] }],
      marks: [
        { label: 'T805 sequential', kind: 'current', legend: 'sequential time', x: 0, y: 800 },
        { label: 'T9000 sequential', kind: 'current', legend: 'sequential time', x: 0, y: 90 },
        { label: 'this run', kind: 'current', x: 1, y: 900 },
        { label: 'Fig. 8', kind: 'reference', x: 1, y: 1000 },
      ],
    };
    const g = lineChartGeometry(data, size);
    expect(g.legend.items.map((i) => i.label)).toEqual([
      'T805',
      'sequential time',
      'current',
      'paper',
    ]);
    expect(g.targets.map((t) => t.title).slice(1)).toEqual([
      'T805 sequential (sequential time)',
      'T9000 sequential (sequential time)',
      'this run (current)',
      'Fig. 8 (paper)',
    ]);
  });

  it('includes marks and rules in the domain and places them', () => {
    const data: LineChartData = {
      x: { label: 'x', unit: '', scale: 'linear' },
      y: { label: 'y', unit: '', scale: 'linear' },
      curves: [{ id: 'a', label: 'a', points: [{ x: 1, y: 1 }] }],
      marks: [{ label: 'paper', kind: 'reference', x: 8, y: 4 }],
      rules: [
        { label: 'limit', axis: 'y', value: 5 },
        { label: 'edge', axis: 'x', value: 10 },
      ],
    };
    const g = lineChartGeometry(data, size);
    expect(g.x.domain[1]).toBeGreaterThanOrEqual(10);
    expect(g.y.domain[1]).toBeGreaterThanOrEqual(5);
    expect(g.marks[0]!.px).toBeCloseTo(g.x.toPx(8), 9);
    expect(g.marks[0]!.py).toBeCloseTo(g.y.toPx(4), 9);
    const [limit, edge] = g.rules;
    expect(limit!.y1).toBeCloseTo(g.y.toPx(5), 9);
    expect(limit!.x2).toBe(g.innerWidth);
    expect(edge!.x1).toBeCloseTo(g.x.toPx(10), 9);
    // The x rule sits at the right edge, so its label goes on its left.
    expect(edge!.labelAnchor).toBe('end');
  });

  it('names a rule far past the data at the edge instead of stretching the axis to it', () => {
    // A 4-ary 3-fly: the curve saturates near 0.5 while the capacity bound is 1.
    const data: LineChartData = {
      x: { label: 'offered load', unit: 'flits/node/cycle', scale: 'linear', min: 0 },
      y: { label: 'latency', unit: 'cycles', scale: 'linear', min: 0 },
      curves: [
        {
          id: 'a',
          label: 'a',
          points: [0.05, 0.2, 0.35, 0.5].map((x) => ({ x, y: 20 + 40 * x })),
        },
      ],
      rules: [
        { label: 'model: capacity bound', axis: 'x', value: 1, model: true },
        { label: 'model: FIFO saturation', axis: 'x', value: 0.55, model: true },
        { label: 'model: zero-load latency', axis: 'y', value: 400, model: true },
      ],
    };
    const g = lineChartGeometry(data, size);
    expect(g.x.domain[1]).toBeLessThan(0.7);
    expect(g.y.domain[1]).toBeLessThan(100);
    // The rule within reach is a line; the others are named at the edge they lie beyond.
    expect(g.rules.map((r) => r.label)).toEqual(['model: FIFO saturation']);
    expect(g.edgeRules.map((r) => r.text)).toEqual([
      'model: capacity bound 1\u00a0flits/node/cycle →',
      'model: zero-load latency 400\u00a0cycles ↑',
    ]);
    for (const r of g.edgeRules) {
      expect(r.labelBox.x).toBeGreaterThanOrEqual(0);
      expect(r.labelBox.x + r.labelBox.width).toBeLessThanOrEqual(g.innerWidth);
    }
    expect(overlaps(g.edgeRules[0]!.labelBox, g.edgeRules[1]!.labelBox)).toBe(false);
    // They keep below the label of the rule drawn.
    for (const r of g.edgeRules) expect(overlaps(r.labelBox, g.rules[0]!.labelBox)).toBe(false);
    // The curve's saturation, past its last sustained point, stays on the axis with its marker.
    const saturating = { ...data, curves: [{ ...data.curves[0]!, saturationX: 0.6 }] };
    const s = lineChartGeometry(saturating, size);
    expect(s.x.domain[1]).toBeGreaterThanOrEqual(0.6);
    expect(s.x.domain[1]).toBeLessThan(0.8);
    expect(s.curves[0]!.saturation!.px).toBeLessThanOrEqual(s.innerWidth);
    // With no data the rules make the axes, as before.
    const empty = lineChartGeometry({ ...data, curves: [] }, size);
    expect(empty.x.domain[1]).toBeGreaterThanOrEqual(1);
    expect(empty.edgeRules).toEqual([]);
  });

  it("leaves out a saturation's label where a rule's label lies", () => {
    const data: LineChartData = {
      x: { label: 'offered load', unit: '', scale: 'linear', min: 0 },
      y: { label: 'latency', unit: 'cycles', scale: 'linear', min: 0 },
      curves: [
        {
          id: 'a',
          label: 'a',
          points: [0.1, 0.2, 0.3, 0.4].map((x) => ({ x, y: 10 + 100 * x })),
          saturationX: 0.5,
        },
      ],
      rules: [{ label: 'model: zero-load latency', axis: 'y', value: 2, model: true }],
    };
    const g = lineChartGeometry(data, size);
    expect(g.curves[0]!.saturation).toMatchObject({ onCurve: false, labelled: false });
    const clear = lineChartGeometry({ ...data, rules: [] }, size);
    expect(clear.curves[0]!.saturation).toMatchObject({ labelled: true });
  });

  it('uses fewer ticks and more legend rows when narrow, without overlapping labels', () => {
    const curves = ['first curve', 'second curve', 'third curve', 'fourth curve'].map(
      (label, i) => ({
        id: label,
        label,
        points: [
          { x: 0, y: i },
          { x: 12345, y: 100 * i },
        ],
      }),
    );
    const data: LineChartData = {
      ...fixedLinear(curves),
      x: { label: 'x', unit: '', scale: 'linear' },
    };
    const narrow = lineChartGeometry(data, { width: 320, height: 240 });
    const wide = lineChartGeometry(data, { width: 1600, height: 480 });
    expect(narrow.xTicks.length).toBeLessThan(wide.xTicks.length);
    expect(narrow.legend.height).toBeGreaterThan(wide.legend.height);
    for (const item of narrow.legend.items) expect(item.x).toBeLessThan(320 - 16);
    const offsets = narrow.xTicks.map((t) => t.offset);
    offsets.slice(1).forEach((o, i) => expect(o - offsets[i]!).toBeGreaterThan(40));
  });
});

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

describe('a long legend at phone widths', () => {
  // Paragon BSP, Fig. 3: five meshes simulated and their fitted lines, ten legend entries.
  const meshes = ['4x2 (p = 8)', '4x4 (p = 16)', '8x4 (p = 32)', '6x6 (p = 36)', '8x8 (p = 64)'];
  const hrelations: LineChartData = {
    x: { label: 'h', unit: 'packets', scale: 'linear' },
    y: { label: 'time', unit: 'us', scale: 'linear' },
    curves: [
      ...meshes.map((m, k) => ({
        id: `hrel_${k}`,
        label: `${m}, simulated`,
        color: k,
        mode: 'line+points' as const,
        points: [10, 20, 30, 40].map((h) => ({ x: h, y: 1000 * (k + 1) + 250 * h })),
      })),
      ...meshes.map((m, k) => ({
        id: `bsp_model_${k}`,
        label: `${m.slice(0, 3)}: BSP g h + L`,
        color: k,
        model: true,
        mode: 'line' as const,
        points: [10, 40].map((h) => ({ x: h, y: 1000 * (k + 1) + 250 * h })),
      })),
    ],
  };

  it('keeps a readable plot below all ten entries: the chart grows, the plot does not shrink', () => {
    for (const width of [260, 290, 320, 400]) {
      const g = lineChartGeometry(hrelations, { width, height: defaultChartHeight(width) });
      const where = `${width} px`;
      expect(g.legend.items, where).toHaveLength(10);
      for (const item of g.legend.items) {
        expect(item.x + textWidth(item.label, g.fontSize) + 28, where).toBeLessThanOrEqual(width);
      }
      expect(g.innerHeight, where).toBeGreaterThanOrEqual(140);
      expect(g.size.height, where).toBe(g.margin.top + g.innerHeight + g.margin.bottom);
      // The plot starts below the legend, and the x title ends inside the chart.
      expect(g.margin.top, where).toBeGreaterThanOrEqual(g.legend.height + 8);
      expect(g.margin.top + g.innerHeight + g.xTitleOffset, where).toBeLessThanOrEqual(
        g.size.height,
      );
      // The y title has room for its words, not "t… (µs)".
      expect(g.yTitle, where).toBe('time (µs)');
    }
  });

  it('wraps a long legend label whole onto lines, and cuts a long axis title, its full form to focus and hover', () => {
    // Paragon ping-pong's long names, and a long axis title.
    const long: LineChartData = {
      ...hrelations,
      y: { label: 'time to send a message through an unloaded network', unit: 'us', scale: 'log' },
      curves: hrelations.curves.map((c) => ({
        ...c,
        label: `send + receive (ping-pong double), ${c.label}`,
      })),
    };
    const g = lineChartGeometry(long, { width: 260, height: defaultChartHeight(260) });
    const svg = renderToStaticMarkup(<LineChart name="h" title="H" data={long} width={260} />);
    // Every legend label is there whole (side by side's names are read, not guessed at).
    for (const item of g.legend.items) expect(item.lines.join(' ')).toBe(item.full);
    const wrapped = g.legend.items.filter((i) => i.lines.length > 1);
    expect(wrapped.length).toBeGreaterThan(5);
    for (const item of wrapped) {
      for (const line of item.lines) {
        expect(item.x + textWidth(line, g.fontSize) + 28).toBeLessThanOrEqual(260);
        expect(svg).toContain(`>${line}</tspan>`);
      }
    }
    const full = 'time to send a message through an unloaded network (µs)';
    expect(g.yTitleFull).toBe(full);
    expect(g.yTitle).not.toBe(full);
    expect(svg).toContain(`tabindex="0" aria-label="${full}"`);
    expect(svg).toContain(`<title>${full}</title>`);
    // A label drawn whole is plain text.
    expect(svg).not.toContain('aria-label="H"');
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

describe("the custom network's model rules (issue 20)", () => {
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
