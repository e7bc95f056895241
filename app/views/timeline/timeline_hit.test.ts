// The click's hit test on a real trace (LCS on 8 nodes, its first 20,000 cycles): a point inside a
// span picks that span, a point on a drawn arrow picks the arrow, and selection ids name spans
// first, then arrows.
import { beforeAll, describe, expect, it } from 'vitest';

import { playedEnd } from '../../engine/trace';
import type { TimelineLayout } from './timeline_hit';
import {
  MAX_ARROWS,
  arrowEnds,
  arrowId,
  arrowsInSight,
  hitTest,
  picked,
  timeOf,
  xOf,
} from './timeline_hit';
import type { TimelineModel } from './timeline_model';
import { lcsOnEightNodes } from './lcs_trace';
import { timelineModel } from './timeline_model';

let model: TimelineModel;
beforeAll(async () => {
  const outcome = await lcsOnEightNodes(20_000);
  model = timelineModel(outcome.trace, playedEnd(outcome.trace));
});

describe('hitTest()', () => {
  it('returns the span under a point away from the arrows', () => {
    const layout: TimelineLayout = { window: [model.from, model.end], width: 800, row: 12 };
    let checked = 0;
    for (let i = 0; i < model.spans.start.length; i++) {
      const x = (xOf(layout, model.spans.start[i]!) + xOf(layout, model.spans.end[i]!)) / 2;
      const y = model.spans.lane[i]! * layout.row + 2;
      const hit = hitTest(model, layout, x, y);
      const at = picked(model, hit);
      // A point on an arrow picks the arrow: it must lie within reach of the point.
      if (at?.kind === 'arrow') continue;
      expect(at).toEqual({ kind: 'span', index: i });
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(model.lanes.length);
    expect(hitTest(model, layout, 400, 8 * 12 + 5)).toBeUndefined();
    expect(timeOf(layout, xOf(layout, 1234))).toBeCloseTo(1234, 9);
  });

  it("returns a drawn arrow under a point on it, with the message's id past the spans", () => {
    // Zoomed in on a few handlers: the first arrow's send to its receipt.
    const first = model.arrows.sent[0]!;
    const layout: TimelineLayout = {
      window: [first - 200, model.arrows.received[0]! + 200],
      width: 900,
      row: 16,
    };
    const { drawn } = arrowsInSight(model, layout.window);
    expect(drawn).toContain(0);
    const [x0, y0, x1, y1] = arrowEnds(model, layout, 0);
    const hit = hitTest(model, layout, (x0 + x1) / 2, (y0 + y1) / 2);
    const at = picked(model, hit);
    expect(at?.kind).toBe('arrow');
    const i = at!.index;
    expect(hit).toBe(arrowId(model, i));
    expect(hit).toBeGreaterThanOrEqual(model.spans.start.length);
    // The arrow picked passes through the point (another may cross it there).
    const [a0, b0, a1, b1] = arrowEnds(model, layout, i);
    const t = (x0 + x1) / 2;
    const y = b0 + ((t - a0) / (a1 - a0)) * (b1 - b0);
    expect(Math.abs(y - (y0 + y1) / 2)).toBeLessThanOrEqual(
      4 * Math.hypot(1, (b1 - b0) / (a1 - a0)),
    );
  });

  it('thins the arrows in sight past the cap, every k-th, and ids past both are nothing', () => {
    const { drawn, inSight } = arrowsInSight(model, [model.from, model.end]);
    expect(inSight).toBe(model.arrows.sent.length);
    expect(drawn.length).toBeLessThanOrEqual(MAX_ARROWS);
    expect(drawn.length).toBe(Math.min(inSight, drawn.length));
    expect(picked(model, model.spans.start.length + model.arrows.sent.length)).toBeNull();
    expect(picked(model, -1)).toBeNull();
    expect(picked(model, undefined)).toBeNull();
  });
});
