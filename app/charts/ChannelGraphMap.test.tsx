import { interpolateViridis } from 'd3-scale-chromatic';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ChannelGraphMap } from './ChannelGraphMap';
import { channelGraphGeometry } from './graph_geometry';
import { graphColumns } from '../results/drawing/columns';
import { channelGraphCaption } from './graph_words';
import type { ChannelGraph } from '../results/chart_data';
import { textWidth } from '../results/format';
import { checkSvgSnapshot } from './svg_snapshot';

const size = { width: 640, height: 480 };

/** A 2-ary 2-fly: switches 0 and 1 (stage 0) feed 2 and 3 (stage 1), which feed terminals 0-3. */
const fly: ChannelGraph = {
  routers: 4,
  terminals: 4,
  channels: [
    { from: 0, to: 2, value: 0.5 },
    { from: 0, to: 3, value: 0.25 },
    { from: 1, to: 2, value: 0 },
    { from: 1, to: 3, value: 1 },
    { from: 2, to: 4, value: 0.3 },
    { from: 2, to: 5, value: 0.2 },
    { from: 3, to: 6, value: null },
    { from: 3, to: 7, value: 0.6 },
  ],
};

/** One 3 x 3 crossbar. */
const crossbar: ChannelGraph = {
  routers: 1,
  terminals: 3,
  channels: [0, 1, 2].map((t) => ({ from: 0, to: 1 + t, value: 0.5 })),
};

/** Two link engines and a C104 between them, links both ways (a C104 loop). */
const loop: ChannelGraph = {
  routers: 3,
  terminals: 2,
  channels: [
    { from: 0, to: 2, value: 0.1 },
    { from: 0, to: 1, value: 0.1 },
    { from: 1, to: 0, value: 0.1 },
    { from: 1, to: 3, value: 0.1 },
    { from: 2, to: 0, value: 0.1 },
    { from: 2, to: 4, value: 0.1 },
  ],
};

describe('graphColumns()', () => {
  it('counts columns from the switches that deliver to terminals', () => {
    expect(graphColumns(fly)).toEqual([1, 1, 0, 0]);
    expect(graphColumns(crossbar)).toEqual([0]);
    // The link engines deliver; the C104 is one hop from them.
    expect(graphColumns(loop)).toEqual([1, 0, 0]);
  });
});

describe('channelGraphGeometry()', () => {
  it('draws a fly as stages left to right, then its terminals, evenly spaced', () => {
    const g = channelGraphGeometry(fly, size);
    const column = g.innerWidth / 3;
    const at = (id: number) => [...g.routers, ...g.terminals].find((n) => n.id === id)!;
    expect(at(0).px).toBeCloseTo(0.5 * column, 9);
    expect(at(1).px).toBeCloseTo(0.5 * column, 9);
    expect(at(2).px).toBeCloseTo(1.5 * column, 9);
    expect(at(4).px).toBeCloseTo(2.5 * column, 9);
    expect(at(0).py).toBeCloseTo(g.innerHeight / 4, 9);
    expect(at(1).py).toBeCloseTo((3 * g.innerHeight) / 4, 9);
    expect(at(7).py).toBeCloseTo((7 * g.innerHeight) / 8, 9);
    expect(g.channels.map((c) => c.color)[6]).toBe(g.channels[6]!.color);
    expect(g.targets.map((t) => t.lines[0])).toContain('utilization: no data');
    expect(g.targets[3]!.title).toBe('switch 1 → switch 3');
    expect(g.targets[7]!.title).toBe('switch 3 → terminal 3');
  });

  it('draws a crossbar as one switch with a channel to every terminal', () => {
    const g = channelGraphGeometry(crossbar, size);
    expect(g.routers).toHaveLength(1);
    expect(g.terminals).toHaveLength(3);
    expect(g.channels).toHaveLength(3);
    expect(g.routers[0]!.py).toBeCloseTo(g.innerHeight / 2, 9);
  });

  it('puts the two directions of a link side by side, each keeping to its right', () => {
    const g = channelGraphGeometry(loop, size);
    const there = g.channels[1]!;
    const back = g.channels[2]!;
    // Same link, opposite directions: parallel lines offset to opposite sides.
    expect(there.x1 - back.x2).toBeCloseTo(-(back.x1 - there.x2), 9);
    const gap = Math.hypot(there.x1 - back.x2, there.y1 - back.y2);
    expect(gap).toBeCloseTo(2 * 1.2 * g.lineWidth, 9);
  });
});

describe('ChannelGraphMap', () => {
  it('captions the size, the utilization and a colour scale under 100 %', () => {
    expect(channelGraphCaption(crossbar)).toBe(
      '1 switch, 3 terminals, 3 channels · max 50\u00a0% · mean 50\u00a0%',
    );
    expect(channelGraphCaption(fly)).toBe(
      '4 switches, 4 terminals, 8 channels · max 100\u00a0% · mean 40.7\u00a0%',
    );
  });

  it('wraps its caption into lines that fit a phone, the graph below them', () => {
    // PIE64's DAN at 260 px ran its caption off the chart: "48 switches, ... · max" cut.
    const light: ChannelGraph = {
      ...fly,
      channels: fly.channels.map((c, i) => ({ ...c, value: 0.1 + 0.01 * i })),
    };
    for (const width of [260, 320, 640]) {
      const g = channelGraphGeometry(light, { width, height: 480 });
      // Every word of the caption, in order.
      const words = (text: string) => text.split(/[ ·]+/).filter(Boolean);
      expect(words(g.legend.caption.join(' '))).toEqual(words(channelGraphCaption(light)));
      for (const line of g.legend.caption) {
        expect(textWidth(line, g.fontSize), `${width} px: ${line}`).toBeLessThanOrEqual(width - 16);
      }
      expect(g.legend.bar.y).toBeGreaterThanOrEqual(g.legend.caption.length * g.fontSize);
      expect(g.margin.top).toBeGreaterThanOrEqual(g.legend.height);
    }
    expect(channelGraphGeometry(light, { width: 260, height: 480 }).legend.caption).toEqual([
      '4 switches, 4 terminals, 8 channels',
      'max 17\u00a0% · mean 13.5\u00a0%',
      "colours 0 to 20\u00a0% (the busiest's",
      'scale)',
    ]);
  });

  it('colours a lightly loaded fly on a scale to its busiest channel, with a colour bar', () => {
    // A 4-ary 3-fly at low load: every channel between 10 and 18 %.
    const light: ChannelGraph = {
      ...fly,
      channels: fly.channels.map((c, i) => ({ ...c, value: 0.1 + 0.01 * i })),
    };
    const g = channelGraphGeometry(light, size);
    expect(g.scaleTop).toBeCloseTo(0.2, 12);
    expect(channelGraphCaption(light)).toBe(
      '4 switches, 4 terminals, 8 channels · max 17\u00a0% · mean 13.5\u00a0% · ' +
        "colours 0 to 20\u00a0% (the busiest's scale)",
    );
    expect(g.legend.bar.ticks.at(-1)!.label).toBe('20\u00a0%');
    expect(g.legend.bar.ticks[0]!.label).toBe('0\u00a0%');
    // The busiest (17 %) is near the top of viridis, the idlest (10 %) half way.
    expect(g.channels[7]!.color).toBe(interpolateViridis(0.85));
    expect(g.channels[0]!.color).toBe(interpolateViridis(0.5));
    // The graph sits below the legend.
    expect(g.margin.top).toBeGreaterThanOrEqual(g.legend.height);
  });

  it('draws the 2-ary 2-fly', () => {
    const markup = renderToStaticMarkup(
      <ChannelGraphMap
        name="channels"
        title="Channel utilization"
        data={{ dims: [], torus: false, channels: [], plane: 0, graph: fly }}
        width={640}
      />,
    );
    expect(() => checkSvgSnapshot('channel-graph-fly', markup)).not.toThrow();
  });
});
