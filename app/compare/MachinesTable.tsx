import type { FittedRow, LogpParam, PaperRow } from './machines';
import { LOGP_PARAMS } from './machines';
import { unitSymbol } from '../presets/units';

const HEADS: Record<LogpParam, string> = {
  o_send: 'o send',
  o_recv: 'o receive',
  L: 'L',
  g: 'g',
  G: 'G (per byte)',
};

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const significant = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });

/** Three significant figures, whole numbers grouped from 1,000 on; a dash for none. */
export function cell(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return (Math.abs(value) >= 1000 ? whole : significant).format(value);
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
  return (
    <div className="machines-table-wrap">
      <table className="machines-table" aria-label="LogGP parameters per machine">
        <thead>
          <tr>
            <th rowSpan={2} scope="col">
              machine
            </th>
            <th colSpan={LOGP_PARAMS.length} scope="colgroup">
              microseconds (G: {unitSymbol('us/byte')})
            </th>
            <th colSpan={LOGP_PARAMS.length + 1} scope="colgroup">
              processor cycles (G: cycles/byte)
            </th>
          </tr>
          <tr>
            {LOGP_PARAMS.map((p) => (
              <th key={`us-${p}`} scope="col">
                {HEADS[p]}
              </th>
            ))}
            {LOGP_PARAMS.map((p) => (
              <th key={`c-${p}`} scope="col">
                {HEADS[p]}
              </th>
            ))}
            <th scope="col">clock (MHz)</th>
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
              {LOGP_PARAMS.map((p) => (
                <td key={`us-${p}`}>{cell(row.us[p])}</td>
              ))}
              {LOGP_PARAMS.map((p) => (
                <td key={`c-${p}`}>{cell(row.cycles[p])}</td>
              ))}
              <td>{cell(row.clockMhz)}</td>
            </tr>
          ))}
        </tbody>
        {paper.length > 0 && (
          <tbody className="paper-rows">
            <tr>
              <th colSpan={2 * LOGP_PARAMS.length + 2} scope="rowgroup">
                Table data (paper): Noakes, Wallach &amp; Dally 1993, Table 1, one-way cost Ts + Tb
                x bytes; Ts is o + L + o, Tb the per-byte cost
              </th>
            </tr>
            {paper.map((row) => (
              <tr key={row.key} data-row={row.key} className="paper">
                <th scope="row">{row.label}</th>
                <td colSpan={3}>Ts {cell(row.tsUs)} (o + L + o)</td>
                <td>–</td>
                <td>{cell(row.tbUs)}</td>
                <td colSpan={LOGP_PARAMS.length + 1}>cycles not given here</td>
              </tr>
            ))}
          </tbody>
        )}
      </table>
    </div>
  );
}
