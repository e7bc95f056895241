import './charts.css';

import type { ChartTable } from '../results/chart_data';
import { formatNumber } from '../results/format';

/** A chart's data as an accessible table: the "show data as table" alternative to the chart. */
export function DataTable({ table, caption }: { table: ChartTable; caption: string }) {
  return (
    <div className="chart-table-scroll">
      <table className="chart-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {/* Rows and cells have no identity but their position. */}
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, c) =>
                c === 0 ? (
                  <th key={c} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={c} className={typeof cell === 'number' ? 'number' : undefined}>
                    {typeof cell === 'number' ? formatNumber(cell) : cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
