import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Engine } from '../engine/engine';
import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo, NetworkMap, Params } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { machineLine } from '../presets/machines';
import { runLength, runTimes } from '../presets/run_times';
import { chooseLanguage } from '../i18n/i18n';
import { presetBaseline, presetParams } from '../presets/schema';
import { resolveValues } from '../presets/param_values';
import { schematicOf } from '../results/drawing/schematic';
import { Picker, groupByMachine } from './Picker';

const presets = loadPresetsFromDisk();
let models: ModelInfo[] = [];
let engine: Engine;
const networks: Record<string, NetworkMap[]> = {};
beforeAll(async () => {
  engine = createInProcessEngine(loadNodeModule());
  models = await engine.listModels();
  for (const p of presets) networks[p.id] = await engine.describe(p.model, values(p.id));
});
afterAll(() => engine.dispose());

/** A preset's parameters, with some changed, as the picker resolves them. */
function values(id: string, changed: Params = {}): Params {
  const preset = presets.find((p) => p.id === id)!;
  const specs = models.find((m) => m.name === preset.model)!.params;
  return resolveValues(specs, { ...presetParams(preset), ...changed });
}

/**
 * What the card of a preset draws, from the engine's description of its machine: the kind of
 * drawing, its extent, radix and terminals a router where they count, and the rest of the props.
 */
async function shape(id: string, changed: Params = {}) {
  const preset = presets.find((p) => p.id === id)!;
  const { drawing, ...props } = schematicOf(
    await engine.describe(preset.model, values(id, changed)),
  );
  const { kind, extent, radix, terminalsPerRouter } = drawing;
  return {
    kind,
    extent,
    ...(radix > 0 ? { radix } : {}),
    ...(terminalsPerRouter > 1 ? { terminalsPerRouter } : {}),
    ...props,
  };
}
const custom = presets.find((p) => p.id === 'custom-network')!;

/** The markup of a preset's card in the picker's. */
function cardOf(html: string, id: string): string {
  const at = html.search(
    new RegExp(`<div class="card( start)?"><a class="card-link" [^>]*data-preset="${id}"`),
  );
  return at < 0 ? '' : html.slice(at, html.indexOf('</cite>', at));
}

describe('<Picker>', () => {
  it('gives the custom network no year, and papers their year', () => {
    const html = renderToStaticMarkup(
      <Picker presets={presets} networks={networks} onPick={() => {}} />,
    );
    expect(custom.year).toBeUndefined();
    expect(html).toContain('<span class="card-meta">Custom network · 64 nodes</span>');
    expect(html).toContain('<span class="card-meta">MIT J-Machine, 1993 · ');
    expect(html).not.toMatch(/20[0-9]{2} · /);
  });

  it('says what archex is for and starts on the custom network, before every other card', () => {
    const html = renderToStaticMarkup(
      <Picker presets={presets} networks={networks} onPick={() => {}} />,
    );
    const intro = /<section class="intro"[^]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(intro).toContain('archex runs models of historical parallel machines');
    expect(intro).toContain('Start with the custom network');
    expect(intro).toContain('Start here: Custom network');
    expect(html.indexOf('data-preset="custom-network"')).toBe(html.indexOf('data-preset='));
  });

  it('says under each machine what it was and why it matters', () => {
    const html = renderToStaticMarkup(
      <Picker presets={presets} networks={networks} onPick={() => {}} />,
    );
    for (const { machine } of groupByMachine(presets)) {
      const section = new RegExp(`<h3 id="machine-[^"]+">${machine}</h3><p class="machine-line">`);
      expect(html, machine).toMatch(section);
      expect(html, machine).toContain(machineLine(machine)!.matters.split(' ')[0]);
    }
  });

  it('says on the card of a long run that it is long, before it is opened', () => {
    const html = renderToStaticMarkup(
      <Picker presets={presets} networks={networks} onPick={() => {}} />,
    );
    // The measured runs decide: the longest of them (TSP's three seeds on 1 to 512 nodes)
    // takes minutes.
    const [longest] = Object.entries(runTimes.runs).sort(([, a], [, b]) => b.cpuMs - a.cpuMs)[0]!;
    expect(longest).toBe('jmachine-tsp');
    expect(cardOf(html, longest)).toContain('Long run: takes a minute or more');
    // Every card says what its measured run says, and its link is described by it.
    const said = presets.map((p) => {
      const card = cardOf(html, p.id);
      const long = /<span class="card-long" id="([^"]+)">Long run: ([^<]+)<\/span>/.exec(card);
      const described = /<a class="card-link" [^>]*aria-describedby="([^"]+)"/.exec(card)?.[1];
      return [p.id, long?.[2], described === long?.[1]];
    });
    const words = { minutes: 'takes a minute or more', seconds: 'takes tens of seconds' };
    expect(said).toEqual(
      presets.map((p) => {
        const length = runLength(p.id);
        return [p.id, length && words[length], true];
      }),
    );
    expect(presets.filter((p) => runLength(p.id)).length).toBeLessThan(presets.length / 4);
  });

  it("names each card's link by its title and puts nothing inside the link", () => {
    const html = renderToStaticMarkup(
      <Picker presets={presets} networks={networks} onPick={() => {}} />,
    );
    const links = [
      ...html.matchAll(/<a class="card-link"[^>]*aria-labelledby="([^"]+)"[^>]*>(.*?)<\/a>/g),
    ];
    // Every preset's, and the custom network's again to start with.
    expect(links).toHaveLength(presets.length + 1);
    for (const [, title, inside] of links) {
      expect(inside).toBe('');
      expect(html).toContain(`<span class="card-title" id="${title}">`);
    }
  });

  it("marks the papers' words on a card, each a button described by its definition", () => {
    const html = renderToStaticMarkup(
      <Picker presets={presets} networks={networks} onPick={() => {}} />,
    );
    const card = cardOf(html, 'pie64-congestion-mpwrite');
    const term =
      /<button type="button" class="term-word" aria-describedby="([^"]+)" data-term="UNIRED">UNIRED<\/button>/.exec(
        card,
      );
    expect(term).not.toBeNull();
    expect(card).toContain(
      `<span id="${term![1]}" role="tooltip" class="term-tip" hidden=""><b>UNIRED</b>: PIE64&#x27;s inference processor`,
    );
    // The title's words too: what "speedup by K" means, on its card.
    const k = cardOf(html, 'multipsi-v1-program2');
    const title = k.slice(k.indexOf('class="card-title"'), k.indexOf('class="card-meta"'));
    expect(title).toContain('data-term="speedup by K">speedup by K</button>');
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

  it('draws each J-Machine and Paragon from its dims, Multi-PSI from its PEs, a p x 1 row', async () => {
    const mesh = { kind: 'grid', shape: 'mesh' };
    expect(await shape('jmachine-latency-load')).toEqual({
      ...mesh,
      extent: [8, 8, 8],
      nodes: 512,
    });
    expect((await shape('jmachine-1024-latency-load')).extent).toEqual([8, 8, 16]);
    expect(await shape('custom-network')).toEqual({ ...mesh, extent: [8, 8], nodes: 64 });
    // A concentrated mesh: its grid of routers, their terminals counted apart.
    expect(await shape('custom-network', { concentration: 4 })).toEqual({
      ...mesh,
      extent: [8, 8],
      nodes: 64,
      terminalsPerRouter: 4,
    });
    expect(await shape('custom-network', { topology: 5 })).toEqual({
      kind: 'groups',
      shape: 'dragonfly',
      extent: [9, 4],
      terminalsPerRouter: 2,
      nodes: 72,
    });
    expect(await shape('custom-network', { topology: 6 })).toEqual({
      kind: 'tree',
      shape: 'fat tree',
      extent: [3, 16],
      radix: 4,
      nodes: 64,
    });
    const params = models.find((m) => m.name === 'network_traffic')!.params;
    const topologies = params.find((q) => q.name === 'topology')!.choices;
    expect(
      await shape('custom-network', { topology: topologies.indexOf('flattened butterfly') }),
    ).toEqual({
      kind: 'arc grid',
      shape: 'flattened butterfly',
      extent: [4, 4],
      terminalsPerRouter: 4,
      nodes: 64,
    });
    expect(await shape('multipsi-v1-comm')).toEqual({ ...mesh, extent: [3, 2], nodes: 6 });
    expect(await shape('paragon-pingpong')).toEqual({ ...mesh, extent: [4, 2], nodes: 8 });
    // A row: one axis, drawn as a row of the grid.
    expect(await shape('paragon-bisection')).toEqual({ ...mesh, extent: [16], nodes: 16 });
    // Two transputers, one C104 and their links.
    expect(await shape('transputer-ping')).toEqual({
      kind: 'graph',
      shape: 'router network',
      extent: [],
      tiers: [1, 2, 0],
      nodes: 2,
    });
  });

  it('draws every PIE64 machine as its two networks, PAN and DAN, with the IUs it runs', async () => {
    const twin = {
      kind: 'stages',
      shape: 'fly',
      extent: [3, 16],
      radix: 4,
      networks: ['PAN', 'DAN'],
    };
    expect(await shape('pie64-congestion-writemn')).toEqual({ ...twin, nodes: 54 });
    expect(await shape('pie64-congestion-mpwrite')).toEqual({ ...twin, nodes: 54 });
    expect(await shape('pie64-load-dispatch')).toEqual({ ...twin, nodes: 54 });
    expect(await shape('pie64-transfer')).toEqual({ ...twin, nodes: 64 });
  });

  it('draws a Paragon configuration list as its largest, as the user edited it', async () => {
    const mesh = { kind: 'grid', shape: 'mesh' };
    expect(await shape('paragon-bisection', { processors: [2, 4, 8] })).toEqual({
      ...mesh,
      extent: [8],
      nodes: 8,
    });
    expect(await shape('paragon-bisection', { processors: [32, 3] })).toEqual({
      ...mesh,
      extent: [32],
      nodes: 32,
    });
    expect(await shape('paragon-bsp', { processors: [8, 16] })).toEqual({
      ...mesh,
      extent: [4, 4],
      nodes: 16,
    });
  });

  it('draws the custom network in the shape its parameters choose', async () => {
    const customShape = (params: Params) => shape('custom-network', params);
    expect(await customShape({ topology: 1 })).toEqual({
      kind: 'grid',
      shape: 'torus',
      extent: [8, 8],
      nodes: 64,
    });
    expect(await customShape({ topology: 2 })).toEqual({
      kind: 'stages',
      shape: 'fly',
      extent: [3, 16],
      radix: 4,
      nodes: 64,
    });
    expect(await customShape({ topology: 3, crossbar_ports: 8 })).toEqual({
      kind: 'crossbar',
      shape: 'crossbar',
      extent: [],
      radix: 8,
      nodes: 8,
    });
    expect(await customShape({ topology: 4, router_network: 0 })).toEqual({
      kind: 'graph',
      shape: 'router network',
      extent: [],
      tiers: [0, 2, 0],
      nodes: 2,
    });
    expect(await customShape({ topology: 4, router_network: 2 })).toEqual({
      kind: 'graph',
      shape: 'router network',
      extent: [],
      tiers: [4, 4, 2],
      nodes: 16,
    });
  });

  it('speaks the reader’s language: its words, the machines’ own names, the glossary’s terms', async () => {
    await chooseLanguage('ja');
    try {
      const html = renderToStaticMarkup(
        <Picker presets={presets} networks={networks} onPick={() => {}} onTour={() => {}} />,
      );
      expect(html).toContain('論文の並列マシンを、その場で動かす');
      expect(html).toContain('ガイドツアーをたどるか');
      expect(html).toMatch(/<h3 id="machine-[^"]+">マルチPSI\/V1<\/h3>/);
      // A machine's line in Japanese, its terms marked as the English ones are.
      expect(html).toContain(machineLine('PIE64', 'ja')!.was.slice(0, 8));
      expect(html).toMatch(/data-term="推論ユニット"|data-term="回線交換"/);
      // A card's link keeps the reader's language.
      expect(html).toMatch(/<a class="card-link" href="\?s=[^"]+&amp;lang=ja"/);
    } finally {
      await chooseLanguage('en');
    }
  });
});
