import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';

import { torus4x4HotSpot } from '../charts/fixtures/channel_heatmap';
import { meshLatency } from '../charts/fixtures/network_lines';
import type { BuiltChart } from '../chart_kinds/registry';
import { FIGURE_WIDTH } from './figure';
import { PAPER_WIDTHS } from './figure_size';
import { renderSideFigure } from './side_export';

const names = { left: 'Virtual channels: 1 per channel', right: 'Virtual channels: 4 per channel' };
const caption = ['Made with archex: http://127.0.0.1:5173/?s=jx'];

describe('renderSideFigure()', () => {
  it('draws both runs on one plot where they share one, named by what differs', async () => {
    const line: BuiltChart = { kind: 'latency-load', data: meshLatency };
    const figure = await renderSideFigure({
      name: 'latency-load',
      title: 'Latency against offered load',
      left: line,
      right: line,
      names,
      caption,
      theme: 'print',
    });
    expect(XMLValidator.validate(figure.text)).toBe(true);
    expect(figure.width).toBe(FIGURE_WIDTH);
    expect(figure.text.match(/data-chart="/g)).toHaveLength(1);
    expect(figure.text).toContain(names.left);
    expect(figure.text).toContain(names.right);
    expect(figure.text).not.toContain('(pinned)');
  });

  it('sets two maps beside each other in one file, their ids kept apart', async () => {
    const map: BuiltChart = { kind: 'channel-heatmap', data: torus4x4HotSpot };
    const figure = await renderSideFigure({
      name: 'channel-utilization',
      title: 'Channel utilization',
      left: map,
      right: map,
      names,
      caption,
      theme: 'dark',
    });
    expect(XMLValidator.validate(figure.text)).toBe(true);
    expect(figure.width).toBe(2 * FIGURE_WIDTH);
    expect(figure.text.match(/data-chart="/g)).toHaveLength(2);
    expect(figure.text).toContain(`Channel utilization: ${names.right}`);
    const ids = [...figure.text.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
    // Every reference to an id finds one.
    for (const m of figure.text.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(m[1]);
  });

  it("fits two maps into a paper width, each half of it, in the pair's points", async () => {
    const map: BuiltChart = { kind: 'channel-heatmap', data: torus4x4HotSpot };
    const widthPt = PAPER_WIDTHS['two columns'];
    const figure = await renderSideFigure({
      name: 'channel-utilization',
      title: 'Channel utilization',
      left: map,
      right: map,
      names,
      caption,
      theme: 'print',
      paper: { widthPt, fontPt: 8 },
      parts: { title: false, caption: false },
    });
    expect(XMLValidator.validate(figure.text)).toBe(true);
    expect(figure).toMatchObject({ width: widthPt, paper: true });
    expect(figure.text).toMatch(new RegExp(`^<svg [^>]*width="${widthPt}pt"`, 'm'));
    // The halves sit in the pair's units: no nested `pt`, the right one from the middle.
    const halves = [...figure.text.matchAll(/<svg x="([\d.]+)" xmlns="[^"]+" width="([^"]+)"/g)];
    expect(halves.map((m) => [Number(m[1]), m[2]])).toEqual([
      [0, String(widthPt / 2)],
      [widthPt / 2, String(widthPt / 2)],
    ]);
    expect(figure.text).not.toContain('Made with archex');
  });
});
