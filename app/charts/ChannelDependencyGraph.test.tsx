// The channel-dependency graph drawn from the engine's own graph (a ring and a torus, with and
// without a dateline): its cycles thick vermillion where the engine found them, none once the
// dateline is on; minimal adaptive routing's escape subgraph apart; a turn model's turns;
// its words in Japanese and in the pseudo-language.
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { NetworkMap } from '../engine/types';
import { findNetwork } from '../engine/types';
import {
  ChannelDependencyGraph,
  DEPENDENCY,
  dependencyCaption,
  dependencyGeometry,
} from './ChannelDependencyGraph';
import { dependencyGraphData } from '../results/dependency_graph_data';
import { chooseLanguage } from '../i18n/i18n';
import { unwrapped, wrap } from '../i18n/pseudo';

const graphs: Record<string, NetworkMap | undefined> = {};
beforeAll(async () => {
  const engine = createInProcessEngine(await loadNodeModule());
  const light = { injection_rate: 0.02, sweep_rates: [0.02], warmup_cycles: 100, max_cycles: 1000 };
  const runs = {
    ring: { topology: 1, dims: [8], vcs: 1, dateline: 1 },
    ringDated: { topology: 1, dims: [8], vcs: 2, dateline: 0 },
    torus: { topology: 1, dims: [4, 4], vcs: 1, dateline: 1 },
    torusDated: { topology: 1, dims: [4, 4], vcs: 2, dateline: 0 },
    mesh: { topology: 0, dims: [4, 4] },
    adaptive: { topology: 1, dims: [4, 4], vcs: 3, routing: 5 },
    adaptiveUndated: { topology: 1, dims: [4, 4], vcs: 2, dateline: 1, routing: 5 },
    westFirst: { topology: 0, dims: [4, 4], routing: 6 },
  };
  for (const [name, params] of Object.entries(runs)) {
    const { result } = await engine.run({
      model: 'network_traffic',
      params: { ...params, ...light },
      seed: 1,
    });
    graphs[name] = findNetwork(result, 'channel_dependencies');
  }
  engine.dispose();
}, 60_000);

function draw(name: string, width = 640, title = 'CDG') {
  const errors = vi.spyOn(console, 'error');
  const html = renderToStaticMarkup(
    <ChannelDependencyGraph
      name="cdg"
      title={title}
      data={dependencyGraphData(graphs[name])}
      width={width}
    />,
  );
  expect(errors).not.toHaveBeenCalled();
  return html;
}

const redEdges = (html: string) => (html.match(/class="cdg-cycle"/g) ?? []).length;

describe('ChannelDependencyGraph', () => {
  it('draws the ring without a dateline with its two cycles thick vermillion', () => {
    const data = dependencyGraphData(graphs.ring);
    expect(data.channels).toHaveLength(16);
    expect(data.edges).toHaveLength(16);
    expect(data.cycles).toBe(2);
    const html = draw('ring');
    expect(redEdges(html)).toBe(16);
    expect(html).toContain(
      'cycles in 2 strongly connected components, one cycle of each drawn thick in vermillion ' +
        '(16 dependences)',
    );
  });

  it('draws no cycle once the dateline is on, a dot per class beside each channel', () => {
    const data = dependencyGraphData(graphs.ringDated);
    expect(data.cycles).toBe(0);
    expect(new Set(data.edges.map((e) => e.toClass))).toEqual(new Set([0, 1]));
    const html = draw('ringDated');
    expect(redEdges(html)).toBe(0);
    expect(html).toContain('and no cycle');
    expect((html.match(/<circle/g) ?? []).length).toBe(32);
    expect(redEdges(draw('torusDated'))).toBe(0);
  });

  it('draws a torus on its grid, the wrap-around channels inside the chart', () => {
    const data = dependencyGraphData(graphs.torus);
    expect(data.cycles).toBe(8);
    expect(redEdges(draw('torus'))).toBeGreaterThan(0);
    for (const width of [320, 700, 1200]) {
      const g = dependencyGeometry(data, width);
      for (const c of g.channels) {
        for (const [x, y] of c.nodes.values()) {
          expect(x).toBeGreaterThan(0);
          expect(x).toBeLessThan(g.width);
          expect(y).toBeGreaterThan(0);
          expect(y).toBeLessThan(g.height);
        }
      }
      // Each channel's node apart from every other's.
      const at = g.channels.map((c) =>
        c.nodes
          .get(0)!
          .map((v) => v.toFixed(1))
          .join(),
      );
      expect(new Set(at).size).toBe(at.length);
    }
  });

  it('says there is no graph for a mesh under dimension order, without drawing one', () => {
    expect(graphs.mesh).toBeUndefined();
    const data = dependencyGraphData(graphs.mesh);
    expect(dependencyCaption(data)).toBe(
      'No channel-dependency graph: it is drawn for a ring or torus, and for a mesh under a ' +
        'routing other than dimension order.',
    );
    expect(draw('mesh')).not.toContain('<circle');
  });

  it('tells minimal adaptive routing cycles apart from its acyclic escape subgraph', () => {
    const data = dependencyGraphData(graphs.adaptive);
    expect(data.escapes).toBe(true);
    expect(data.cycles).toBeGreaterThan(0);
    expect(data.escapeCycles).toBe(0);
    // The engine marks one cycle a strongly connected component: the words count components.
    expect(dependencyCaption(data)).toContain(
      `cycles in ${data.cycles} strongly connected component${data.cycles === 1 ? ', one cycle of it' : 's, one cycle of each'} drawn`,
    );
    const escape = data.edges.filter((e) => e.escape);
    expect(escape.length).toBeGreaterThan(0);
    expect(escape.length).toBeLessThan(data.edges.length);
    // The escape channels are the dateline's classes 0 and 1; the adaptive one is class 2.
    expect(new Set(escape.flatMap((e) => [e.fromClass, e.toClass]))).toEqual(new Set([0, 1]));
    expect(dependencyCaption(data)).toContain(
      "The full graph has cycles; the escape channels' subgraph (blue) has " +
        'none, so a packet can always fall back to them',
    );
    const html = draw('adaptive');
    expect(html).toContain('Escape channels alone');
    // Blue where not on one of the whole graph's cycles (those are vermillion).
    expect((html.match(/class="cdg-escape"/g) ?? []).length).toBe(
      escape.filter((e) => e.cycle < 0).length,
    );
    // The escape view draws only the escape subgraph, and none of it on a cycle.
    const all = dependencyGeometry(data, 640);
    const alone = dependencyGeometry(data, 640, 'escape');
    expect(all.edges).toHaveLength(data.edges.length);
    expect(alone.edges).toHaveLength(escape.length);
    expect(alone.edges.filter((e) => e.cycle)).toHaveLength(0);
    expect(dependencyCaption(data, 'escape')).toContain(
      `The escape channels alone: ${escape.length} dependences and no cycle.`,
    );
  });

  it('finds the escape subgraph cycles once the dateline is off', () => {
    const data = dependencyGraphData(graphs.adaptiveUndated);
    expect(data.escapeCycles).toBeGreaterThan(0);
    expect(dependencyCaption(data)).toContain('so even the escape channels can fill in a circle');
    const alone = dependencyGeometry(data, 640, 'escape');
    expect(alone.edges.some((e) => e.cycle)).toBe(true);
  });

  it('draws a west-first mesh without cycles, its two turns into west struck out', () => {
    const data = dependencyGraphData(graphs.westFirst);
    expect(data.cycles).toBe(0);
    expect(data.escapes).toBe(false);
    expect(data.turns).toHaveLength(8);
    const forbidden = data.turns.filter((t) => t.dependences === 0);
    expect(forbidden.map((t) => `${t.from.name}>${t.to.name}`).sort()).toEqual(['+y>-x', '-y>-x']);
    // Each direction's dimension and sign come from the engine's columns, not from its name.
    expect(
      forbidden.map((t) => [t.from.dimension, t.from.sign, t.to.dimension, t.to.sign]),
    ).toEqual([
      [1, 1, 0, -1],
      [1, -1, 0, -1],
    ]);
    expect(dependencyCaption(data)).toContain(
      'The routing never takes 2 of the 8 turns (struck out): +y \u2192 \u2212x, ' +
        '\u2212y \u2192 \u2212x.',
    );
    const html = draw('westFirst', 390);
    expect((html.match(/class="turn-forbidden"/g) ?? []).length).toBe(2);
    expect((html.match(/class="turn-taken"/g) ?? []).length).toBe(6);
    expect(html).not.toContain('Escape channels alone');
  });

  it('keeps the graph and its turns within the tallest, the turns beside it when wide', () => {
    const heightOf = (html: string) => Number(/viewBox="0 0 [\d.]+ ([\d.]+)"/.exec(html)![1]);
    for (const width of [640, 960, 1800]) {
      const html = draw('westFirst', width);
      expect(heightOf(html)).toBeLessThanOrEqual(DEPENDENCY.tallest);
      const turns = /class="turn-diagram"[^>]*transform="translate\(([\d.]+)/.exec(html);
      expect(Number(turns?.[1])).toBeGreaterThan(width / 2);
    }
    // The grid's cells stay square when the height holds it down.
    const g = dependencyGeometry(dependencyGraphData(graphs.westFirst), 1600);
    const xs = [...new Set(g.routers.map((r) => Math.round(r.x)))].sort((a, b) => a - b);
    const ys = [...new Set(g.routers.map((r) => Math.round(r.y)))].sort((a, b) => a - b);
    expect(xs[1]! - xs[0]!).toBeCloseTo(ys[1]! - ys[0]!, -1);
    // Below it on a phone, the graph alone within the tallest.
    expect(
      dependencyGeometry(dependencyGraphData(graphs.westFirst), 390).height,
    ).toBeLessThanOrEqual(DEPENDENCY.tallest);
    const below = /class="turn-diagram"[^>]*transform="translate\(([\d.]+),([\d.]+)/.exec(
      draw('westFirst', 390),
    );
    expect(Number(below?.[1])).toBeLessThan(390 / 2);
    expect(Number(below?.[2])).toBeGreaterThan(200);
  });
});

describe("the channel-dependency graph in the reader's language", () => {
  afterEach(() => chooseLanguage('en'));

  it('says its dependences, cycles, escape channels and turns in Japanese', async () => {
    await chooseLanguage('ja');
    expect(dependencyCaption(dependencyGraphData(graphs.ring))).toBe(
      '16 本のチャネルの間に 16 個の依存がある。2 個の強連結成分にサイクルがあり、各成分から 1 つず' +
        'つを朱色の太線で描いている（依存 16 個）。これらのチャネルを保持するパケットは、それぞれ次の' +
        'チャネルを待ちうるので、ネットワークはデッドロックしうる。',
    );
    const undated = dependencyGraphData(graphs.adaptiveUndated);
    expect(dependencyCaption(undated, 'escape')).toBe(
      `エスケープチャネルのみ: ${undated.edges.filter((e) => e.escape).length} 個の依存。` +
        '8 個の強連結成分にサイクルがあり、各成分から 1 つずつを朱色の太線で描いている。' +
        'グラフ全体にはサイクルがある。エスケープチャネルの部分グラフにもサイクルがあり（8 個の強連結' +
        '成分）、エスケープチャネルまでもが輪になって埋まりうるので、ネットワークはデッドロックしうる。' +
        'ルーティングは 8 種類のターンをすべて使う。',
    );
    expect(dependencyCaption(dependencyGraphData(graphs.westFirst))).toContain(
      'ルーティングは 8 種類のターンのうち 2 種類を決して使わない（取り消し線）: ' +
        '+y \u2192 \u2212x、\u2212y \u2192 \u2212x。',
    );
    expect(dependencyCaption(dependencyGraphData(graphs.mesh))).toMatch(/^チャネル依存グラフなし/);
    const html = draw('adaptive');
    expect(html).toContain('エスケープチャネルのみ');
    expect(html).toContain('サイクル上');
  });

  it('leaves no word outside a message in the pseudo-language, caption, choice and turns', async () => {
    await chooseLanguage('en-XA');
    for (const name of ['ring', 'mesh', 'adaptive', 'adaptiveUndated', 'westFirst']) {
      const data = dependencyGraphData(graphs[name]);
      for (const view of ['all', 'escape'] as const) {
        const caption = dependencyCaption(data, view);
        expect(caption).toMatch(/^⟦/);
        expect(unwrapped(caption), `${name} ${view}`).toEqual([]);
      }
      // Everything the chart draws: its text and what its attributes read out.
      const html = draw(name, 640, wrap('CDG'));
      const attrs = [...html.matchAll(/(?:aria-label|title)="([^"]*)"/g)].map((m) => m[1]!);
      const text = html.replace(/<[^>]*>/g, ' ').replace(/&#x27;/g, "'");
      expect(unwrapped([text, ...attrs].join(' \n ')), name).toEqual([]);
    }
  });
});
