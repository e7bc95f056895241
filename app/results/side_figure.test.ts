import { beforeAll, describe, expect, it } from 'vitest';

import type { Curve, LineChartData } from './chart_data';
import { torus4x4HotSpot } from '../charts/fixtures/channel_heatmap';
import { multiPsiExchangeMs } from '../charts/fixtures/stacked_bar';
import { lineChartGeometry } from '../charts/line_geometry';
import { loadNodeModule } from '../engine/node_module';
import { chooseLanguage } from '../i18n/i18n';
import type { ModelInfo } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { presetParams } from '../presets/schema';
import { resolveValues } from '../presets/param_values';
import type { BuiltChart } from '../chart_kinds/registry';
import { mergeSides } from '../chart_kinds/registry';
import type { SideRun } from './side_figure';
import { sideCaption } from './side_figure';

const names = { left: 'Virtual channels: 1 per channel', right: 'Virtual channels: 4 per channel' };
const points = (...ys: number[]) => ys.map((y, i) => ({ x: 0.1 * (i + 1), y }));
const latency = (curves: Curve[], extra: Partial<LineChartData> = {}): BuiltChart => ({
  kind: 'latency-load',
  data: {
    x: { label: 'offered load', unit: 'flits/node/cycle', scale: 'linear' },
    y: { label: 'latency', unit: 'cycles', scale: 'linear' },
    curves,
    ...extra,
  },
});
const zeroLoad: Curve = { id: 'zero', label: 'zero-load model', points: points(9, 9), model: true };

describe('mergeSides()', () => {
  it("names each side's lone curve by what differs, in colours of its own, and draws a model both share once", () => {
    const left = latency([{ id: 'lat', label: 'simulated', points: points(10, 30) }, zeroLoad]);
    const right = latency([{ id: 'lat', label: 'simulated', points: points(10, 12) }, zeroLoad]);
    const merged = mergeSides(left, right, names)!;
    if (merged.kind !== 'latency-load') throw new Error(merged.kind);
    const curves = merged.data.curves.map((c) => [c.id, c.label, c.color, c.pinned ?? false]);
    expect(curves).toEqual([
      ['left:lat', names.left, 0, false],
      ['both:zero', 'zero-load model', undefined, false],
      ['right:lat', names.right, 1, false],
    ]);
    // The legend a reader sees: what differs, never a pin's "#1 … (pinned)".
    const legend = lineChartGeometry(merged.data, { width: 800, height: 480 }).legend.items;
    expect(legend.map((i) => i.full)).toEqual([names.left, 'zero-load model', names.right]);
    expect(legend.every((i) => !i.faded)).toBe(true);
  });

  it("keeps each side's series apart where a side draws several, and leaves pinned runs out", () => {
    const two = (y: number): Curve[] => [
      { id: 'n2', label: 'N = 2', points: points(y, y + 1) },
      { id: 'n8', label: 'N = 8', points: points(y + 5, y + 9) },
      { id: 'n2', label: '#1 …: N = 2', points: points(1, 2), pinned: true },
    ];
    const merged = mergeSides(latency(two(10)), latency(two(20)), names)!;
    if (merged.kind !== 'latency-load') throw new Error(merged.kind);
    expect(merged.data.curves.map((c) => [c.label, c.color])).toEqual([
      [`${names.left}: N = 2`, 0],
      [`${names.left}: N = 8`, 1],
      [`${names.right}: N = 2`, 2],
      [`${names.right}: N = 8`, 3],
    ]);
    expect(new Set(merged.data.curves.map((c) => c.id)).size).toBe(4);
  });

  it("names the rules and marks of each side, draws the paper's values once, widens fixed ends", () => {
    const side = (bound: number, max: number) =>
      latency([{ id: 'lat', label: 'simulated', points: points(10, 30) }], {
        y: { label: 'latency', unit: 'cycles', scale: 'linear', min: 0, max },
        rules: [
          { label: 'capacity bound', axis: 'x', value: bound },
          { label: 'zero load', axis: 'y', value: 9 },
        ],
        marks: [
          { label: 'chosen load', x: 0.2, y: 30, kind: 'current' },
          { label: 'paper', x: 0.1, y: 11, kind: 'reference' },
        ],
      });
    const merged = mergeSides(side(0.5, 40), side(0.7, 60), names)!;
    if (merged.kind !== 'latency-load') throw new Error(merged.kind);
    expect(merged.data.rules!.map((r) => r.label)).toEqual([
      'zero load',
      `${names.left}: capacity bound`,
      `${names.right}: capacity bound`,
    ]);
    expect(merged.data.marks!.map((m) => m.label)).toEqual([
      `${names.left}: chosen load`,
      `${names.right}: chosen load`,
      'paper',
    ]);
    expect([merged.data.y.min, merged.data.y.max]).toEqual([0, 60]);
  });

  it('puts both sides’ bars on one axis, the paper’s marks on the left side’s bars', () => {
    const bars: BuiltChart = { kind: 'stacked-bars', data: multiPsiExchangeMs };
    const merged = mergeSides(bars, bars, names)!;
    if (merged.kind !== 'stacked-bars') throw new Error(merged.kind);
    expect(merged.data.bars.map((b) => b.label)).toEqual([
      `${names.left}: V1 measured`,
      `${names.left}: V2 estimate`,
      `${names.right}: V1 measured`,
      `${names.right}: V2 estimate`,
    ]);
    expect(merged.data.marks!.map((m) => m.bar)).toEqual([
      `${names.left}: V1 measured`,
      `${names.left}: V2 estimate`,
    ]);
    expect(merged.data.notes).toBeUndefined();
    // A side's note says which side it is of, as its bars' labels do.
    const noted: BuiltChart = {
      kind: 'stacked-bars',
      data: { ...multiPsiExchangeMs, notes: ['alike'] },
    };
    const one = mergeSides(bars, noted, names)!;
    if (one.kind !== 'stacked-bars') throw new Error(one.kind);
    expect(one.data.notes).toEqual([`${names.right}: alike`]);
  });

  it('gives none where one plot cannot hold both: maps, or axes of another quantity', () => {
    const map: BuiltChart = { kind: 'channel-heatmap', data: torus4x4HotSpot };
    expect(mergeSides(map, map, names)).toBeNull();
    const a = latency([{ id: 'lat', label: 'simulated', points: points(1) }]);
    const b = latency([{ id: 'lat', label: 'simulated', points: points(1) }]);
    if (b.kind !== 'latency-load') throw new Error(b.kind);
    b.data.y = { ...b.data.y, unit: 'ns' };
    expect(mergeSides(a, b, names)).toBeNull();
  });
});

describe('sideCaption()', () => {
  let models: ModelInfo[];
  beforeAll(async () => {
    models = (await loadNodeModule()).listModels();
  });
  const presets = loadPresetsFromDisk();

  it('says each side by its name and changes, the source once, and the link', () => {
    const preset = presets.find((p) => p.id === 'network-deadlock')!;
    const specs = models.find((m) => m.name === preset.model)!.params;
    const paperValues = resolveValues(specs, presetParams(preset));
    const run = (params: Record<string, number>): SideRun => ({
      preset,
      specs,
      params: { ...paperValues, ...params },
      paperValues,
      seed: preset.seed,
    });
    const caption = sideCaption(
      'latency-load',
      { left: run({}), right: run({ vcs: 4 }) },
      names,
      'https://example.org/?s=x',
    );
    expect(caption).toHaveLength(4);
    expect(caption[0]).toMatch(new RegExp(`^${names.left}: ${preset.title}`));
    expect(caption[1]).toContain('Virtual channels: 4 per channel');
    expect(caption[2]).toMatch(/^Source: /);
    expect(caption[3]).toBe('Made with archex: https://example.org/?s=x');
  });

  it('says its own words in the page’s language', async () => {
    const preset = presets.find((p) => p.id === 'network-deadlock')!;
    const specs = models.find((m) => m.name === preset.model)!.params;
    const paperValues = resolveValues(specs, presetParams(preset));
    const run: SideRun = { preset, specs, params: paperValues, paperValues, seed: preset.seed };
    await chooseLanguage('ja');
    try {
      const caption = sideCaption(
        'latency-load',
        { left: run, right: run },
        names,
        'https://example.org/?s=x',
      );
      // A side's title and changes as one run of sentences, no space between them.
      expect(caption[0]).toMatch(
        new RegExp(`^${names.left}: .+（Custom network）。プリセットの既定値。シード \\d+。$`, 'u'),
      );
      expect(caption[2]).toMatch(/^出典: /u);
      expect(caption[3]).toBe('archex で作成: https://example.org/?s=x');
    } finally {
      await chooseLanguage('en');
    }
  });
});
