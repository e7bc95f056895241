import { useId } from 'react';

import { acceptedText, asExpected, paperText, verdict } from '../presets/validation';
import type { ValidationRow } from '../presets/validation';

const fmt = new Intl.NumberFormat('en', { maximumSignificantDigits: 5 });

/** A number of the row's unit; a fraction as a percentage, so "1 fraction" reads "100 %", as the charts write it. */
function show(value: number, unit: string): string {
  return unit === 'fraction' ? `${fmt.format(value * 100)}\u00a0%` : fmt.format(value);
}

/** The paper's number with its unit, or its words. */
function paperCell(r: ValidationRow): string {
  if (r.paper.kind === 'words' || r.unit === 'fraction' || r.unit === '') {
    return paperText(r.paper, (v) => show(v, r.unit));
  }
  return `${fmt.format(r.paper.value)}\u00a0${r.unit}`;
}

/** The note's anchor of a known miss; one table per page, so the metric is unique. */
const noteId = (r: ValidationRow) => `known-miss-${r.metric}`;

const COLUMNS = ['target', 'paper', 'accepted', 'simulated', 'result', 'source'] as const;

/**
 * Model vs paper: every reference target of the preset against the current run. The paper's
 * number or words, the values accepted as meeting it, and where in the paper it stands are
 * text in the table; why a target is read so opens under its name, and why a known miss misses
 * is a numbered note below, linked from its result. `onExport` saves it all as CSV.
 */
export function ValidationTable({
  rows,
  changed,
  onExport,
}: {
  rows: ValidationRow[];
  changed: boolean;
  onExport?: () => void;
}) {
  // Side by side draws one per pane: the heading's id is the pane's own.
  const titleId = useId();
  if (rows.length === 0) return null;
  const misses = rows.filter((r) => r.knownMiss !== undefined);
  return (
    <section className="validation" aria-labelledby={titleId}>
      <div className="validation-head">
        <h3 id={titleId}>Model vs paper</h3>
        {onExport ? (
          <button type="button" onClick={onExport}>
            CSV
          </button>
        ) : null}
      </div>
      {changed ? (
        <p className="note">
          Parameters differ from the paper&apos;s, so differences are expected.
        </p>
      ) : null}
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr
                key={r.metric}
                data-metric={r.metric}
                className={r.pass ? 'pass' : asExpected(r) ? 'known-miss' : 'fail'}
              >
                <th scope="row" data-label={COLUMNS[0]}>
                  <details>
                    <summary>{r.label}</summary>
                    <p>{r.why}</p>
                  </details>
                </th>
                <td
                  data-label={COLUMNS[1]}
                  className={r.paper.kind === 'words' ? 'words' : undefined}
                >
                  {paperCell(r)}
                </td>
                <td data-label={COLUMNS[2]} className="accepted">
                  {acceptedText(r.accept, (v) => show(v, r.unit))}
                </td>
                <td data-label={COLUMNS[3]}>{show(r.simulated, r.unit)}</td>
                <td data-label={COLUMNS[4]} className="result">
                  {/* One box, so a narrow grid keeps the note link beside its word. */}
                  <span>
                    {verdict(r).toLowerCase()}
                    {r.knownMiss !== undefined ? (
                      <>
                        {' '}
                        <a href={`#${noteId(r)}`}>(note {misses.indexOf(r) + 1})</a>
                      </>
                    ) : null}
                  </span>
                </td>
                <td data-label={COLUMNS[5]} className="source">
                  {r.source}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {misses.length > 0 ? (
        <ol className="miss-notes" aria-label="Why the known misses miss">
          {misses.map((r) => (
            <li key={r.metric} id={noteId(r)} tabIndex={-1}>
              <strong>{r.label}</strong>: {r.knownMiss}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
