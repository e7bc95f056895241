import type { ModelInfo } from '#wasm/archex';
import { beforeAll, describe, expect, it } from 'vitest';

import { loadNodeModule } from '../engine/node_module';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { resolveValues } from '../presets/param_values';
import { presetParams } from '../presets/schema';
import { figureCaption } from './figure_info';

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
