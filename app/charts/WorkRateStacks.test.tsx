import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { WorkRateStacksData } from './chart_data';
import { workRateStacksTable } from './chart_table';
import { multiPsiV2WorkRates, multiPsiWorkRates } from './fixtures/work_rate_stacks';
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
    expect(g.right!.title).toBe('average work rate');
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

  it('scales 64 PEs to the data, so the tallest stack fills the plot (V2, Program 1)', () => {
    const g = workRateStacksGeometry(multiPsiV2WorkRates, size);
    const tallest = Math.max(...g.bars.map((b) => b.total));
    // Depth 5: its 64 work rates sum to about 998 %.
    expect(tallest).toBeCloseTo(9.981, 3);
    expect(g.y.domain[0]).toBe(0);
    expect(g.y.domain[1]).toBeGreaterThanOrEqual(tallest);
    expect(g.y.domain[1]).toBeLessThan(tallest * 1.25);
    const top = Math.min(...g.bars.map((b) => b.top));
    expect(g.innerHeight - top).toBeGreaterThan(0.8 * g.innerHeight);
    // The right-hand axis is the left one over 64 PEs: each average sits on its bar's top.
    expect(g.right!.axis.domain[1]).toBeCloseTo(g.y.domain[1] / 64, 12);
    g.averages.forEach((a, i) => expect(a.py).toBeCloseTo(g.bars[i]!.top, 9));
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
    const pe9 = depth3.segments[8]!;
    const index = targetAt(g.targets, depth3.centre, pe9.y + pe9.height / 2);
    expect(g.targets[index!]!.lines[0]).toBe('PE 9: work rate 82.4\u00a0%');
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

  it('draws the 64 PEs of V2 as heat strips on a scale fitted to the data', () => {
    const markup = render(640, 400, multiPsiV2WorkRates);
    expect(() => checkSvgSnapshot('work-rate-stacks-64', markup)).not.toThrow();
  });
});
