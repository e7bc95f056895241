import { beforeAll, describe, expect, it } from 'vitest';

import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import type { Pane } from '../link/url_state';
import { pinName } from './use_pinned_runs';

let models: ModelInfo[];
beforeAll(async () => {
  models = (await loadNodeModule()).listModels();
});
const presets = loadPresetsFromDisk();
const pane = (presetId: string, params: Pane['params'] = {}): Pane => ({
  presetId,
  params,
  charts: {},
  pins: [],
});

describe('pinName()', () => {
  it('names a pin by what differs from the current run, not from the preset', () => {
    const current = pane('custom-network', { vcs: 2 });
    const pin = { presetId: 'custom-network', params: { vcs: 4 } };
    expect(pinName(pin, current, presets, models)).toBe('Virtual channels: 4 per channel');
    // The pin keeps the preset's values; the current run changed the topology since.
    const torus = pane('custom-network', { topology: 1 });
    expect(pinName({ presetId: 'custom-network', params: {} }, torus, presets, models)).toBe(
      'Topology: mesh',
    );
  });

  it('names a pin of another experiment by its title, and the same run as such', () => {
    const current = pane('network-deadlock');
    const other = presets.find((p) => p.id === 'custom-network')!;
    expect(pinName({ presetId: other.id, params: {} }, current, presets, models)).toBe(other.title);
    expect(pinName({ presetId: 'network-deadlock', params: {} }, current, presets, models)).toBe(
      'the same run',
    );
  });
});
