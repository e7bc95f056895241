// A paper legend's models named once: a journal's figure keys "dashed: the model" rather than
// listing each series twice.
import type { Curve } from '../results/chart_data';
import type { LegendEntry } from './legend_layout';
import { STYLE } from './line_style';

const SEPARATOR = /(\s+|[,:;])/;
const EDGES = /^[\s,:;]+|[\s,:;]+$/g;

/** `a` and `b` with the words they begin and end with alike taken off each. */
export function wordsApart(a: string, b: string): [string, string] {
  const x = a.split(SEPARATOR);
  const y = b.split(SEPARATOR);
  let head = 0;
  while (head < x.length && head < y.length && x[head] === y[head]) head++;
  let tail = 0;
  while (
    tail < x.length - head &&
    tail < y.length - head &&
    x[x.length - 1 - tail] === y[y.length - 1 - tail]
  )
    tail++;
  const rest = (words: string[]) =>
    words
      .slice(head, words.length - tail)
      .join('')
      .replace(EDGES, '');
  return [rest(x), rest(y)];
}

/** The end every label shares after a separator (", simulated"), or ''. */
function sharedEnding(labels: string[]): string {
  const [first, ...others] = labels;
  if (first === undefined || others.length === 0) return '';
  const ending = /[,:;]\s*[^,:;]+$/.exec(first)?.[0] ?? '';
  return ending && others.every((l) => l.endsWith(ending) && l !== ending) ? ending : '';
}

/** A key entry in the guides' grey: the solid line, or the dashed one with an outlined marker. */
function keyEntry(label: string, model: boolean): LegendEntry {
  return {
    key: `key:${label}`,
    label,
    symbol: {
      kind: 'series',
      color: STYLE.guideColor,
      line: true,
      point: model,
      ...(model ? { dash: STYLE.dash, hollow: true } : {}),
    },
  };
}

/**
 * The entries of a chart's own curves (`entries`, one per curve, in order) keyed for paper: where
 * each model curve draws beside the one simulated curve of its colour and their labels differ by
 * what the model is ("4x2 (p = 8), simulated" and "4x2: BSP g h + L"), and that names fewer kinds
 * than there are models (and no run is pinned), the simulated curves keep their entries (less
 * the ending they all share, ", simulated", which keys the solid line) and each kind of model has
 * one entry, dashed with its marker in outline. Otherwise the entries as they are.
 */
export function keyedEntries(curves: Curve[], entries: LegendEntry[]): LegendEntry[] {
  if (curves.some((c) => c.pinned)) return entries;
  const simulated = curves.filter((c) => !c.model);
  const models = curves.filter((c) => c.model);
  const kinds = new Set<string>();
  for (const m of models) {
    const partners = simulated.filter((c) => c.color !== undefined && c.color === m.color);
    const [partner] = partners;
    if (!partner || partners.length > 1) return entries;
    const kind = wordsApart(partner.label, m.label)[1];
    if (!kind) return entries;
    kinds.add(kind);
  }
  if (kinds.size === 0 || kinds.size >= models.length) return entries;
  const ending = sharedEnding(simulated.map((c) => c.label));
  const kept = entries.flatMap((e, i) => {
    const curve = curves[i];
    if (!curve || curve.model) return [];
    return [ending ? { ...e, label: curve.label.slice(0, -ending.length) } : e];
  });
  return [
    ...kept,
    ...(ending ? [keyEntry(ending.replace(EDGES, ''), false)] : []),
    ...[...kinds].map((k) => keyEntry(k, true)),
  ];
}
