// What differs between the two sides of side by side, as a table of left and right values.
import type { Difference } from '../results/differences';

export function DifferencesTable({ differences }: { differences: Difference[] }) {
  return (
    <table className="differences">
      <caption>What differs</caption>
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">Left</th>
          <th scope="col">Right</th>
        </tr>
      </thead>
      <tbody>
        {differences.map((d) => (
          <tr key={d.name} data-difference={d.name}>
            <th scope="row">{d.label}</th>
            <td>{d.left}</td>
            <td>{d.right}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
