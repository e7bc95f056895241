// docs/reference.md, generated from the engine's own declarations: every model's parameters
// (name, unit, range, default, description) and outputs (kind, unit, description), as
// `listModels()` returns them. `npm run docs:reference` writes the file; wasm/reference.test.ts
// fails when the committed file no longer matches the engine.
import type { ModelInfo, ParamSpec } from '#wasm/archex';
import { unitSymbol } from '../presets/units';

/** The command that regenerates the file, named in its header and in the drift test. */
export const REFERENCE_COMMAND = 'npm run docs:reference';

/**
 * A unit as the explorer writes it, with the name a preset's `unit` gives it where that differs
 * ("µs (`us`)").
 */
function unitText(unit: string): string {
  const symbol = unitSymbol(unit);
  return symbol === unit || symbol === '' ? unit : `${symbol} (\`${unit}\`)`;
}

/** A number as the reference prints it: shortest round-trip form, infinities in words. */
function num(x: number): string {
  if (x === Infinity) return 'no limit';
  if (x === -Infinity) return 'no limit';
  return String(x);
}

/** Text fit for one table cell: no line breaks, `|` escaped. */
function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

/** A value of `p` as text: a choice by its name, a list comma-separated. */
export function valueText(p: ParamSpec, value: number | readonly number[]): string {
  if (typeof value !== 'number') return value.map(num).join(', ');
  if (p.choices.length > 0) return `${p.choices[value] ?? num(value)}`;
  return num(value);
}

function defaultOf(p: ParamSpec): string {
  return valueText(p, p.maxItems > 0 ? p.defaultList : p.default);
}

/** The values `p` takes: its bounds and steps, or its choices by number and name. */
export function rangeOf(p: ParamSpec): string {
  if (p.choices.length > 0) return p.choices.map((c, i) => `${i} ${c}`).join('; ');
  const bounds =
    p.min === -Infinity && p.max === Infinity
      ? 'any'
      : p.max === Infinity
        ? `≥ ${num(p.min)}`
        : p.min === -Infinity
          ? `≤ ${num(p.max)}`
          : `${num(p.min)} to ${num(p.max)}`;
  const kind =
    p.ratio > 1
      ? `${bounds}, ${p.min === 1 ? '' : `${num(p.min)} times `}a power of ${num(p.ratio)}`
      : p.integer
        ? `${bounds}, whole`
        : bounds;
  return p.maxItems > 0 ? `list of 1 to ${p.maxItems}, each ${kind}` : kind;
}

function modelSection(m: ModelInfo): string[] {
  const lines = [`## ${m.name}`, '', `**${m.title}**`, ''];
  if (m.description) lines.push(cell(m.description), '');
  if (m.citation) lines.push(`Source: ${cell(m.citation)}`, '');
  lines.push(`### Parameters of ${m.name}`, '');
  if (m.params.length === 0) {
    lines.push('None.', '');
  } else {
    lines.push(
      '| name | label | unit | default | range | description |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const p of m.params) {
      const row = [
        `\`${p.name}\``,
        p.label,
        p.unitFrom ? `${unitText(p.unit)}, or as \`${p.unitFrom}\` names` : unitText(p.unit),
        defaultOf(p),
        rangeOf(p),
        p.description,
      ];
      lines.push(`| ${row.map(cell).join(' | ')} |`);
    }
    lines.push('');
  }
  lines.push(`### Outputs of ${m.name}`, '');
  if (m.outputs.length === 0) {
    lines.push('None declared.', '');
  } else {
    lines.push('| name | kind | unit | description |', '| --- | --- | --- | --- |');
    for (const o of m.outputs) {
      const row = [`\`${o.name}\``, o.kind, unitText(o.unit), o.description];
      lines.push(`| ${row.map(cell).join(' | ')} |`);
    }
    lines.push('');
  }
  return lines;
}

/** The whole of docs/reference.md for these models (sorted by name: the file does not follow the registry's layout). */
export function referenceMarkdown(models: readonly ModelInfo[]): string {
  const sorted = [...models].sort((a, b) => a.name.localeCompare(b.name));
  const lines = [
    '# Model reference',
    '',
    `<!-- Generated from the engine's declarations by \`${REFERENCE_COMMAND}\` (app/cli/reference.ts). Do not edit: wasm/reference.test.ts fails when this file and the engine differ. -->`,
    '',
    'Every model the engine registers, with each parameter and output as the engine declares it (`listModels()`). A preset in `presets/` picks a model and sets some of its parameters; `npm run cli -- run <preset> --set name=value` sets any of them. An output whose name holds `*` is a family: `*` stands for any text (a mesh size, a variant).',
    '',
    `${sorted.length} models:`,
    '',
    ...sorted.map((m) => `- [\`${m.name}\`](#${m.name.toLowerCase()}): ${cell(m.title)}`),
    '',
  ];
  for (const m of sorted) lines.push(...modelSection(m));
  return `${lines.join('\n').trimEnd()}\n`;
}
