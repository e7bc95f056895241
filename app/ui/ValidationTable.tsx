import { asExpected, verdict } from '../presets/validation';
import type { ValidationRow } from '../presets/validation';

const fmt = new Intl.NumberFormat('en', { maximumSignificantDigits: 5 });

/** A number of the row's unit; a fraction as a percentage, so "1 fraction" reads "100 %", as the charts write it. */
function show(value: number, unit: string): string {
  return unit === 'fraction' ? `${fmt.format(value * 100)}\u00a0%` : fmt.format(value);
}

/** Model vs paper: every reference target of the preset against the current run. */
export function ValidationTable({ rows, changed }: { rows: ValidationRow[]; changed: boolean }) {
  if (rows.length === 0) return null;
  return (
    <section className="validation">
      <h3>Model vs paper</h3>
      {changed ? (
        <p className="note">
          Parameters differ from the paper&apos;s, so differences are expected.
        </p>
      ) : null}
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">metric</th>
              <th scope="col">paper</th>
              <th scope="col">simulated</th>
              <th scope="col">difference</th>
              <th scope="col">tolerance</th>
              <th scope="col">result</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr
                key={`${r.metric}-${r.paper}`}
                className={r.pass ? 'pass' : asExpected(r) ? 'known-miss' : 'fail'}
              >
                <th scope="row" title={`${r.source}. ${r.why}`}>
                  {r.label}
                </th>
                <td>
                  {r.unit === 'fraction'
                    ? show(r.paper, r.unit)
                    : `${fmt.format(r.paper)} ${r.unit}`}
                </td>
                <td>{show(r.simulated, r.unit)}</td>
                <td>{show(r.simulated - r.paper, r.unit)}</td>
                <td>±{show(r.tolerance, r.unit)}</td>
                <td title={r.knownMiss}>{verdict(r).toLowerCase()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
