import type { ParamSpec, ParamValue, Params } from '../engine/types';
import { isListSpec, sameValue } from '../engine/types';

/** What a preset's values are: a paper's, or starting values where there is no paper. */
export type Baseline = 'paper value' | 'default';

function validRange(spec: ParamSpec): string {
  return `${spec.min} to ${spec.max}${spec.unit ? ` ${spec.unit}` : ''}`;
}

function checkNumber(spec: ParamSpec, text: string): { value: number } | { error: string } {
  const range = validRange(spec);
  const trimmed = text.trim();
  const value = trimmed === '' ? Number.NaN : Number(trimmed);
  if (!Number.isFinite(value)) return { error: `Not a number. Valid: ${range}` };
  if (value < spec.min || value > spec.max) return { error: `Out of range. Valid: ${range}` };
  if (spec.integer && !Number.isInteger(value))
    return { error: `Whole numbers only. Valid: ${range}` };
  return { value };
}

/**
 * The items of a typed list: numbers separated by commas, semicolons or spaces, or a size written
 * with "x" (8x8x8). Empty items are kept for the caller to skip or reject. The explorer's fields
 * and the CLI's --set both read lists with this.
 */
export function listItems(text: string): string[] {
  const trimmed = text.trim();
  if (/^\d+(?:\s*x\s*\d+)+$/i.test(trimmed)) return trimmed.split(/\s*x\s*/i);
  return trimmed.split(/\s*[,;]\s*|\s+/);
}

/**
 * The same checks the engine makes, so an invalid field is caught before any request. A list
 * parameter is typed as its `listItems`.
 */
export function checkValue(
  spec: ParamSpec,
  text: string,
): { value: ParamValue } | { error: string } {
  if (!isListSpec(spec)) return checkNumber(spec, text);
  const items = listItems(text).filter((t) => t !== '');
  if (items.length === 0) {
    return {
      error: `At least one number is needed. Valid: 1 to ${spec.maxItems} of ${validRange(spec)}`,
    };
  }
  if (items.length > spec.maxItems) {
    return { error: `${items.length} items; at most ${spec.maxItems}. Valid: ${validRange(spec)}` };
  }
  const values: number[] = [];
  for (const [i, item] of items.entries()) {
    const checked = checkNumber(spec, item);
    if ('error' in checked) return { error: `Item ${i + 1} (${item}): ${checked.error}` };
    values.push(checked.value);
  }
  return { value: values };
}

/** Checks a decoded value (a link, a preset) by the same rules as typed text. */
export function checkParamValue(
  spec: ParamSpec,
  value: unknown,
): { value: ParamValue } | { error: string } {
  if (isListSpec(spec)) {
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'number')) {
      return { error: `A list of numbers is needed. Valid: ${validRange(spec)}` };
    }
    return checkValue(spec, value.join(' '));
  }
  if (typeof value !== 'number') return { error: `Not a number. Valid: ${validRange(spec)}` };
  return checkNumber(spec, String(value));
}

/** How a value shows in its text field. */
export function formatValue(value: ParamValue): string {
  return Array.isArray(value) ? value.join(', ') : String(value);
}

export function specDefault(spec: ParamSpec): ParamValue {
  return isListSpec(spec) ? [...spec.defaultList] : spec.default;
}

/** Model defaults overlaid with a preset's values and then the user's. */
export function resolveValues(specs: ParamSpec[], ...layers: Params[]): Params {
  const values: Params = Object.fromEntries(specs.map((s) => [s.name, specDefault(s)]));
  for (const layer of layers) {
    for (const [name, value] of Object.entries(layer)) if (name in values) values[name] = value;
  }
  return values;
}

/** The parameters whose values differ from the paper's. */
export function changedParams(params: Params, paperValues: Params): Params {
  return Object.fromEntries(
    Object.entries(params).filter(([k, v]) => !sameValue(v, paperValues[k])),
  );
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

export function toSliderPosition(spec: ParamSpec, value: number): number {
  if (!isLogScale(spec)) return value;
  if (value <= spec.min) return 0;
  const floor = logFloor(spec);
  const { first, count } = logPositions(spec);
  const t = Math.log(Math.max(value, floor) / floor) / Math.log(spec.max / floor);
  return first + Math.round(t * count);
}

export function fromSliderPosition(spec: ParamSpec, position: number): number {
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
