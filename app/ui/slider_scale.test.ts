import { describe, expect, it } from 'vitest';

import type { ParamSpec } from '../engine/types';
import { pes, rps, spec as specOf } from '../presets/fixtures/param_specs';
import {
  SLIDER_POSITIONS,
  fromSliderPosition,
  isLogScale,
  sliderRange,
  sliderStep,
  snapToStep,
  toSliderPosition,
} from './slider_scale';

describe('slider mapping', () => {
  it('snapToStep() keeps values on the step grid and in range', () => {
    expect(snapToStep({ ...pes, step: 0.1, min: 0.1 }, 0.34)).toBe(0.3);
    expect(snapToStep(pes, 2000)).toBe(1024);
  });

  it('uses a log slider for ranges spanning three decades', () => {
    expect(isLogScale(rps)).toBe(true);
    expect(isLogScale({ ...pes, max: 64 })).toBe(false);
    expect(toSliderPosition(rps, 1000)).toBe(500);
    expect(fromSliderPosition(rps, 500)).toBe(1000);
    expect(fromSliderPosition(rps, toSliderPosition(rps, 370))).toBeCloseTo(370, -1);
  });

  // The shapes of multipsi_queens' times (0 to 1000 ms by 0.001) and the MDP's costs (0 to 1000
  // cycles by 1), whose paper values (6.606 ms, 13 cycles) sat at the far left of a linear track.
  const messageMs: ParamSpec = { ...rps, name: 'message_ms', min: 0, max: 1000, step: 0.001 };
  const handler: ParamSpec = { ...pes, name: 'handler_cycles', min: 0, max: 1000 };

  it('uses a log slider from 0 for a wide range, the paper value mid-track', () => {
    for (const [spec, paper] of [
      [messageMs, 6.606],
      [handler, 13],
    ] as const) {
      expect(isLogScale(spec)).toBe(true);
      const at = toSliderPosition(spec, paper) / SLIDER_POSITIONS;
      expect(at).toBeGreaterThan(0.25);
      expect(at).toBeLessThan(0.75);
      expect(fromSliderPosition(spec, toSliderPosition(spec, paper))).toBeCloseTo(paper, 0);
    }
  });

  it('moves a wide slider by a small relative change per position', () => {
    const at = toSliderPosition(messageMs, 6.606);
    const next = fromSliderPosition(messageMs, at + 1);
    expect(next / fromSliderPosition(messageMs, at)).toBeGreaterThan(1);
    expect(next / fromSliderPosition(messageMs, at)).toBeLessThan(1.05);
  });

  it('still reaches 0 and the maximum on a log slider from 0', () => {
    expect(toSliderPosition(messageMs, 0)).toBe(0);
    expect(fromSliderPosition(messageMs, 0)).toBe(0);
    expect(fromSliderPosition(messageMs, 1)).toBe(0.001);
    expect(fromSliderPosition(messageMs, SLIDER_POSITIONS)).toBe(1000);
    expect(toSliderPosition(messageMs, 1000)).toBe(SLIDER_POSITIONS);
    expect(sliderStep(handler, 0, 1)).toBe(1);
    expect(sliderStep(handler, 1, 0)).toBe(0);
  });

  it('keeps narrow ranges from 0 linear', () => {
    expect(isLogScale({ ...rps, min: 0, max: 2, step: 0.01 })).toBe(false);
    expect(isLogScale({ ...pes, min: 0, max: 12 })).toBe(false);
  });

  it('sliderStep() always moves at least one step in the direction of the slider', () => {
    // On a log slider over 1..1024 one position is a factor 1.007: too little to leave 6.
    const next = toSliderPosition(pes, 6) + 1;
    expect(fromSliderPosition(pes, next)).toBe(6);
    expect(sliderStep(pes, 6, next)).toBe(7);
    expect(sliderStep(pes, 6, next - 2)).toBe(5);
    expect(sliderStep(pes, 1, 0)).toBe(1);
  });
});

describe('a slider over powers of a ratio', () => {
  const nodes = specOf({ name: 'nodes', min: 1, max: 4096, integer: true, ratio: 2 });

  it('has one position a value, so every position is a valid machine size', () => {
    expect(sliderRange(nodes)).toEqual({ min: 0, max: 12, step: 1 });
    for (let p = 0; p <= 12; p++) {
      expect(fromSliderPosition(nodes, p)).toBe(2 ** p);
      expect(toSliderPosition(nodes, 2 ** p)).toBe(p);
    }
  });

  it('moves one value a step, and shows a value between two at the nearer', () => {
    expect(sliderStep(nodes, 64, 7)).toBe(128);
    expect(sliderStep(nodes, 64, 5)).toBe(32);
    expect(toSliderPosition(nodes, 100)).toBe(7);
  });
});
