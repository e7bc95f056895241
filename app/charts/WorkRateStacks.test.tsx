import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { WorkRateStacksData } from '../results/chart_data';
import { workRateStacksTable } from './chart_table';
import { multiPsiV2WorkRates, multiPsiWorkRates } from './fixtures/work_rate_stacks';
import { formatReadable } from '../results/format';
import { shareColor } from './palette';
import { targetAt } from './Readout';
import { checkSvgSnapshot } from './svg_snapshot';
import {
  averageWorkRate,
  describeWorkRateStacks,
  WorkRateStacks,
  workRateStacksGeometry,
} from './WorkRateStacks';

const size = { width: 640, height: 400 };
const PERCENT = { unit: '', format: 'percent' } as const;

describe('workRateStacksGeometry()', () => {
  it('stacks work rates on a 0 to 600 % scale for six processors', () => {
    const g = workRateStacksGeometry(multiPsiWorkRates, size);
    expect(g.y.domain).toEqual([0, 6]);
    expect(g.yTicks.map((t) => t.label)).toEqual(
      ['0', '100', '200', '300', '400', '500', '600'].map((v) => `${v}\u00a0%`),
    );
    // Fixture: Depth1, PE 1 works 0.55 of the time.
    const pe1 = g.bars[0]!.segments[0]!;
    expect(pe1.height).toBeCloseTo((g.innerHeight * 0.55) / 6, 9);
    const total = g.bars[0]!.segments.reduce((sum, s) => sum + s.value, 0);
    expect(g.bars[0]!.top).toBeCloseTo(g.innerHeight * (1 - total / 6), 9);
  });

  it('lists up to 16 processors in the legend, and none of 64', () => {
    const keys = (g: ReturnType<typeof workRateStacksGeometry>) =>
      g.legend.items.map((i) => i.key).filter((k) => k !== 'average');
    expect(keys(workRateStacksGeometry(multiPsiWorkRates, size))).toHaveLength(6);
    const many: WorkRateStacksData = {
      processors: 64,
      processor: 'PE',
      bars: [
        {
          label: 'Depth 2',
          segments: Array.from({ length: 64 }, (_, i) => ({
            key: `pe${i + 1}`,
            label: `PE ${i + 1}`,
            value: 0.5,
          })),
        },
      ],
    };
    const g = workRateStacksGeometry(many, size);
    expect(g.legend.items.map((i) => i.key)).toEqual(['ramp', 'average']);
    expect(g.bars[0]!.segments).toHaveLength(64);
  });

  it('draws the average on the right-hand axis at mean × height', () => {
    const g = workRateStacksGeometry(multiPsiWorkRates, size);
    // Depth1: 0.55 × (1 + 0.9 + 0.8) × 2 / 6 = 0.495.
    expect(averageWorkRate(multiPsiWorkRates.bars[0]!)).toBeCloseTo(0.495, 9);
    g.averages.forEach((a, i) => {
      expect(a.py).toBeCloseTo(
        g.innerHeight * (1 - averageWorkRate(multiPsiWorkRates.bars[i]!)),
        9,
      );
      expect(a.px).toBeCloseTo(g.bars[i]!.centre, 9);
    });
    expect(g.right!.ticks.at(-1)!.label).toBe('100\u00a0%');
    expect(g.right!.title).toEqual(['average work rate (%)']);
    expect(g.averagePath.split('L')).toHaveLength(5);
  });

  it('leaves pinned bars out of the average line', () => {
    const data: WorkRateStacksData = {
      ...multiPsiWorkRates,
      bars: [{ ...multiPsiWorkRates.bars[0]!, pinned: true }, ...multiPsiWorkRates.bars],
    };
    const g = workRateStacksGeometry(data, size);
    expect(g.averages).toHaveLength(6);
    expect(g.averagePath.split('L')).toHaveLength(5);
  });

  it('reads out processor, work rate and the bar average', () => {
    const g = workRateStacksGeometry(multiPsiWorkRates, size);
    const pe2 = g.bars[1]!.segments[1]!;
    const index = targetAt(g.targets, g.bars[1]!.centre + 5, pe2.y + pe2.height / 2);
    expect(g.targets[index!]!.title).toBe('Depth2');
    expect(g.targets[index!]!.lines).toEqual([
      'PE 2: work rate 72\u00a0%',
      'bar average: 72\u00a0%',
    ]);
  });

  it('draws 64 PEs as heat strips: one equal cell per PE, numbered up the left axis', () => {
    // V2, Program 1: 64 PEs at five depths; a stack of 64 slivers could not be read.
    for (const width of [320, 640, 1200]) {
      const g = workRateStacksGeometry(multiPsiV2WorkRates, { width, height: 0.6 * width });
      const where = `${width} px`;
      expect(g.y.domain, where).toEqual([0, 64]);
      for (const bar of g.bars) {
        expect(bar.segments, where).toHaveLength(64);
        for (const cell of bar.segments) {
          expect(cell.height, where).toBeCloseTo(g.innerHeight / 64, 9);
        }
        expect(bar.top, where).toBeCloseTo(0, 9);
        // PE 1 at the bottom.
        expect(bar.segments[0]!.y + bar.segments[0]!.height, where).toBeCloseTo(g.innerHeight, 9);
      }
      // PE numbers at their cells' middles, a line apart.
      const labels = g.yTicks.map((t) => Number(t.label));
      const step = labels.at(-1)! - labels.at(-2)!;
      for (const k of labels) expect(k === 1 || k % step === 0, `${where}: ${k}`).toBe(true);
      expect(labels.at(-1), where).toBe(64);
      for (const t of g.yTicks) {
        expect(t.offset, where).toBeCloseTo(g.y.toPx(t.value - 0.5), 9);
      }
      g.yTicks.slice(1).forEach((t, i) => {
        expect(g.yTicks[i]!.offset - t.offset, where).toBeGreaterThanOrEqual(1.4 * g.fontSize);
      });
      // The average on a 0 to 100 % axis.
      expect(g.right!.axis.domain, where).toEqual([0, 1]);
      g.averages.forEach((a, i) => {
        const mean = averageWorkRate(multiPsiV2WorkRates.bars[i]!);
        expect(a.py, where).toBeCloseTo(g.innerHeight * (1 - mean), 9);
      });
    }
  });

  it('colours each of 64 PEs by its work rate, and keeps every exact value', () => {
    const g = workRateStacksGeometry(multiPsiV2WorkRates, size);
    const depth3 = g.bars[2]!;
    for (const s of depth3.segments) expect(s.color).toBe(shareColor(s.value));
    // PE 9 of depth 3 is the busiest (0.824), PE 20 idle: far apart on the colour scale.
    expect(depth3.segments[8]!.color).toBe(shareColor(0.824));
    expect(depth3.segments[19]!.color).toBe(shareColor(0));
    const ramp = g.legend.items.find((i) => i.key === 'ramp')!;
    expect(ramp.label).toBe('PE work rate 0 to 100\u00a0%');
    // PIE64's inference units are IUs, as the engine names them.
    const ius = workRateStacksGeometry({ ...multiPsiV2WorkRates, processor: 'IU' }, size);
    expect(ius.legend.items.find((i) => i.key === 'ramp')!.label).toBe(
      'IU work rate 0 to 100\u00a0%',
    );
    expect(ramp.symbol).toEqual({
      kind: 'ramp',
      colors: [0, 0.2, 0.4, 0.6, 0.8, 1].map(shareColor),
    });
    const pe40 = depth3.segments[39]!;
    const index = targetAt(g.targets, depth3.x + 2, pe40.y + pe40.height / 2);
    expect(g.targets[index!]!.lines[0]).toBe(
      `PE 40: work rate ${formatReadable(pe40.value, PERCENT)}`,
    );
    const table = workRateStacksTable(multiPsiV2WorkRates);
    expect(table.columns).toHaveLength(1 + 64 + 1);
    expect(table.rows[2]![9]).toBe(0.824);
  });

  it('describes the averages', () => {
    expect(describeWorkRateStacks(multiPsiWorkRates)).toContain('Depth1: average 49.5\u00a0%');
  });
});

describe('<WorkRateStacks>', () => {
  const render = (width: number, height: number, data = multiPsiWorkRates) =>
    renderToStaticMarkup(
      <WorkRateStacks
        name="work_rates"
        title="Work rates per PE"
        data={data}
        width={width}
        height={height}
      />,
    );

  it('draws the synthetic Multi-PSI work rates', () => {
    expect(() => checkSvgSnapshot('work-rate-stacks', render(640, 400))).not.toThrow();
  });

  it('draws the synthetic Multi-PSI work rates at 320 px', () => {
    expect(() => checkSvgSnapshot('work-rate-stacks-narrow', render(320, 240))).not.toThrow();
  });

  it('draws the 64 PEs of V2 as heat strips', () => {
    const markup = render(640, 400, multiPsiV2WorkRates);
    expect(() => checkSvgSnapshot('work-rate-stacks-64', markup)).not.toThrow();
  });
});
