// `run` and `validate` in words: a preset's paper targets as a table (or wrapped rows where the
// table is too wide), and an aggregate's line naming the presets that check its targets.
import type { Preset } from '../presets/schema';
import type { ValidationRow } from '../presets/validation';
import { edgeText, roleText, seedText, verdict } from '../presets/validation';
import { rowText } from '../presets/validation_text';
import { WRAP_INDENT, formatTable, wrapLine } from './text';

/**
 * A preset's targets as text: the role (or the row restated), the paper's number or words, the
 * values accepted, the simulated value, the result (a pass just inside its band says so, a
 * stochastic row's gives its passes over seeds) and where in the paper; below it, why each known miss misses. A
 * table where it fits in `width`; else a target a row (preset, metric, role, result) with its
 * numbers and source under it, wrapped to the width and indented.
 */
export function validationTable(presetId: string, rows: ValidationRow[], width: number): string {
  const misses = rows.filter((r) => r.knownMiss !== undefined);
  const cells = rows.map((r) => {
    const text = rowText(r);
    const result =
      r.knownMiss === undefined ? verdict(r) : `${verdict(r)} (${misses.indexOf(r) + 1})`;
    return {
      head: [
        presetId,
        r.metric,
        roleText(r),
        [result, edgeText(r), seedText(r)].filter(Boolean).join(', '),
      ],
      text,
      source: r.source,
    };
  });
  const table = formatTable(
    ['preset', 'metric', 'role', 'paper', 'accepted', 'simulated', 'result', 'source'],
    cells.map(({ head: [preset, metric, role, result], text, source }) => [
      preset!,
      metric!,
      role!,
      text.paper,
      text.accepted,
      text.simulated,
      result!,
      source,
    ]),
    [1, 2, 3, 7],
  );
  const fits = table.split('\n').every((l) => l.length <= width);
  const body = fits
    ? table
    : cells
        .flatMap(({ head, text, source }) => [
          head.join('  '),
          ...wrapLine(
            `${' '.repeat(WRAP_INDENT)}paper ${text.paper}; accepted ${text.accepted}; ` +
              `simulated ${text.simulated}; source: ${source}`,
            width,
            WRAP_INDENT,
          ),
        ])
        .join('\n');
  const notes = misses.flatMap((r, i) =>
    wrapLine(`(${i + 1}) ${r.metric}: ${r.knownMiss}`, width, WRAP_INDENT),
  );
  return [body, ...notes].join('\n');
}

/** An aggregate's line in `validate`: the presets that check its experiments' paper targets. */
export function targetsElsewhere(preset: Preset, presets: Preset[]): string {
  const named = (preset.targetsIn ?? []).map((id) => {
    const count = presets.find((p) => p.id === id)?.reference.length ?? 0;
    return `${id} (${count} targets)`;
  });
  return (
    `${preset.id}: no targets of its own; the paper targets of the experiments it runs ` +
    `together are checked in their presets: ${named.join(', ')} (validate <preset-id>)`
  );
}
