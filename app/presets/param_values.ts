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
