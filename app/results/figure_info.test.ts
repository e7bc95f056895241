import type { ModelInfo } from '#wasm/archex';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { loadNodeModule } from '../engine/node_module';
import { chooseLanguage } from '../i18n/i18n';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { resolveValues } from '../presets/param_values';
import { presetParams } from '../presets/schema';
import { figureCaption, provenance } from './figure_info';

let models: ModelInfo[];
beforeAll(async () => {
  models = (await loadNodeModule()).listModels();
});
const presets = loadPresetsFromDisk();

function setup(presetId: string) {
  const preset = presets.find((p) => p.id === presetId)!;
  const specs = models.find((m) => m.name === preset.model)!.params;
  const presetValues = resolveValues(specs, presetParams(preset));
  return { preset, specs, presetValues, spec: preset.charts[0]! };
}

describe('figureCaption()', () => {
  it("lists what differs from a preset without a paper in the panel's words", () => {
    const { preset, specs, presetValues, spec } = setup('custom-network');
    const params = { ...presetValues, topology: 1, vcs: 2, dims: [16, 16] };
    const caption = figureCaption({
      preset,
      spec,
      specs,
      params,
      paperValues: presetValues,
      seed: 1,
      link: 'https://example.org/archex/?s=x',
    });
    expect(caption[1]).toBe(
      "Changed from the preset's defaults: Topology: torus; Radix per dimension: 16, 16 nodes; " +
        'Virtual channels: 2 per channel. Seed 1.',
    );
    expect(caption[0]).toBe('Custom network: any shape under synthetic traffic.');
    expect(caption.at(-1)).toBe('Made with archex: https://example.org/archex/?s=x');
  });

  it("names the paper's values for a paper's preset, and leaves the link out when asked", () => {
    const { preset, specs, presetValues, spec } = setup('multipsi-v1-comm');
    const base = { preset, spec, specs, paperValues: presetValues, seed: 3, link: null };
    expect(figureCaption({ ...base, params: presetValues })).toEqual([
      expect.stringContaining('(Multi-PSI/V1, 1986).'),
      "The paper's values. Seed 3.",
      expect.stringMatching(/^Source: /),
    ]);
    const changed = figureCaption({ ...base, params: { ...presetValues, pes: 8 } });
    expect(changed[1]).toBe("Changed from the paper's values: Processing elements: 8 PEs. Seed 3.");
    expect(changed.join(' ')).not.toContain('archex:');
  });
});

describe('figureCaption() of an experiment the paper did not measure', () => {
  it("never calls a LogP signature or a planned size the paper's experiment", () => {
    for (const id of ['transputer-logp', 'jmachine-1024-latency-load', 'pie64-load-dispatch']) {
      const { preset, specs, presetValues, spec } = setup(id);
      const base = { preset, spec, specs, paperValues: presetValues, seed: 1, link: null };
      expect(figureCaption({ ...base, params: presetValues })[1], id).toBe(
        "The paper's values. The paper did not measure this experiment. Seed 1.",
      );
    }
  });

  it("keeps the paper's values of an aggregate whose experiments' targets are elsewhere", () => {
    const { preset, specs, presetValues, spec } = setup('jmachine-programs');
    const base = { preset, spec, specs, paperValues: presetValues, seed: 1, link: null };
    expect(figureCaption({ ...base, params: presetValues })[1]).toBe("The paper's values. Seed 1.");
  });
});

describe('figureCaption() in Japanese', () => {
  afterEach(() => chooseLanguage('en'));

  it('says its own words in the page’s language, the link’s line too', async () => {
    await chooseLanguage('ja');
    const custom = setup('custom-network');
    const caption = figureCaption({
      ...custom,
      params: { ...custom.presetValues, topology: 1, vcs: 2 },
      paperValues: custom.presetValues,
      seed: 12345,
      link: 'https://example.org/archex/?s=x',
    });
    expect(caption[1]).toMatch(/^プリセットの既定値から変更: .+；.+。シード 12345。$/u);
    expect(caption[2]).toMatch(/^出典: .+、.+。$/u);
    expect(caption.at(-1)).toBe('archex で作成: https://example.org/archex/?s=x');
    expect(caption.join('')).not.toMatch(/Changed|Seed|Source|Made with/);

    const paper = setup('multipsi-v1-comm');
    const base = { ...paper, paperValues: paper.presetValues, seed: 3, link: null };
    expect(figureCaption({ ...base, params: paper.presetValues }).slice(0, 2)).toEqual([
      expect.stringMatching(/（Multi-PSI\/V1、1986 年）。$/u),
      '論文の値。シード 3。',
    ]);
    const unmeasured = setup('transputer-logp');
    expect(
      figureCaption({
        ...unmeasured,
        params: unmeasured.presetValues,
        paperValues: unmeasured.presetValues,
        seed: 1,
        link: null,
      })[1],
    ).toBe('論文の値。論文はこの実験を測定していない。シード 1。');
  });
});

describe('provenance()', () => {
  it('names the preset, the chart, what differs, the seed, the source and the link', () => {
    const { preset, specs, presetValues } = setup('jmachine-lcs');
    const spec = preset.charts.find((c) => c.id === 'speedup')!;
    const lines = provenance({
      preset,
      spec,
      specs,
      params: { ...presetValues, lcs_alphabet: 8 },
      paperValues: presetValues,
      seed: 7,
      link: 'https://example.org/archex/?s=x',
    });
    expect(lines).toEqual([
      `preset: jmachine-lcs (${preset.title}; MIT J-Machine, 1993)`,
      `chart: speedup (${spec.title})`,
      expect.stringMatching(/^parameters: Changed from the paper's values: .*8 letters\.$/),
      'seed: 7',
      `source: ${preset.citation.text}, ${spec.about.citation}`,
      'link: https://example.org/archex/?s=x',
    ]);
    const table = provenance({
      preset,
      specs,
      params: presetValues,
      paperValues: presetValues,
      seed: 1,
      link: null,
    });
    expect(table).toEqual([
      expect.stringMatching(/^preset: jmachine-lcs /),
      "parameters: The paper's values.",
      'seed: 1',
      `source: ${preset.citation.text}`,
    ]);
  });
});
