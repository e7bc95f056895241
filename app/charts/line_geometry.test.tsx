// The line chart's geometry: axes, curves, markers, rules and marks placed on the plot.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { LineChartData } from '../results/chart_data';
import { tickText } from '../results/format';
import { overlaps } from './label_placement';
import { lineChartGeometry } from './line_geometry';
import { describeLineChart } from './line_words';
import { LineChart } from './LineChart';
import { palette, seriesColor, seriesMarker } from './palette';

import { fixedLinear, size, subpaths } from './fixtures/line_helpers';

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
    // Unlabelled on the axis, where "sat." would read as the axis's: the legend names the tick.
    expect(g.legend.items.map((i) => i.key)).toContain('saturation');
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
    // A model of a series is told by its dash and its series' marker in outline, a few at a time.
    expect(model!.marker).toBe(tsp!.marker);
    expect(model!.hollow).toBe(true);
    expect(tsp!.hollow).toBe(false);
    expect(model!.markers.length).toBeGreaterThan(8);
    // The legend shows each shape.
    const legend = g.legend.items.map((i) => (i.symbol.kind === 'series' ? i.symbol : null));
    expect(legend.map((s) => s?.point)).toEqual([true, true, true, true]);
    expect(legend.map((s) => s?.marker)).toEqual([
      undefined,
      seriesMarker(2, 36),
      seriesMarker(3, 36),
      seriesMarker(3, 36),
    ]);
    expect(legend.map((s) => s?.hollow)).toEqual([undefined, undefined, undefined, true]);
    const svg = renderToStaticMarkup(
      <LineChart name="fig5" title="Fig. 5" data={data} width={640} height={400} />,
    );
    // TSP's three points, the model's, and each in the legend.
    const modelMarkers = model!.markers.length;
    expect(svg.split(`d="${seriesMarker(3, 36)}"`)).toHaveLength(3 + modelMarkers + 2 + 1);
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

  it('labels no saturation tick on the x axis, with a rule there or not', () => {
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
    expect(clear.curves[0]!.saturation).toMatchObject({ onCurve: false, labelled: false });
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
