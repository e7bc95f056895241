import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { differenceNames, paneDifferences } from './differences';
import type { Pane } from '../link/url_state';

const presets = loadPresetsFromDisk();
let models: ModelInfo[] = [];
beforeAll(async () => {
  models = await createInProcessEngine(loadNodeModule()).listModels();
});

const pane = (presetId: string, params: Pane['params'] = {}, seed?: number): Pane => ({
  presetId,
  params,
  charts: {},
  pins: [],
  ...(seed !== undefined ? { seed } : {}),
});

describe('differenceNames(paneDifferences(left, right))', () => {
  it('names each side by the value that differs, in the panel’s words', () => {
    const differences = paneDifferences(
      pane('network-deadlock'),
      pane('network-deadlock', { vcs: 4 }),
      presets,
      models,
    );
    expect(differenceNames(differences)).toEqual({
      left: 'Virtual channels: 1 per channel',
      right: 'Virtual channels: 4 per channel',
    });
  });

  it('lists two differences and says there are more', () => {
    const differences = paneDifferences(
      pane('network-deadlock'),
      pane('network-deadlock', { vcs: 2, dateline: 0 }, 7),
      presets,
      models,
    );
    // In the model's order: the torus's own dateline, then the router's channels.
    expect(differences.map((d) => d.name)).toEqual(['dateline', 'vcs', 'seed']);
    expect(differenceNames(differences)).toEqual({
      left: 'Torus dateline: off; Virtual channels: 1 per channel; …',
      right: 'Torus dateline: on; Virtual channels: 2 per channel; …',
    });
  });

  it('names another experiment by its title, and gives no names when nothing differs', () => {
    const other = paneDifferences(
      pane('paragon-pingpong'),
      pane('transputer-ping'),
      presets,
      models,
    );
    const names = differenceNames(other)!;
    expect(names.left).toBe(presets.find((p) => p.id === 'paragon-pingpong')!.title);
    expect(names.right).toBe(presets.find((p) => p.id === 'transputer-ping')!.title);
    const same = paneDifferences(
      pane('network-deadlock'),
      pane('network-deadlock'),
      presets,
      models,
    );
    expect(differenceNames(same)).toBeNull();
  });
});
