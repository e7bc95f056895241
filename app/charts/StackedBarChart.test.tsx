import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { StackedBarData } from '../results/chart_data';
import { multiPsiExchangeMs, multiPsiExchangeRatio } from './fixtures/stacked_bar';
import { seriesColor } from './palette';
import { targetAt } from './Readout';
import { describeStackedBars, StackedBarChart, stackedBarGeometry } from './StackedBarChart';
import { readableNumber, textWidth } from '../results/format';
import { overlaps } from './label_placement';
import { defaultChartHeight } from './use_measured_width';
import { checkSvgSnapshot } from './svg_snapshot';

const size = { width: 640, height: 400 };

/** The ratio fixture with a pinned copy of V1 (software halved) standing for an earlier run. */
const withPinned: StackedBarData = {
  ...multiPsiExchangeRatio,
  bars: [
    {
      ...multiPsiExchangeRatio.bars[0]!,
      pinned: true,
      segments: multiPsiExchangeRatio.bars[0]!.segments.map((s) =>
        s.key === 'software' ? { ...s, value: s.value / 2 } : s,
      ),
    },
    ...multiPsiExchangeRatio.bars,
  ],
};

describe('stackedBarGeometry()', () => {
  it('fills each segment key after the first with its pattern, the legend too', () => {
    const markup = renderToStaticMarkup(
      <StackedBarChart name="b" title="B" data={multiPsiExchangeMs} width={640} />,
    );
    const patterns = [...markup.matchAll(/<pattern id="([^"]+)"/g)].map((m) => m[1]!);
    // Four keys: reduction plain, hardware, firmware and software patterned.
    expect(patterns).toHaveLength(3);
    for (const id of patterns) {
      // Two bars and the legend's swatch.
      expect(markup.split(`fill="url(#${id})"`), id).toHaveLength(2 + 1 + 1);
    }
    const one: StackedBarData = {
      ...multiPsiExchangeMs,
      bars: multiPsiExchangeMs.bars.map((b) => ({ ...b, segments: b.segments.slice(0, 1) })),
    };
    const plain = renderToStaticMarkup(
      <StackedBarChart name="b" title="B" data={one} width={640} />,
    );
    expect(plain).not.toContain('<pattern');
  });

  it('stacks segments bottom-up to the height of the bar total', () => {
    // Fixture: Taki Table 2 ratios 1 + 0.5 + 11 + 18 = 30.5 reductions for V2.
    const g = stackedBarGeometry(multiPsiExchangeRatio, size);
    const v2 = g.bars[1]!;
    expect(v2.total).toBeCloseTo(30.5, 9);
    expect(g.y.domain).toEqual([0, 35]);
    const heights = v2.segments.map((s) => s.height);
    expect(heights.reduce((a, b) => a + b)).toBeCloseTo((g.innerHeight * 30.5) / 35, 9);
    expect(v2.segments[0]!.y + v2.segments[0]!.height).toBeCloseTo(g.innerHeight, 9);
    v2.segments.slice(1).forEach((s, i) => {
      expect(s.y + s.height).toBeCloseTo(v2.segments[i]!.y, 9);
    });
    expect(v2.segments.at(-1)!.y).toBeCloseTo(v2.top, 9);
    expect(v2.segments[3]!.height).toBeCloseTo((g.innerHeight * 18) / 35, 9);
  });

  it('colours each segment key the same in every bar', () => {
    const g = stackedBarGeometry(multiPsiExchangeMs, size);
    for (const bar of g.bars) {
      expect(bar.segments.map((s) => s.color)).toEqual([0, 1, 2, 3].map(seriesColor));
    }
    expect(g.legend.items.map((i) => i.label)).toEqual([
      'reduction',
      'hardware',
      'firmware',
      'software',
      'paper',
    ]);
  });

  it("prints a bar's total rounded, above its paper tick and symbol, never crossed by them", () => {
    // Transputer Table 2: 47.258 Mips simulated against the paper's 52 drew the tick through it.
    const mips: StackedBarData = {
      y: { label: 'rate', unit: 'Mips', scale: 'linear' },
      bars: [
        { label: '20 MHz T9000', segments: [{ key: 'sim', label: 'simulated', value: 20.12 }] },
        { label: '50 MHz T9000', segments: [{ key: 'sim', label: 'simulated', value: 47.258 }] },
      ],
      marks: [
        { label: 'paper', bar: '20 MHz T9000', value: 19.5 },
        { label: 'paper', bar: '50 MHz T9000', value: 52 },
      ],
    };
    for (const width of [320, 480, 640, 960, 1200]) {
      const g = stackedBarGeometry(mips, { width, height: defaultChartHeight(width) });
      const small = g.fontSize - 1;
      g.bars.forEach((bar, i) => {
        const text = readableNumber(bar.total);
        expect(text).toBe(['20.1', '47.3'][i]);
        const w = textWidth(text, small);
        const label = {
          x: bar.centre - w / 2,
          y: bar.totalBaseline - small,
          width: w,
          height: small + 2,
        };
        const m = g.marks[i]!;
        const tick = { x: m.x1, y: m.py - 1, width: m.x2 - m.x1, height: 2 };
        const diamond = { x: m.x2 + 2 - 5.5, y: m.py - 5.5, width: 11, height: 11 };
        expect(overlaps(label, tick), `${width} px, ${bar.label}`).toBe(false);
        expect(overlaps(label, diamond), `${width} px, ${bar.label}`).toBe(false);
        // Nor does another bar's paper symbol lie on a total that is shown.
        for (const other of g.marks) {
          const symbol = { x: other.x2 + 2 - 5.5, y: other.py - 5.5, width: 11, height: 11 };
          expect(bar.totalShown && overlaps(label, symbol), `${width} px, ${bar.label}`).toBe(
            false,
          );
        }
        expect(bar.totalBaseline).toBeLessThanOrEqual(bar.top - 4);
      });
    }
  });

  it("leaves out a total where another bar's paper symbol would lie on it", () => {
    // Transputer Table 2 times at 320 px: the 20 MHz T9000's paper symbol sat on "3,236".
    const names = ['25 MHz T805', '20 MHz T9000', '50 MHz T9000', '66 MHz i486', '100 MHz R4000'];
    const simulated = [31000, 5590, 3236, 5480, 1734];
    const paper = [31500, 5700, 2300, 5600, 1300];
    const times: StackedBarData = {
      y: { label: 'time', unit: 'ms', scale: 'linear' },
      bars: names.map((label, i) => ({
        label,
        segments: [{ key: 'sim', label: 'simulated time', value: simulated[i]! }],
      })),
      marks: names.map((bar, i) => ({ label: 'paper', bar, value: paper[i]! })),
    };
    const g = stackedBarGeometry(times, { width: 260, height: 240 });
    const small = g.fontSize - 1;
    const symbols = g.marks.map((m) => ({ x: m.x2 - 3.5, y: m.py - 5.5, width: 11, height: 11 }));
    const shown = g.bars.filter((bar) => bar.totalShown);
    expect(shown.length).toBeLessThan(g.bars.length);
    expect(shown.length).toBeGreaterThan(0);
    for (const bar of shown) {
      const w = textWidth(readableNumber(bar.total), small);
      const label = {
        x: bar.centre - w / 2,
        y: bar.totalBaseline - small,
        width: w,
        height: small,
      };
      for (const symbol of symbols) expect(overlaps(label, symbol), bar.label).toBe(false);
    }
  });

  it('prints no totals over bars of shares of one whole', () => {
    // J-Machine Fig. 6: every bar is 100 % of a program's cycles, so a total says nothing.
    const shares: StackedBarData = {
      y: { label: 'share of cycles', unit: '', scale: 'linear', min: 0, max: 1 },
      bars: ['LCS', 'radix'].map((label) => ({
        label,
        segments: [
          { key: 'compute', label: 'computation', value: 0.7 },
          { key: 'idle', label: 'idle', value: 0.3 },
        ],
      })),
      totals: false,
    };
    expect(stackedBarGeometry(shares, size).bars.map((b) => b.totalShown)).toEqual([false, false]);
    const { totals: _, ...printed } = shares;
    expect(stackedBarGeometry(printed, size).bars.map((b) => b.totalShown)).toEqual([true, true]);
  });

  it('draws a paper mark as a tick across the bar it names', () => {
    const g = stackedBarGeometry(multiPsiExchangeMs, size);
    const [v1Mark, v2Mark] = g.marks;
    const v1 = g.bars[0]!;
    expect(v1Mark!.py).toBeCloseTo(g.y.toPx(38.32), 9);
    expect(v1Mark!.x1).toBeCloseTo(v1.x - 4, 9);
    expect(v1Mark!.x2).toBeCloseTo(v1.x + v1.width + 4, 9);
    expect(v2Mark!.x1).toBeCloseTo(g.bars[1]!.x - 4, 9);
    // The printed total, 38.32 ms, lies below the sum of the components, 38.61 ms.
    expect(v1Mark!.py).toBeGreaterThan(v1.top);
  });

  it('marks pinned bars and puts the paper mark on the current bar of that label', () => {
    const g = stackedBarGeometry(withPinned, size);
    expect(g.bars.map((b) => b.pinned)).toEqual([true, false, false]);
    expect(g.marks[0]!.x1).toBeCloseTo(g.bars[1]!.x - 4, 9);
    expect(g.legend.items.map((i) => i.label)).toContain('pinned run');
  });

  it('rotates bar labels that do not fit their band', () => {
    expect(stackedBarGeometry(withPinned, size).labelRotation).toBe(0);
    expect(stackedBarGeometry(withPinned, { width: 320, height: 240 }).labelRotation).toBe(-35);
  });

  it('reads out the segment under the pointer with the bar total', () => {
    const g = stackedBarGeometry(multiPsiExchangeMs, size);
    const software = g.bars[0]!.segments[3]!;
    const index = targetAt(g.targets, g.bars[0]!.centre, software.y + 10);
    expect(g.targets[index!]!.title).toBe('V1 measured');
    expect(g.targets[index!]!.lines).toEqual([
      // Rounded for reading; the data table keeps every digit.
      'software: 36.1\u00a0ms',
      'bar total: 38.6\u00a0ms',
    ]);
  });

  it('describes each bar with its total and segments', () => {
    expect(describeStackedBars(multiPsiExchangeMs)).toContain(
      'V2 estimate: total 0.61\u00a0ms (reduction 0.02\u00a0ms, hardware 0.01\u00a0ms',
    );
  });
});

describe('<StackedBarChart>', () => {
  const render = (data: StackedBarData, width: number, height: number) =>
    renderToStaticMarkup(
      <StackedBarChart
        name="exchange"
        title="Inter-PE exchange cost"
        data={data}
        width={width}
        height={height}
      />,
    );

  it('draws Taki Tables 1 and 2 in ms', () => {
    expect(() =>
      checkSvgSnapshot('stacked-bar-ms', render(multiPsiExchangeMs, 640, 400)),
    ).not.toThrow();
  });

  it('draws Taki Tables 1 and 2 in reductions, with a pinned bar, at 320 px', () => {
    expect(() =>
      checkSvgSnapshot('stacked-bar-pinned-narrow', render(withPinned, 320, 240)),
    ).not.toThrow();
  });
});
