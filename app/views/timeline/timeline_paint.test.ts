// The timeline's paint on a real trace (LCS on 8 nodes, the whole run), on a recording stub of the
// canvas: zoomed out, the narrow spans of a state that touch are one rect (far fewer rects than
// spans, every span still covered in its row); zoomed in, each wide span is a rect of its own.
import { beforeAll, describe, expect, it } from 'vitest';

import { playedEnd } from '../../engine/trace';
import type { TimelineModel } from './timeline_model';
import { lcsOnEightNodes } from './lcs_trace';
import { timelineModel } from './timeline_model';
import { paintTimeline } from './timeline_paint';

type Rect = [number, number, number, number];

let model: TimelineModel;
beforeAll(async () => {
  const outcome = await lcsOnEightNodes(1e12);
  model = timelineModel(outcome.trace, playedEnd(outcome.trace), 8);
}, 60_000);

const ROW = 10;

/** Paints the window [s0, s1] at `width` px; the rects filled in each state's colour. */
function paint(window: [number, number], width: number): Rect[][] {
  // Every state coloured, its own colour, so every span is painted and its rects told apart.
  const colors = model.states.map((_, s) => `#${String(s).padStart(6, '0')}`);
  const rects: Rect[][] = colors.map(() => []);
  let style = '';
  const noop = () => {};
  const g = new Proxy(
    {},
    {
      get: (_, name) =>
        name === 'fillRect'
          ? (x: number, y: number, w: number, h: number) =>
              rects[colors.indexOf(style)]?.push([x, y, w, h])
          : noop,
      set: (_, name, value) => {
        if (name === 'fillStyle') style = String(value);
        return true;
      },
    },
  );
  const c = { width: 0, height: 0 } as HTMLCanvasElement;
  paintTimeline(c, g as CanvasRenderingContext2D, {
    model,
    colors,
    layout: { window, width, row: ROW },
    height: model.lanes.length * ROW,
    selected: undefined,
    idle: '#fff',
    fg: '#fff',
  });
  return rects;
}

/** The spans that [s0, s1] shows. */
function inSight([s0, s1]: [number, number]): number[] {
  const out: number[] = [];
  for (let i = 0; i < model.spans.start.length; i++) {
    if (model.spans.start[i]! <= s1 && model.spans.end[i]! >= s0) out.push(i);
  }
  return out;
}

describe('paintTimeline()', () => {
  it('zoomed out, draws the touching narrow spans of a state as one rect, covering each', () => {
    const window: [number, number] = [model.from, model.end];
    const width = 400;
    const rects = paint(window, width);
    const spans = inSight(window);
    const drawn = rects.reduce((n, r) => n + r.length, 0);
    expect(spans.length).toBeGreaterThan(20_000);
    expect(drawn).toBeLessThan(spans.length / 10);
    const perTime = width / (window[1] - window[0]);
    for (const i of spans) {
      const x0 = (Math.max(model.spans.start[i]!, window[0]) - window[0]) * perTime;
      const x1 = (Math.min(model.spans.end[i]!, window[1]) - window[0]) * perTime;
      const y = model.spans.lane[i]! * ROW;
      const covered = rects[model.spans.state[i]!]!.some(
        ([rx, ry, rw]) => ry === y && rx <= x0 + 1e-9 && rx + rw >= Math.min(x1, x0 + 0.75) - 1e-9,
      );
      expect(covered).toBe(true);
    }
  });

  it('zoomed in, draws each wide span as a rect of its own, a pixel short of its end', () => {
    const t = (model.from + model.end) / 2;
    const window: [number, number] = [t, t + 2000];
    const rects = paint(window, 4000);
    const wide = inSight(window).filter(
      (i) =>
        ((Math.min(model.spans.end[i]!, window[1]) - Math.max(model.spans.start[i]!, window[0])) *
          4000) /
          2000 >
        4,
    );
    expect(wide.length).toBeGreaterThan(8);
    const all = rects.flat();
    for (const i of wide) {
      const y = model.spans.lane[i]! * ROW;
      const x0 = ((Math.max(model.spans.start[i]!, window[0]) - window[0]) * 4000) / 2000;
      expect(all.some(([rx, ry]) => ry === y && Math.abs(rx - x0) < 1e-9)).toBe(true);
    }
  });
});
