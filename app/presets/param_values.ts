import type { ParamSpec, ParamValue, Params } from '../engine/types';
import { isListSpec, sameValue } from '../engine/types';
import { engineWord } from '../i18n/engine_words';
import { joinClauses } from '../i18n/join';
import { unitSymbol } from './units';

/** What a preset's values are: a paper's, or starting values where there is no paper. */
export type Baseline = 'paper value' | 'default';

function validRange(spec: ParamSpec): string {
  if (spec.choices.length > 0) return `${spec.choices.join(', ')} (or 0 to ${spec.max})`;
  return `${spec.min} to ${spec.max}${spec.unit ? ` ${unitSymbol(spec.unit)}` : ''}`;
}

/** Plain decimal notation: an optional sign, digits with an optional point, an exponent. */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
const BASES: Record<string, string> = { x: 'hexadecimal', o: 'octal', b: 'binary' };

/**
 * A number written in decimal, or NaN: JS's Number() would also read "0x10" as 16, "Infinity"
 * and "" as 0, none of which a field or --set means.
 */
export function parseDecimal(text: string): number {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Digits grouped by commas in threes, as the page writes large numbers: "36,606". */
const GROUPED = /^[+-]?[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?$/;
/** One decimal comma, as a comma-decimal keypad types it: "0,35", "-1,5". */
const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;

/**
 * A number typed into one number's field or a prediction: decimal, grouped in threes by commas
 * as the page prints large numbers ("36,606"), or with one decimal comma ("0,35"); else NaN.
 */
export function parseTyped(text: string): number {
  const trimmed = text.trim();
  if (GROUPED.test(trimmed)) return Number(trimmed.replace(/,/g, ''));
  if (DECIMAL_COMMA.test(trimmed)) return Number(trimmed.replace(',', '.'));
  return parseDecimal(trimmed);
}

/** "0x10 is hexadecimal for 16" for a number in another base JS would read, else null. */
export function otherBase(text: string): string | null {
  const trimmed = text.trim();
  const base = BASES[/^0([xob])/i.exec(trimmed)?.[1]?.toLowerCase() ?? ''];
  const read = Number(trimmed);
  return base && Number.isFinite(read) ? `${trimmed} is ${base} for ${read}` : null;
}

/** Why text is not a decimal number, as the start of a field's message. */
export function notDecimal(text: string): string {
  const other = otherBase(text);
  if (other) return `Decimal numbers only (${other})`;
  const trimmed = text.trim();
  if (trimmed === '') return 'A number is needed';
  // JS's own words for what is a number but not a finite one.
  return /^[+-]?(?:NaN|Infinity)$/.test(trimmed) ? 'Not a finite number' : 'Not a number';
}

/** A choice parameter's message for text that names none of its choices. */
export function unknownChoice(spec: ParamSpec, text: string): string {
  return `Unknown choice '${text.trim()}'. Valid: ${spec.choices.join(', ')}`;
}

/**
 * A value from a link, a file or a library call as a person would write it: NaN and Infinity by
 * name (JSON would print null), text in quotes, a list in brackets.
 */
export function valueWords(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value}'`;
  if (Array.isArray(value)) return `[${value.map(valueWords).join(', ')}]`;
  return JSON.stringify(value) ?? String(value);
}

/** Reads a typed number against a range; the seed field's check is the same. */
export function checkRange(
  text: string,
  range: { min: number; max: number; integer: boolean },
  valid: string,
): { value: number } | { error: string } {
  const value = parseTyped(text);
  if (!Number.isFinite(value)) return { error: `${notDecimal(text)}. Valid: ${valid}` };
  if (value < range.min || value > range.max) return { error: `Out of range. Valid: ${valid}` };
  if (range.integer && !Number.isInteger(value))
    return { error: `Whole numbers only. Valid: ${valid}` };
  return { value };
}

/** A ratio parameter's values, min times each whole power of its ratio up to max. */
export function ratioValues(spec: ParamSpec): number[] {
  const values: number[] = [];
  for (let v = spec.min; spec.ratio > 1 && v <= spec.max; v *= spec.ratio) values.push(v);
  return values;
}

function checkNumber(spec: ParamSpec, text: string): { value: number } | { error: string } {
  const checked = checkRange(text, spec, validRange(spec));
  if ('error' in checked || spec.ratio <= 1) return checked;
  const values = ratioValues(spec);
  if (values.includes(checked.value)) return checked;
  const times = spec.min === 1 ? '' : `${spec.min} times `;
  return {
    error:
      `Not ${times}a power of ${spec.ratio}. Valid: ${values.join(', ')}` +
      (spec.unit ? ` ${unitSymbol(spec.unit)}` : ''),
  };
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
 * The same checks the engine makes, so an invalid field is caught before any request. A choice
 * is read by its name or its number. A list parameter is typed as its `listItems`; empty items (",,", a trailing comma while typing) are
 * skipped, and an item is named by its place in the text as typed.
 */
export function checkValue(
  spec: ParamSpec,
  text: string,
): { value: ParamValue } | { error: string } {
  const choice = spec.choices.indexOf(text.trim());
  if (choice >= 0) return { value: choice };
  if (spec.choices.length > 0 && !Number.isFinite(parseDecimal(text))) {
    return { error: unknownChoice(spec, text) };
  }
  if (!isListSpec(spec)) return checkNumber(spec, text);
  const items = listItems(text)
    .map((item, i) => [i + 1, item] as const)
    .filter(([, item]) => item !== '');
  if (items.length === 0) {
    return {
      error: `At least one number is needed. Valid: 1 to ${spec.maxItems} of ${validRange(spec)}`,
    };
  }
  if (items.length > spec.maxItems) {
    return { error: `${items.length} items; at most ${spec.maxItems}. Valid: ${validRange(spec)}` };
  }
  const values: number[] = [];
  for (const [place, item] of items) {
    const checked = checkNumber(spec, item);
    if ('error' in checked) {
      // "0,35" from a comma-decimal keypad reads as the two items 0 and 35.
      const comma = /\d,\d/.test(text)
        ? ' (commas separate the items: write decimals with a point, 0.35)'
        : '';
      return { error: `Item ${place} (${item}): ${checked.error}${comma}` };
    }
    values.push(checked.value);
  }
  return { value: values };
}

/**
 * Checks a decoded value (a link, a preset) by the same rules as typed text; text (an old link's
 * `dims=8x8x8`) is read as typed into the field.
 */
export function checkParamValue(
  spec: ParamSpec,
  value: unknown,
): { value: ParamValue } | { error: string } {
  if (typeof value === 'string') return checkValue(spec, value);
  if (isListSpec(spec)) {
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'number')) {
      return { error: `A list of numbers is needed. Valid: ${validRange(spec)}` };
    }
    return checkValue(spec, value.join(' '));
  }
  if (typeof value !== 'number') return { error: `Not a number. Valid: ${validRange(spec)}` };
  return checkNumber(spec, String(value));
}

/**
 * The specs with the unit each one's `unitFrom` choice names at `params` (the engine checks
 * values the same way), so a field, a message and a description say the unit the run reads.
 */
export function specsAt(specs: ParamSpec[], params: Partial<Params>): ParamSpec[] {
  return specs.map((spec) => {
    const from = specs.find((s) => s.name === spec.unitFrom);
    const chosen = params[spec.unitFrom];
    const unit = typeof chosen === 'number' ? from?.choices[chosen] : undefined;
    return unit === undefined ? spec : { ...spec, unit };
  });
}

/**
 * A choice parameter's names as the panel shows them at `params`: a choice's other name where
 * its condition holds (dimension order is a dragonfly's "minimal"); values keep their place.
 */
export function choiceNamesAt(
  spec: ParamSpec,
  specs: readonly ParamSpec[],
  params: Partial<Params>,
): string[] {
  const holds = ({ param, is }: { param: string; is: string[] }) => {
    const chosen = params[param];
    const names = specs.find((s) => s.name === param)?.choices;
    return typeof chosen === 'number' && names !== undefined && is.includes(names[chosen] ?? '');
  };
  return spec.choices.map(
    (name, i) =>
      spec.choiceNames.find((n) => n.value === i && holds(n.when))?.name ?? engineWord(name),
  );
}

/** How a value shows in its text field. */
export function formatValue(value: ParamValue): string {
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** A value as the panel shows it: a choice by its name, a number or list with its unit. */
export function valueText(spec: ParamSpec, value: ParamValue): string {
  if (spec.choices.length > 0 && typeof value === 'number') {
    return engineWord(spec.choices[value] ?? String(value));
  }
  return spec.unit ? `${formatValue(value)} ${unitSymbol(spec.unit)}` : formatValue(value);
}

/**
 * Parameters in the panel's words, "Topology: torus; Offered load: 0.3 flits/node/cycle", in the
 * model's order, joined as the page's language joins clauses; a name the specs do not know is
 * shown as it is.
 */
export function paramsText(specs: ParamSpec[], params: Params): string {
  const known = specs.filter((s) => s.name in params).map((s) => s.name);
  const names = [...known, ...Object.keys(params).filter((n) => !known.includes(n))];
  return joinClauses(
    names.map((name) => {
      const spec = specs.find((s) => s.name === name);
      const value = params[name]!;
      return spec ? `${spec.label}: ${valueText(spec, value)}` : `${name}: ${formatValue(value)}`;
    }),
  );
}

/** Parameter values with every choice by its name ("topology": "fly"), for JSON. */
export function namedParams(
  specs: ParamSpec[],
  params: Params,
): Record<string, ParamValue | string> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      const spec = specs.find((s) => s.name === name);
      const choice = spec && typeof value === 'number' ? spec.choices[value] : undefined;
      return [name, choice ?? value];
    }),
  );
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

const PARAM_PLACEHOLDER = /\{param\.([a-z0-9_]+)(?::(x|first))?\}/g;

/** The parameters a text's `{param.name}` placeholders name, for the preset checks. */
export function placeholderParams(text: string): string[] {
  return [...text.matchAll(PARAM_PLACEHOLDER)].map((m) => m[1]!);
}

/** A text with its `{param.name}` placeholders shown as '…': before the values are known. */
export function elideParams(text: string): string {
  return text.replace(PARAM_PLACEHOLDER, '…');
}

/**
 * A preset's text written from its parameters: `{param.name}` becomes the value as the panel
 * shows it without its unit (a choice by its name, a list as "2, 4, 8"), `{param.name:x}` a list
 * joined by "x" (a mesh's sides, "8x8x16"), `{param.name:first}` a list's first item (what a
 * chart of the first length draws). A preset that extends another so says its own sizes.
 */
export function fillParams(text: string, specs: ParamSpec[], values: Params): string {
  return text.replace(PARAM_PLACEHOLDER, (whole, name: string, how?: string) => {
    const spec = specs.find((s) => s.name === name);
    const value = values[name];
    if (!spec || value === undefined) return whole;
    if (Array.isArray(value)) {
      return how === 'first' ? String(value[0] ?? '') : value.join(how === 'x' ? 'x' : ', ');
    }
    return engineWord(spec.choices[value] ?? String(value));
  });
}
