import type { FittedRow, LogpParam, PaperRow } from './machines';
import { LOGP_PARAMS } from './machines';
import { useT } from '../i18n/i18n';
import { Rich } from '../i18n/Rich';
import { unitSymbol, withUnit } from '../presets/units';
import { readableNumber } from '../results/format';
import { vt } from '../views/view_words';

/** A parameter's column head. */
const head = (p: LogpParam) => vt('machines.head', { param: p });

/** Three significant figures, whole numbers grouped from 1,000 on; a dash for none. */
export function cell(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return readableNumber(value);
}

/** The mark on an L the fit held at 0, and on its note under the table. */
const HELD = '†';

/** A row whose overheads overlap the transfer: its L is held at 0 and its note says why. */
const overlaps = (row: FittedRow) => row.overlap.us > 0;

/** A parameter's cell; an L held at 0 carries the mark of its note. */
function paramCell(row: FittedRow, p: LogpParam, value: number, unit: string) {
  if (p !== 'L' || !overlaps(row)) return <td key={`${unit}-${p}`}>{cell(value)}</td>;
  return (
    <td key={`${unit}-${p}`} className="held">
      {cell(value)}
      <a href="#logp-overlap" aria-label={vt('machines.heldMark', { mark: HELD })}>
        {HELD}
      </a>
    </td>
  );
}

/**
 * Why an L is 0 where the overheads exceed the one-way time: the intercept left over would be
 * negative, and a latency cannot be.
 */
export function OverlapNotes({ fitted }: { fitted: FittedRow[] }) {
  const t = useT('views');
  const held = fitted.filter(overlaps);
  if (held.length === 0) return null;
  return (
    <div id="logp-overlap" className="note logp-overlap">
      {held.map((row) => (
        <p key={row.key} data-row={row.key}>
          {t('machines.overlap', {
            mark: HELD,
            label: row.label,
            us: withUnit(cell(row.overlap.us), 'us'),
            cycles: cell(row.overlap.cycles),
          })}
        </p>
      ))}
    </div>
  );
}

/**
 * The fitted LogGP parameters of every machine in microseconds and in its processor's cycles,
 * and under them the comparison machines' cost models as their paper gives them (table data).
 */
export function MachinesTable({
  fitted,
  paper,
  selected,
  onSelect,
}: {
  fitted: FittedRow[];
  paper: PaperRow[];
  selected: string | undefined;
  onSelect(preset: string): void;
}) {
  const t = useT('views');
  return (
    <div className="machines-table-wrap">
      <table className="machines-table" aria-label={t('machines.table')}>
        <thead>
          <tr>
            <th rowSpan={2} scope="col">
              {t('machines.machine')}
            </th>
            <th colSpan={LOGP_PARAMS.length} scope="colgroup">
              {t('machines.usHead', { unit: unitSymbol('us/byte') })}
            </th>
            <th colSpan={LOGP_PARAMS.length + 1} scope="colgroup">
              {t('machines.cyclesHead')}
            </th>
          </tr>
          <tr>
            {LOGP_PARAMS.map((p) => (
              <th key={`us-${p}`} scope="col">
                {head(p)}
              </th>
            ))}
            {LOGP_PARAMS.map((p) => (
              <th key={`c-${p}`} scope="col">
                {head(p)}
              </th>
            ))}
            <th scope="col">{t('machines.clock')}</th>
          </tr>
        </thead>
        <tbody>
          {fitted.map((row) => (
            <tr
              key={row.key}
              data-row={row.key}
              className={row.preset === selected ? 'selected' : undefined}
            >
              <th scope="row">
                <button type="button" className="link" onClick={() => onSelect(row.preset)}>
                  {row.label}
                </button>
              </th>
              {LOGP_PARAMS.map((p) => paramCell(row, p, row.us[p], 'us'))}
              {LOGP_PARAMS.map((p) => paramCell(row, p, row.cycles[p], 'c'))}
              <td>{cell(row.clockMhz)}</td>
            </tr>
          ))}
        </tbody>
        {paper.length > 0 && (
          <tbody className="paper-rows">
            <tr>
              <th colSpan={2 * LOGP_PARAMS.length + 2} scope="rowgroup">
                <Rich
                  k="views:machines.paperRows"
                  parts={{
                    citation: <span translate="no">Noakes, Wallach &amp; Dally 1993, Table 1</span>,
                  }}
                />
              </th>
            </tr>
            {paper.map((row) => (
              <tr key={row.key} data-row={row.key} className="paper">
                <th scope="row">{row.label}</th>
                <td colSpan={3}>{t('machines.ts', { ts: cell(row.tsUs) })}</td>
                <td>–</td>
                <td>{cell(row.tbUs)}</td>
                <td colSpan={LOGP_PARAMS.length + 1}>{t('machines.noCycles')}</td>
              </tr>
            ))}
          </tbody>
        )}
      </table>
    </div>
  );
}
