// Where a parameter's value sits on its slider: linear, logarithmic for wide ranges, or one
// position per value for a parameter whose values are powers of a ratio (machine sizes). The
// number field beside the slider stays exact.
import type { ParamSpec } from '../engine/types';
import { ratioValues } from '../presets/param_values';

/** The slider's positions: their first, last and step. */
export function sliderRange(spec: ParamSpec): { min: number; max: number; step: number } {
  if (spec.ratio > 1) return { min: 0, max: ratioValues(spec).length - 1, step: 1 };
  if (isLogScale(spec)) return { min: 0, max: SLIDER_POSITIONS, step: 1 };
  return { min: spec.min, max: spec.max, step: spec.step };
}

/** Snaps a value to the spec's step grid (counted from min) and clamps it into range. */
export function snapToStep(spec: ParamSpec, value: number): number {
  const steps = Math.round((value - spec.min) / spec.step);
  const snapped = Number((spec.min + steps * spec.step).toPrecision(12));
  return Math.min(spec.max, Math.max(spec.min, snapped));
}

/**
 * The smallest positive value a log slider reaches: the minimum, or for a range from 0 the first
 * step (0 itself then has the slider's first position).
 */
function logFloor(spec: ParamSpec): number {
  return spec.min > 0 ? spec.min : spec.step;
}

/**
 * A range spanning three decades or more gets a logarithmic slider, so a paper value near the
 * bottom of a wide range sits mid-track and one position is a small relative change; the number
 * field stays exact.
 */
export function isLogScale(spec: ParamSpec): boolean {
  const floor = logFloor(spec);
  return spec.min >= 0 && floor > 0 && spec.max / floor >= 1000;
}

export const SLIDER_POSITIONS = 1000;

/** Slider positions holding the log part: all of them, or all but the first when it is 0. */
function logPositions(spec: ParamSpec): { first: number; count: number } {
  return spec.min > 0
    ? { first: 0, count: SLIDER_POSITIONS }
    : { first: 1, count: SLIDER_POSITIONS - 1 };
}

/** The position of a ratio parameter's value: the nearest of its values. */
function ratioPosition(spec: ParamSpec, value: number): number {
  const last = ratioValues(spec).length - 1;
  const k = Math.round(Math.log(Math.max(value, spec.min) / spec.min) / Math.log(spec.ratio));
  return Math.min(last, Math.max(0, k));
}

export function toSliderPosition(spec: ParamSpec, value: number): number {
  if (spec.ratio > 1) return ratioPosition(spec, value);
  if (!isLogScale(spec)) return value;
  if (value <= spec.min) return 0;
  const floor = logFloor(spec);
  const { first, count } = logPositions(spec);
  const t = Math.log(Math.max(value, floor) / floor) / Math.log(spec.max / floor);
  return first + Math.round(t * count);
}

export function fromSliderPosition(spec: ParamSpec, position: number): number {
  if (spec.ratio > 1) {
    const values = ratioValues(spec);
    return values[Math.min(values.length - 1, Math.max(0, Math.round(position)))]!;
  }
  if (!isLogScale(spec)) return snapToStep(spec, position);
  const floor = logFloor(spec);
  const { first, count } = logPositions(spec);
  if (position < first) return spec.min;
  return snapToStep(spec, floor * Math.pow(spec.max / floor, (position - first) / count));
}

/**
 * The value for a slider moved to `position` from `value`. Where a log slider's position change
 * rounds back to the same step, it still moves one step, so arrow keys never get stuck.
 */
export function sliderStep(spec: ParamSpec, value: number, position: number): number {
  const next = fromSliderPosition(spec, position);
  const from = toSliderPosition(spec, value);
  if (next !== value || position === from) return next;
  return snapToStep(spec, value + Math.sign(position - from) * spec.step);
}
