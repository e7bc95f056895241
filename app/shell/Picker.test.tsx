import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { presetBaseline, presetParams } from '../presets/schema';
import { resolveValues } from '../presets/param_values';
import { Picker, groupByMachine, schematicShape } from './Picker';

const presets = loadPresetsFromDisk();
let models: ModelInfo[] = [];
beforeAll(async () => {
  const engine = createInProcessEngine(loadNodeModule());
  models = await engine.listModels();
  engine.dispose();
});
const custom = presets.find((p) => p.id === 'custom-network')!;

describe('<Picker>', () => {
  it('gives the custom network no year, and papers their year', () => {
    const html = renderToStaticMarkup(
      <Picker presets={presets} models={models} onPick={() => {}} />,
    );
    expect(custom.year).toBeUndefined();
    expect(html).toContain('<span class="card-meta">Custom network · 64 nodes</span>');
    expect(html).toContain('<span class="card-meta">MIT J-Machine, 1993 · ');
    expect(html).not.toMatch(/20[0-9]{2} · /);
  });

  it('says what archex is for and starts on the custom network, before every other card', () => {
    const html = renderToStaticMarkup(
      <Picker presets={presets} models={models} onPick={() => {}} />,
    );
    const intro = /<section class="intro"[^]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(intro).toContain('archex runs models of historical parallel machines');
    expect(intro).toContain('Start with the custom network');
    expect(intro).toContain('Start here: Custom network');
    expect(html.indexOf('data-preset="custom-network"')).toBe(html.indexOf('data-preset='));
  });

  it('lists machines by year, the one without a paper last', () => {
    expect(groupByMachine(presets).at(-1)?.machine).toBe('Custom network');
  });

  it("presetBaseline() calls the custom network's values defaults", () => {
    expect(presetBaseline(custom)).toBe('default');
    expect(presetBaseline(presets.find((p) => p.id === 'jmachine-latency-load')!)).toBe(
      'paper value',
    );
  });

  it('draws each J-Machine and Paragon from its dims, Multi-PSI from its PEs, a p x 1 row', () => {
    const shape = (id: string) => {
      const preset = presets.find((p) => p.id === id)!;
      const specs = models.find((m) => m.name === preset.model)!.params;
      return schematicShape(preset, resolveValues(specs, presetParams(preset)), specs);
    };
    expect(shape('jmachine-latency-load')).toEqual({
      topology: 'mesh',
      dims: [8, 8, 8],
      nodes: 512,
    });
    expect(shape('jmachine-1024-latency-load').dims).toEqual([8, 8, 16]);
    expect(shape('custom-network')).toEqual({ topology: 'mesh', dims: [8, 8], nodes: 64 });
    expect(shape('multipsi-v1-comm')).toEqual({ topology: 'mesh', dims: [3, 2], nodes: 6 });
    expect(shape('paragon-pingpong')).toEqual({ topology: 'mesh', dims: [4, 2], nodes: 8 });
    expect(shape('paragon-bisection')).toEqual({ topology: 'mesh', dims: [16, 1], nodes: 16 });
    // Two transputers, one C104 and their links.
    expect(shape('transputer-ping')).toEqual({
      topology: 'router network',
      dims: [1, 2, 0],
      nodes: 2,
    });
  });

  it('draws every PIE64 machine as its two networks, PAN and DAN, with the IUs it runs', () => {
    const shape = (id: string) => {
      const preset = presets.find((p) => p.id === id)!;
      const specs = models.find((m) => m.name === preset.model)!.params;
      return schematicShape(preset, resolveValues(specs, presetParams(preset)), specs);
    };
    const twin = { topology: 'fly', dims: [4, 3], networks: ['PAN', 'DAN'] };
    expect(shape('pie64-congestion-writemn')).toEqual({ ...twin, nodes: 54 });
    expect(shape('pie64-congestion-mpwrite')).toEqual({ ...twin, nodes: 54 });
    expect(shape('pie64-load-dispatch')).toEqual({ ...twin, nodes: 54 });
    expect(shape('pie64-transfer')).toEqual({ ...twin, nodes: 64 });
  });

  it('draws a Paragon configuration list as its largest, as the user edited it', () => {
    const shape = (id: string, params: Record<string, number[]>) => {
      const preset = presets.find((p) => p.id === id)!;
      const specs = models.find((m) => m.name === preset.model)!.params;
      return schematicShape(
        preset,
        resolveValues(specs, { ...presetParams(preset), ...params }),
        specs,
      );
    };
    expect(shape('paragon-bisection', { processors: [2, 4, 8] })).toEqual({
      topology: 'mesh',
      dims: [8, 1],
      nodes: 8,
    });
    expect(shape('paragon-bisection', { processors: [32, 3] })).toEqual({
      topology: 'mesh',
      dims: [32, 1],
      nodes: 32,
    });
    expect(shape('paragon-bsp', { processors: [8, 16] })).toEqual({
      topology: 'mesh',
      dims: [4, 4],
      nodes: 16,
    });
  });

  it('draws the custom network in the shape its parameters choose', () => {
    const preset = presets.find((p) => p.id === 'custom-network')!;
    const specs = models.find((m) => m.name === preset.model)!.params;
    const shape = (params: Record<string, number>) =>
      schematicShape(preset, resolveValues(specs, { ...presetParams(preset), ...params }), specs);
    expect(shape({ topology: 1 })).toEqual({ topology: 'torus', dims: [8, 8], nodes: 64 });
    expect(shape({ topology: 2 })).toEqual({ topology: 'fly', dims: [4, 3], nodes: 64 });
    expect(shape({ topology: 3, crossbar_ports: 8 })).toEqual({
      topology: 'crossbar',
      dims: [8],
      nodes: 8,
    });
    expect(shape({ topology: 4, router_network: 0 })).toEqual({
      topology: 'router network',
      dims: [0, 2, 0],
      nodes: 2,
    });
    expect(shape({ topology: 4, router_network: 2 })).toEqual({
      topology: 'router network',
      dims: [4, 4, 2],
      nodes: 16,
    });
  });
});
