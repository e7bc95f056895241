import { describe, expect, it } from 'vitest';

import type { Box } from './label_placement';
import { overlaps, placeLabels, segmentCrossesBox, segmentsCross } from './label_placement';

const box: Box = { x: 10, y: 10, width: 20, height: 10 };
const bounds: Box = { x: 0, y: 0, width: 200, height: 200 };
const none = { texts: [], boxes: [], segments: [] };

describe('segmentCrossesBox()', () => {
  it('finds segments through, into and past a box', () => {
    expect(segmentCrossesBox({ x1: 0, y1: 15, x2: 40, y2: 15 }, box)).toBe(true);
    expect(segmentCrossesBox({ x1: 20, y1: 15, x2: 20, y2: 15 }, box)).toBe(true);
    expect(segmentCrossesBox({ x1: 0, y1: 0, x2: 12, y2: 12 }, box)).toBe(true);
    expect(segmentCrossesBox({ x1: 0, y1: 0, x2: 40, y2: 5 }, box)).toBe(false);
    expect(segmentCrossesBox({ x1: 0, y1: 30, x2: 40, y2: 0 }, box)).toBe(true);
    expect(segmentCrossesBox({ x1: 0, y1: 18, x2: 8, y2: 30 }, box)).toBe(false);
  });
});

describe('placeLabels()', () => {
  it('puts a label above right of its point when that is free', () => {
    const [label] = placeLabels([{ px: 50, py: 50, width: 30, height: 12 }], none, bounds);
    expect(label!.box.x).toBeGreaterThan(50);
    expect(label!.box.y + label!.box.height).toBeLessThan(50);
    expect(label!.leader).toBeUndefined();
  });

  it('moves the second of two close labels so that they do not overlap', () => {
    const [a, b] = placeLabels(
      [
        { px: 50, py: 50, width: 40, height: 12 },
        { px: 60, py: 50, width: 40, height: 12 },
      ],
      none,
      bounds,
    );
    expect(overlaps(a!.box, b!.box)).toBe(false);
  });

  it('puts no label next to its point where it would be nearer another labelled point', () => {
    // B's spots on its left lie right above A's point.
    const requests = [
      { px: 100, py: 50, width: 30, height: 10 },
      { px: 112, py: 50, width: 30, height: 10 },
    ];
    const block: Box = { x: 118, y: 0, width: 80, height: 200 };
    const [, b] = placeLabels(requests, { texts: [], boxes: [block], segments: [] }, bounds);
    // Its free spot below left is nearer A: B's label moves out on a leader instead.
    expect(b!.leader).toBeDefined();
  });

  it('keeps off segments and inside the bounds', () => {
    // A line through the spots above the point and the right edge near it: it goes below left.
    const segments = [{ x1: 0, y1: 40, x2: 200, y2: 40 }];
    const [label] = placeLabels(
      [{ px: 180, py: 50, width: 40, height: 12 }],
      { texts: [], boxes: [], segments },
      bounds,
    );
    expect(segments.some((s) => segmentCrossesBox(s, label!.box))).toBe(false);
    expect(label!.box.x + label!.box.width).toBeLessThanOrEqual(200);
    expect(label!.box.y).toBeGreaterThan(50);
    expect(label!.box.x + label!.box.width).toBeLessThan(180);
  });

  it('draws a leader to a free spot further out when every spot next to the point is taken', () => {
    const crowd: Box = { x: 20, y: 20, width: 60, height: 60 };
    const [label] = placeLabels(
      [{ px: 50, py: 50, width: 20, height: 10 }],
      { texts: [], boxes: [crowd], segments: [] },
      bounds,
    );
    expect(overlaps(label!.box, crowd)).toBe(false);
    expect(label!.leader).toBeDefined();
    const { x1, y1, x2, y2 } = label!.leader!;
    expect(Math.hypot(x1 - 50, y1 - 50)).toBeLessThan(10);
    // The leader ends on the label's box.
    expect(segmentCrossesBox({ x1: x2, y1: y2, x2, y2 }, label!.box)).toBe(true);
  });

  it('never runs a leader across a text', () => {
    const crowd: Box = { x: 20, y: 20, width: 60, height: 60 };
    // Texts on every side but the lower left, where the label goes.
    const texts: Box[] = [
      { x: 0, y: 0, width: 200, height: 20 },
      { x: 80, y: 0, width: 120, height: 200 },
    ];
    const [label] = placeLabels(
      [{ px: 50, py: 50, width: 20, height: 10 }],
      { texts, boxes: [crowd], segments: [] },
      bounds,
    );
    expect(label!.leader).toBeDefined();
    for (const t of texts) expect(segmentCrossesBox(label!.leader!, t)).toBe(false);
    expect(label!.box.x).toBeLessThan(80);
    expect(label!.box.y).toBeGreaterThan(20);
  });

  it('leaves out a label that has no free spot, and places the next one', () => {
    // Farther than the farthest spot (200 px) from the first point.
    const wide: Box = { x: 0, y: 0, width: 300, height: 200 };
    const wall: Box = { x: 0, y: 0, width: 240, height: 200 };
    const [hidden, shown] = placeLabels(
      [
        { px: 20, py: 50, width: 20, height: 10 },
        { px: 250, py: 50, width: 20, height: 10 },
      ],
      { texts: [], boxes: [wall], segments: [] },
      wide,
    );
    expect(hidden).toBeNull();
    expect(shown!.box.x).toBeGreaterThan(250);
  });

  it('runs a leader across no line where a spot allows it, and across the fewest where not', () => {
    // The point is boxed in; a curve runs close above and right of it. The spots straight up
    // and right lie past the curve, so their leaders would cross it.
    const crowd: Box = { x: 30, y: 30, width: 40, height: 40 };
    const curve = [
      { x1: 0, y1: 25, x2: 75, y2: 25 },
      { x1: 75, y1: 25, x2: 75, y2: 200 },
    ];
    const [label] = placeLabels(
      [{ px: 50, py: 50, width: 20, height: 10 }],
      { texts: [], boxes: [crowd], segments: curve },
      bounds,
    );
    expect(label!.leader).toBeDefined();
    for (const s of curve) expect(segmentsCross(label!.leader!, s)).toBe(false);
    // Walled in by the curve on every side, the leader crosses one line, not two.
    const ring = [...curve, { x1: 0, y1: 75, x2: 75, y2: 75 }, { x1: 25, y1: 0, x2: 25, y2: 200 }];
    const [walled] = placeLabels(
      [{ px: 50, py: 50, width: 20, height: 10 }],
      { texts: [], boxes: [crowd], segments: ring },
      bounds,
    );
    expect(ring.filter((s) => segmentsCross(walled!.leader!, s))).toHaveLength(1);
  });
});
