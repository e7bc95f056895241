import { describe, expect, it } from 'vitest';

import type { ChartSpec, Preset } from '../presets/schema';
import { chartOfLink, partlyRead, previewLink } from './embed_link';

const preset = {
  id: 'demo',
  title: 'A demo experiment',
  charts: [
    { id: 'first', title: 'The first chart' },
    { id: 'second', title: 'The second, {param.nodes} nodes' },
  ],
} as unknown as Preset;
const title = (c: ChartSpec) => c.title.replace('{param.nodes}', '64');

describe('chartOfLink(parsed, preset, chartId, title)', () => {
  it('shows the chart named, or the first when none is', () => {
    const read = { dropped: [] };
    expect(chartOfLink(read, preset, 'second', title)).toEqual({ spec: preset.charts[1] });
    expect(chartOfLink(read, preset, null, title)).toEqual({ spec: preset.charts[0] });
  });

  it("says a chart the preset does not have, and lists the preset's charts with their titles", () => {
    expect(chartOfLink({ dropped: [] }, preset, 'nope', title)).toEqual({
      problem:
        "This link asks for a chart 'nope', which 'A demo experiment' does not have. Its charts: " +
        "'first' (The first chart); 'second' (The second, 64 nodes).",
    });
  });

  it('says a damaged link, a link of another version and a link without an experiment in words', () => {
    const damaged = chartOfLink(
      { dropped: [], unread: { reason: 'damaged' } },
      undefined,
      'x',
      title,
    );
    expect(damaged).toEqual({
      problem: expect.stringMatching(/^This chart's link is damaged: .*cut short/),
    });
    const version = { reason: 'version' as const, version: '9' };
    expect(chartOfLink({ dropped: [], unread: version }, undefined, null, title)).toEqual({
      problem: expect.stringMatching(
        /another version of archex \(link version 9; this site reads versions 1 to \d+\)/,
      ),
    });
    expect(chartOfLink({ dropped: ["preset 'gone'"] }, undefined, null, title)).toEqual({
      problem: "This link names no experiment of archex's to show: ignored preset 'gone'.",
    });
  });
});

describe('partlyRead(dropped)', () => {
  it('says what a link held but could not use, or nothing', () => {
    expect(partlyRead([])).toBeNull();
    expect(partlyRead(["parameter 'x'"])).toBe(
      "Part of this chart's link could not be used, so the experiment's own values stand in " +
        "for it: parameter 'x'.",
    );
  });
});

describe('previewLink(search, presets)', () => {
  it("reads the preset and chart before the engine, the title's values left out", () => {
    const search = `?s=j${encodeURIComponent('{"v":5,"preset":"demo","params":{"nodes":64}}')}&chart=second`;
    expect(previewLink(search, [preset])).toEqual({
      preset,
      spec: preset.charts[1],
      title: 'The second, … nodes',
    });
    expect(previewLink('?s=zbroken', [preset])).toBeNull();
    expect(previewLink('?preset=demo&chart=nope', [preset])).toBeNull();
  });
});
