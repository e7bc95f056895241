import { afterEach, describe, expect, it } from 'vitest';

import { chooseLanguage } from '../../i18n/i18n';
import { unwrapped } from '../../i18n/pseudo';
import type { Drawing } from './drawing';
import { GRAPH } from './drawing';
import { schematicGeometry } from './schematic';

const mesh: Drawing = { ...GRAPH, kind: 'grid', extent: [8, 8] };
const cube: Drawing = { ...GRAPH, kind: 'arc grid', extent: Array<number>(10).fill(2) };
const fly: Drawing = { ...GRAPH, kind: 'stages', extent: [3, 16], radix: 4 };
const tree: Drawing = { ...GRAPH, kind: 'tree', extent: [3, 4], radix: 2 };

describe("a schematic's label", () => {
  afterEach(() => chooseLanguage('en'));

  it("says the network's shape and counts in the reader's language", async () => {
    await chooseLanguage('ja');
    expect(schematicGeometry({ drawing: mesh, shape: 'mesh' }).label).toBe(
      '8×8 メッシュ（64 ノード）',
    );
    expect(
      schematicGeometry({ drawing: { ...mesh, terminalsPerRouter: 4 }, shape: 'mesh' }).label,
    ).toBe('8×8 メッシュ（64 ルータ、256 ノード）');
    expect(schematicGeometry({ drawing: cube, shape: 'mesh' }).label).toBe(
      '10 次元ハイパーキューブ（1024 ノード、うち 6 次元を描画）',
    );
    expect(
      schematicGeometry({ drawing: fly, shape: 'fly', networks: ['PAN', 'DAN'], nodes: 54 }).label,
    ).toBe('PAN、DAN: 2 × 4-ary 3-fly（54 ノード）');
    expect(schematicGeometry({ drawing: tree, shape: 'fat tree' }).label).toBe(
      'ファットツリー（3 段、各段 4 スイッチ、8 ノード）',
    );
  });

  it('is one message in the pseudo-language, its shape one inside it', async () => {
    await chooseLanguage('en-XA');
    const label = schematicGeometry({ drawing: mesh, shape: 'mesh' }).label;
    expect(label).toBe('⟦⟦mesh⟧ 8×8 of 64 nodes⟧');
    expect(unwrapped(label)).toEqual([]);
  });
});
