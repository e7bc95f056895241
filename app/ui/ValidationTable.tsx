import { useId, useMemo } from 'react';

import { useT } from '../i18n/i18n';
import { Rich } from '../i18n/Rich';
import { asExpected, verdictOf } from '../presets/validation';
import { rowText } from '../presets/validation_text';
import type { ValidationRow } from '../presets/validation';
import type { RowWords } from '../presets/validation_text';
import './validation_table.css';

/** The explorer catalogue's words, in the reader's language. */
type Words = ReturnType<typeof useT>;

/**
 * A row's role in the reader's words (the CLI's are roleText's), or the row it restates: by that
 * row's label where it is in the same table ("restates “Table 2 time”"), else by its metric (and
 * preset).
 */
function roleWords(t: Words, row: ValidationRow, rows: ValidationRow[]): string {
  if (!row.restates || row.role === 'calibration') return t('validation.role', { role: row.role });
  const { preset, metric } = row.restates;
  if (preset !== undefined) return t('validation.restatesElsewhere', { metric, preset });
  const label = rows.find((r) => r.metric === metric)?.label;
  return label === undefined
    ? t('validation.restatesMetric', { metric })
    : t('validation.restates', { label });
}

/** The words a row's numbers are set in, the reader's (the CLI's are ROW_WORDS). */
function rowWords(t: Words): RowWords {
  return {
    range: (lower, upper) => t('validation.range', { lower, upper }),
    bounds: (lower, upper) => t('validation.bounds', { lower, upper }),
    anyValue: t('validation.anyValue'),
    quoted: (words) => t('validation.quoted', { words }),
  };
}

/** The note's anchor of a known miss; one table per page, so the metric is unique. */
const noteId = (r: ValidationRow) => `known-miss-${r.metric}`;

const COLUMNS = ['target', 'paper', 'accepted', 'simulated', 'result', 'source'] as const;

/**
 * Model vs paper: every reference target of the preset against the current run, each with its
 * role (calibration, validation, claim, or the row it restates). The paper's
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
  const t = useT('explorer');
  // Side by side draws one per pane: the heading's id is the pane's own.
  const titleId = useId();
  const column = (c: (typeof COLUMNS)[number]) => t('validation.columns', { column: c });
  // Each row's text once per run and language, not once per cell and render.
  const texts = useMemo(() => {
    const words = rowWords(t);
    return new Map(rows.map((r) => [r, rowText(r, words)]));
  }, [rows, t]);
  if (rows.length === 0) return null;
  const misses = rows.filter((r) => r.knownMiss !== undefined);
  return (
    <section className="validation" aria-labelledby={titleId}>
      <div className="validation-head">
        <h3 id={titleId}>{t('validation.title')}</h3>
        {onExport ? (
          <button type="button" onClick={onExport}>
            {t('formats.csv')}
          </button>
        ) : null}
      </div>
      {changed ? <p className="note">{t('validation.changed')}</p> : null}
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {column(c)}
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
                <th scope="row" data-label={column(COLUMNS[0])}>
                  <details>
                    <summary>{r.label}</summary>
                    <p>{r.why}</p>
                  </details>
                  {/* What the target is to the model: a reviewer counts calibrations apart. */}
                  <span className="role">
                    {r.stochastic !== undefined
                      ? t('validation.overSeeds', { role: roleWords(t, r, rows) })
                      : roleWords(t, r, rows)}
                  </span>
                </th>
                <td
                  data-label={column(COLUMNS[1])}
                  className={r.paper.kind === 'words' ? 'words' : undefined}
                >
                  {texts.get(r)!.paper}
                </td>
                <td data-label={column(COLUMNS[2])} className="accepted">
                  {texts.get(r)!.accepted}
                </td>
                <td data-label={column(COLUMNS[3])}>{texts.get(r)!.simulated}</td>
                <td data-label={column(COLUMNS[4])} className="result">
                  {/* One box, so a narrow grid keeps the note link beside its word. */}
                  <span>
                    {t('validation.verdict', { verdict: verdictOf(r) })}
                    {r.knownMiss !== undefined ? (
                      <>
                        {' '}
                        <a href={`#${noteId(r)}`}>
                          {t('validation.noteLink', { n: String(misses.indexOf(r) + 1) })}
                        </a>
                      </>
                    ) : null}
                  </span>
                </td>
                <td data-label={column(COLUMNS[5])} className="source">
                  {r.source}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {misses.length > 0 ? (
        <ol className="miss-notes" aria-label={t('validation.notes')}>
          {misses.map((r) => (
            <li key={r.metric} id={noteId(r)} tabIndex={-1}>
              <Rich
                k="explorer:validation.note"
                values={{ why: r.knownMiss }}
                parts={{ label: <strong>{r.label}</strong> }}
              />
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/** A preset that holds some of an aggregate's paper targets, and the link that opens it. */
export interface TargetsPreset {
  id: string;
  title: string;
  targets: number;
  href: string;
}

/**
 * Model vs paper of an aggregate (the J-Machine's four programs together): no targets of its
 * own; the presets of the experiments it runs hold them, linked here.
 */
export function TargetsElsewhere({ presets }: { presets: TargetsPreset[] }) {
  const t = useT('explorer');
  return (
    <section className="validation" aria-labelledby="validation-title">
      <div className="validation-head">
        <h3 id="validation-title">{t('validation.title')}</h3>
      </div>
      <p className="note">{t('validation.elsewhere')}</p>
      <ul className="targets-elsewhere">
        {presets.map((p) => (
          <li key={p.id}>
            <Rich
              k="explorer:validation.elsewhereItem"
              values={{ targets: p.targets }}
              parts={{ title: <a href={p.href}>{p.title}</a> }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
