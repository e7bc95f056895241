// What differs between the two sides of side by side, as a table of left and right values.
import type { Difference } from '../results/differences';
import { useT } from '../i18n/i18n';

export function DifferencesTable({ differences }: { differences: Difference[] }) {
  const t = useT('explorer');
  return (
    <table className="differences">
      <caption>{t('side.differs')}</caption>
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">{t('side.name', { side: 'left' })}</th>
          <th scope="col">{t('side.name', { side: 'right' })}</th>
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
