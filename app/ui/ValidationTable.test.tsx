import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { ValidationRow } from '../presets/validation';
import { ValidationTable } from './ValidationTable';

const row = (over: Partial<ValidationRow>) =>
  ({
    metric: 'discard_fraction_of_peak_2w',
    label: '2-word messages, discarded: share of peak',
    paper: 0.75,
    simulated: 0.8,
    unit: 'fraction',
    tolerance: 0.25,
    pass: true,
    why: 'w',
    source: 's',
    ...over,
  }) as ValidationRow;

describe('<ValidationTable>', () => {
  it('shows fractions as percentages, other units as they are', () => {
    const html = renderToStaticMarkup(
      <ValidationTable
        rows={[
          row({}),
          row({ metric: 'rps', paper: 2220, simulated: 2000, unit: 'RPS', tolerance: 300 }),
        ]}
        changed={false}
      />,
    );
    expect(html).toContain(
      '<td>75\u00a0%</td><td>80\u00a0%</td><td>5\u00a0%</td><td>±25\u00a0%</td>',
    );
    expect(html).toContain('<td>2,220 RPS</td><td>2,000</td><td>-220</td><td>±300</td>');
    expect(html).not.toContain('fraction');
  });
});
