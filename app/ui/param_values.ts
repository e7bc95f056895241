import type { ParamSpec, Params } from '../engine/types';

/** The same checks the engine makes, so an invalid field is caught before any request. */
export function checkValue(spec: ParamSpec, text: string): { value: number } | { error: string } {
  const range = `${spec.min} to ${spec.max}${spec.unit ? ` ${spec.unit}` : ''}`;
  const trimmed = text.trim();
  const value = trimmed === '' ? Number.NaN : Number(trimmed);
  if (!Number.isFinite(value)) return { error: `Not a number. Valid: ${range}` };
  if (value < spec.min || value > spec.max) return { error: `Out of range. Valid: ${range}` };
  if (spec.integer && !Number.isInteger(value))
    return { error: `Whole numbers only. Valid: ${range}` };
  return { value };
}

/** Model defaults overlaid with a preset's values and then the user's. */
export function resolveValues(specs: ParamSpec[], ...layers: Params[]): Params {
  const values: Params = Object.fromEntries(specs.map((s) => [s.name, s.default]));
  for (const layer of layers) {
    for (const [name, value] of Object.entries(layer)) if (name in values) values[name] = value;
  }
  return values;
}

/** Snaps a value to the spec's step grid (counted from min) and clamps it into range. */
export function snapToStep(spec: ParamSpec, value: number): number {
  const steps = Math.round((value - spec.min) / spec.step);
  const snapped = Number((spec.min + steps * spec.step).toPrecision(12));
  return Math.min(spec.max, Math.max(spec.min, snapped));
}

/** Wide positive ranges get a logarithmic slider; the number field stays exact. */
export function isLogScale(spec: ParamSpec): boolean {
  return spec.min > 0 && spec.max / spec.min >= 1000;
}

export const SLIDER_POSITIONS = 1000;

export function toSliderPosition(spec: ParamSpec, value: number): number {
  if (!isLogScale(spec)) return value;
  const t = Math.log(value / spec.min) / Math.log(spec.max / spec.min);
  return Math.round(t * SLIDER_POSITIONS);
}

export function fromSliderPosition(spec: ParamSpec, position: number): number {
  if (!isLogScale(spec)) return snapToStep(spec, position);
  const value = spec.min * Math.pow(spec.max / spec.min, position / SLIDER_POSITIONS);
  return snapToStep(spec, value);
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
