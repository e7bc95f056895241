import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { TimelineData } from '../results/chart_data';
import { timelineTable } from './chart_table';
import { multiPsiTimeline6, multiPsiTimeline64 } from './fixtures/timeline';
import { textWidth } from '../results/format';
import { seriesColor } from './palette';
import { moveReadout } from './Readout';
import { checkSvgSnapshot } from './svg_snapshot';
import { describeTimeline } from './timeline_chart_words';
import { timelineHeight } from './timeline_frame';
import { timelineGeometry, timelineTargetAt } from './timeline_geometry';
import { TimelineChart } from './TimelineChart';

const size = { width: 640, height: 400 };
// Paths are written with 2 decimals.
const PATH_TOLERANCE = 0.006;

/** A timeline over [0, end] with the given rows of [busy, comm] shares. */
function timeline(rows: number[][][], end = 4): TimelineData {
  return {
    time: { label: 'time', unit: 's', scale: 'linear' },
    end,
    states: [
      { key: 'busy', label: 'busy' },
      { key: 'comm', label: 'comm' },
    ],
    rows: rows.map((fractions, i) => ({ label: `PE ${i + 1}`, fractions })),
  };
}

/** The vertices of a path of M, H, V and Z commands. */
function vertices(d: string): [number, number][] {
  const points: [number, number][] = [];
  let [x, y] = [0, 0];
  for (const [, command, args] of d.matchAll(/([MHVZ])([^MHVZ]*)/g)) {
    if (command === 'M') [x, y] = args!.split(',').map(Number) as [number, number];
    else if (command === 'H') x = Number(args);
    else if (command === 'V') y = Number(args);
    else continue;
    points.push([x, y]);
  }
  return points;
}

/** The top and bottom of a step path at x: the extent of its horizontal edges spanning x. */
function spanAt(d: string, x: number): [number, number] | null {
  const v = vertices(d);
  const ys = v.flatMap(([x1, y1], i) => {
    const [x2, y2] = v[(i + 1) % v.length]!;
    return y1 === y2 && Math.min(x1, x2) <= x && x <= Math.max(x1, x2) ? [y1] : [];
  });
  return ys.length > 0 ? [Math.min(...ys), Math.max(...ys)] : null;
}

describe('timelineGeometry()', () => {
  it('draws one band per processor from the top, with every label when they fit', () => {
    const g = timelineGeometry(multiPsiTimeline6, size);
    expect(g.rows).toHaveLength(6);
    expect(g.rows.map((r) => r.text)).toEqual([1, 2, 3, 4, 5, 6].map((i) => `PE ${i}`));
    g.rows.slice(1).forEach((row, i) => {
      expect(row.y).toBeGreaterThan(g.rows[i]!.y + g.rows[i]!.height);
      expect(row.height).toBeCloseTo(g.rows[0]!.height, 9);
    });
    expect(g.rows[0]!.y).toBeGreaterThanOrEqual(0);
    expect(g.rows.at(-1)!.y + g.rows.at(-1)!.height).toBeLessThanOrEqual(g.innerHeight);
    expect(g.bins).toBe(60);
    expect(g.binWidth * 60).toBeCloseTo(g.innerWidth, 9);
    expect(g.xTicks.at(-1)!.offset).toBeCloseTo(g.innerWidth, 9);
    expect(g.xTitle).toEqual(['time (s)']);
  });

  it('stacks the states from the bottom of the band; a full bin fills the band', () => {
    const data = timeline([
      [
        [1, 0.5, 0, 0.25],
        [0, 0.25, 0, 0.75],
      ],
    ]);
    const g = timelineGeometry(data, size);
    const { y, height, paths } = g.rows[0]!;
    const [busy, comm] = paths.map((p) => p.d);
    const mid = (b: number) => (b + 0.5) * g.binWidth;
    const expectSpan = (d: string, b: number, from: number, to: number) => {
      const span = spanAt(d, mid(b))!;
      expect(span[0]).toBeCloseTo(y + height * (1 - to), 2);
      expect(span[1]).toBeCloseTo(y + height * (1 - from), 2);
    };
    expectSpan(busy!, 0, 0, 1);
    expectSpan(busy!, 1, 0, 0.5);
    expectSpan(comm!, 1, 0.5, 0.75);
    expectSpan(comm!, 3, 0.25, 1);
    // Nothing in bin 2: both paths are flat on the band's bottom there.
    expectSpan(busy!, 2, 0, 0);
    expectSpan(comm!, 2, 0, 0);
    expect(paths.map((p) => p.color)).toEqual([seriesColor(0), seriesColor(1)]);
  });

  it('merges runs of equal bins: a constant share is one rectangle', () => {
    const g = timelineGeometry(
      timeline([[new Array(200).fill(0.5), new Array(200).fill(0)]]),
      size,
    );
    const [busy, comm] = g.rows[0]!.paths;
    expect(busy!.d.match(/[HV]/g)).toEqual(['V', 'H', 'V', 'H']);
    expect(comm!.d).toBe('');
  });

  it('keeps every path inside its band and the plot, from 360 to 1600 px', () => {
    for (const data of [multiPsiTimeline6, multiPsiTimeline64]) {
      for (const width of [360, 1600]) {
        const g = timelineGeometry(data, { width, height: timelineHeight(data, width) });
        expect(g.margin.left + g.innerWidth + g.margin.right).toBeCloseTo(width, 9);
        expect(g.rows).toHaveLength(data.rows.length);
        for (const row of g.rows) {
          const points = row.paths.flatMap((p) => vertices(p.d));
          const xs = points.map(([x]) => x);
          const ys = points.map(([, y]) => y);
          expect(points.length).toBeGreaterThan(0);
          expect(Math.min(...xs)).toBeGreaterThanOrEqual(-PATH_TOLERANCE);
          expect(Math.max(...xs)).toBeLessThanOrEqual(g.innerWidth + PATH_TOLERANCE);
          expect(Math.min(...ys)).toBeGreaterThanOrEqual(row.y - PATH_TOLERANCE);
          expect(Math.max(...ys)).toBeLessThanOrEqual(row.y + row.height + PATH_TOLERANCE);
        }
      }
    }
  });

  it('labels every k-th of many thin bands, a line apart, without horizontal overflow', () => {
    const width = 360;
    const g = timelineGeometry(multiPsiTimeline64, {
      width,
      height: timelineHeight(multiPsiTimeline64, width),
    });
    expect(timelineHeight(multiPsiTimeline64, width)).toBe(480);
    expect(g.labelEvery).toBeGreaterThan(1);
    const labelled = g.rows.filter((r) => r.text !== '');
    expect(labelled[0]!.text).toBe('PE 1');
    labelled.slice(1).forEach((row, i) => {
      expect(row.y - labelled[i]!.y).toBeGreaterThanOrEqual(g.fontSize + 2 - 1e-9);
    });
    // Row labels end 6 px left of the bands; the last tick label stays inside the chart.
    const widest = Math.max(...labelled.map((r) => textWidth(r.text, g.fontSize)));
    expect(widest + 6).toBeLessThanOrEqual(g.margin.left);
    const last = g.xTicks.at(-1)!;
    expect(last.offset + textWidth(last.label, g.fontSize) / 2).toBeLessThanOrEqual(
      g.innerWidth + g.margin.right,
    );
    for (const item of g.legend.items) expect(item.x).toBeLessThan(width - 16);
  });

  it('reads out processor, bin times, each state and idle for the bin under the pointer', () => {
    const g = timelineGeometry(multiPsiTimeline6, size);
    // Fixture: PE 3 in bin 40 (80 to 82 s), r = (76 + 20 - 81) / 20 = 0.75.
    const row = g.rows[2]!;
    const index = timelineTargetAt(g, 40.5 * g.binWidth, row.y + 1)!;
    expect(g.targets[index]!.title).toBe('PE 3');
    expect(g.targets[index]!.lines).toEqual([
      'time: 80\u00a0s – 82\u00a0s',
      'reducing goals: 60\u00a0%',
      'processing messages: 10\u00a0%',
      'idle: 30\u00a0%',
    ]);
    expect(g.targets[index]!.color).toBe(seriesColor(0));
    expect(g.targets[index]!.rect!.width).toBeCloseTo(g.binWidth, 9);
    // In the gap just below PE 3, the nearest band is still PE 3's.
    const gap = row.y + row.height + 0.4 * (g.rowStep - row.height);
    expect(timelineTargetAt(g, 40.5 * g.binWidth, gap)).toBe(index);
    expect(timelineTargetAt(g, -5, -5)).toBe(0);
  });

  it('moves the read-out along a row with left/right and across rows with up/down', () => {
    const g = timelineGeometry(multiPsiTimeline6, size);
    const start = 2 * 60 + 40;
    expect(moveReadout(g.targets, start, 'ArrowRight')).toBe(start + 1);
    expect(moveReadout(g.targets, start, 'ArrowUp')).toBe(start - 60);
    expect(moveReadout(g.targets, start, 'ArrowDown')).toBe(start + 60);
  });

  it('draws bad data without throwing: NaN, negative, over 1, missing, no rows', () => {
    const g = timelineGeometry(
      timeline([
        [
          [Number.NaN, -0.5, 0.8, 2],
          [0.1, 0.2, 0.8],
        ],
        [[0.5]],
      ]),
      size,
    );
    const { y, height, paths } = g.rows[0]!;
    const mid = (b: number) => (b + 0.5) * g.binWidth;
    // Bin 2 stacks 0.8 + 0.8: comm is cut at the band's top; bin 3 (2, missing) fills the band.
    expect(spanAt(paths[1]!.d, mid(2))![0]).toBeCloseTo(y, 2);
    expect(spanAt(paths[0]!.d, mid(3))).toEqual([
      expect.closeTo(y, 2),
      expect.closeTo(y + height, 2),
    ]);
    expect(g.targets[0]!.lines).toEqual([
      'time: 0\u00a0s – 1\u00a0s',
      'busy: no data',
      'comm: 10\u00a0%',
      'idle: 90\u00a0%',
    ]);
    expect(g.targets[1]!.lines.slice(1)).toEqual([
      'busy: -50\u00a0%',
      'comm: 20\u00a0%',
      'idle: 80\u00a0%',
    ]);
    expect(g.targets[2]!.lines.at(-1)).toBe('idle: 0\u00a0%');
    expect(g.targets[3]!.lines.at(2)).toBe('comm: no data');

    for (const bad of [
      timeline([]),
      timeline([[], [[]]]),
      { ...timeline([[[0.5, 0.5]]]), end: Number.NaN },
      { ...timeline([[[0.5]]]), states: [] },
    ]) {
      const broken = timelineGeometry(bad, size);
      expect(broken.innerWidth).toBeGreaterThan(0);
      expect(describeTimeline(bad)).toContain('Timeline of');
      expect(() =>
        renderToStaticMarkup(<TimelineChart name="t" title="t" data={bad} />),
      ).not.toThrow();
    }
    expect(timelineGeometry(timeline([]), size).targets).toEqual([]);
    expect(timelineTargetAt(timelineGeometry(timeline([]), size), 10, 10)).toBeNull();
    expect(timelineGeometry({ ...timeline([[[0.5, 0.5]]]), end: -3 }, size).x.domain).toEqual([
      0, 1,
    ]);
  });
});

describe('describeTimeline()', () => {
  it('gives rows, bins, the mean share of each state and the least and most idle rows', () => {
    const mean = (s: number) =>
      multiPsiTimeline6.rows.flatMap((r) => r.fractions[s]!).reduce((a, b) => a + b) / 360;
    const text = describeTimeline(multiPsiTimeline6);
    expect(text).toContain('Timeline of 6 processors, time 0 to 120\u00a0s in 60 bins of 2\u00a0s');
    expect(text).toContain(
      'each stacking reducing goals, then processing messages from its bottom; the rest of each bin is idle.',
    );
    const pct = (v: number) => `${Math.round(v * 1000) / 10}\u00a0%`;
    expect(text).toContain(
      `Mean over all processors: reducing goals ${pct(mean(0))}, processing messages ` +
        `${pct(mean(1))}, idle ${pct(1 - mean(0) - mean(1))}.`,
    );
    expect(text).toMatch(/Least idle: PE 1 \(idle [\d.]+\u00a0%\); most idle: PE 6/);
    expect(text).not.toContain('no data');
    expect(describeTimeline(timeline([[[Number.NaN, 1]]]))).toContain('3 values have no data.');
    expect(describeTimeline(timeline([]))).toContain('0 processors');
  });
});

describe('timelineTable()', () => {
  it('gives one row per processor and bin with its times, state shares and idle share', () => {
    const table = timelineTable(multiPsiTimeline6);
    expect(table.columns).toEqual([
      'processor',
      'bin start (s)',
      'bin end (s)',
      'reducing goals (fraction)',
      'processing messages (fraction)',
      'idle (fraction)',
    ]);
    expect(table.rows).toHaveLength(360);
    const row = table.rows[2 * 60 + 40]!;
    expect(row.slice(0, 5)).toEqual(['PE 3', 80, 82, 0.6, 0.1]);
    expect(row[5]).toBeCloseTo(0.3, 9);
  });

  it('leaves a share empty where the data has none', () => {
    expect(timelineTable(timeline([[[Number.NaN, 2], [0.5]]])).rows).toEqual([
      ['PE 1', 0, 2, '', 0.5, 0.5],
      ['PE 1', 2, 4, 2, '', 0],
    ]);
  });
});

describe('<TimelineChart>', () => {
  const render = (data: TimelineData, width: number) =>
    renderToStaticMarkup(
      <TimelineChart name="timeline" title="PE activity" data={data} width={width} />,
    );

  it('draws each state of a row as one path, not a rect per bin', () => {
    // The fill patterns' tiles are defined once, apart.
    const markup = render(multiPsiTimeline64, 640).replace(/<defs>.*?<\/defs>/s, '');
    expect(markup.match(/<path /g)!.length).toBeLessThanOrEqual(64 * 2);
    // One background per band, one swatch per legend entry.
    expect(markup.match(/<rect /g)).toHaveLength(64 + 3);
    expect(markup).toContain('fill="var(--border)"');
  });

  it('fills the second state with a pattern that tells it from the first in grey print', () => {
    const markup = render(multiPsiTimeline6, 640);
    const second = /<pattern id="([^"]+)"/.exec(markup)?.[1];
    expect(second).toBeDefined();
    // The rows' second state and its legend swatch, 6 rows and 1 swatch.
    expect(markup.split(`fill="url(#${second})"`)).toHaveLength(6 + 1 + 1);
  });

  it('draws the synthetic 6-PE Multi-PSI timeline', () => {
    expect(() =>
      checkSvgSnapshot('timeline-multi-psi-6', render(multiPsiTimeline6, 640)),
    ).not.toThrow();
  });

  it('draws the synthetic 64-PE timeline at 360 px', () => {
    expect(() =>
      checkSvgSnapshot('timeline-multi-psi-64-narrow', render(multiPsiTimeline64, 360)),
    ).not.toThrow();
  });
});
