// `cli describe <preset|model>` in words: a model's parameters (unit, values, default, what the
// preset sets) and outputs; --json prints the description itself (app/headless/describe.ts), which
// the library's describe() gives too.
import type { ParamSpec, ParamValue } from '../engine/types';
import { unitSymbol } from '../presets/units';
import type { Description } from '../headless/describe';
import { rangeOf, valueText } from './reference';
import { formatTable } from './text';

/** A unit as the explorer writes it, with its name in the presets where that differs; - for none. */
function unitText(unit: string): string {
  const symbol = unitSymbol(unit);
  if (unit === '') return '-';
  return symbol === unit || symbol === '' ? unit : `${symbol} (${unit})`;
}

/** Lists longer than this show their ends and their length (--json has every item). */
const LIST_SHOWN = 8;

/** A value of `p` for the table: a long list shortened to its ends, so the table stays narrow. */
function cellValue(p: ParamSpec, value: ParamValue): string {
  if (typeof value === 'number' || value.length <= LIST_SHOWN) return valueText(p, value);
  const ends = `${valueText(p, value.slice(0, LIST_SHOWN - 2))}, …, ${valueText(p, value.slice(-1))}`;
  return `${ends} (${value.length} items)`;
}

/** The description as text: a heading, a table of parameters, one of outputs, the networks. */
export function describeText({ model, preset, given, networks }: Description): string {
  const heading = preset
    ? `${preset.title} (preset ${preset.id}, seed ${preset.seed}): model ${model.name}, ${model.title}`
    : `${model.title} (model ${model.name})`;
  const lines = [heading];
  if (model.description) lines.push(model.description);
  if (model.citation) lines.push(`Source: ${model.citation}`);
  const params = model.params.map((p) => {
    const row = [
      p.name,
      unitText(p.unit),
      cellValue(p, p.maxItems > 0 ? p.defaultList : p.default),
    ];
    for (const values of [...(preset ? [preset.params] : []), ...(given ? [given] : [])]) {
      const set = values[p.name];
      row.push(set === undefined ? '' : cellValue(p, set));
    }
    return [...row, rangeOf(p)];
  });
  const header = [
    'parameter',
    'unit',
    'default',
    ...(preset ? ['preset'] : []),
    ...(given ? ['set'] : []),
    'values',
  ];
  lines.push(
    '',
    params.length > 0
      ? formatTable(
          header,
          params,
          header.map((_, i) => i),
        )
      : 'This model has no parameters.',
  );
  if (model.outputs.length > 0) {
    lines.push(
      '',
      formatTable(
        ['output', 'kind', 'unit', 'description'],
        model.outputs.map((o) => [o.name, o.kind, unitText(o.unit), o.description]),
        [1, 2, 3],
      ),
    );
  }
  for (const [name, n] of Object.entries(networks)) {
    const sizes = Object.entries(n.sizes).map(([k, v]) => `${k} ${v}`);
    const words = [...new Set([n.label, n.shape]), ...sizes];
    lines.push('', `network ${name}: ${words.join(', ')}`);
  }
  return lines.join('\n');
}
