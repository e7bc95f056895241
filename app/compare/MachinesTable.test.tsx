import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { MachinesTable, OverlapNotes, cell } from './MachinesTable';
import type { FittedRow } from './machines';

const row: FittedRow = {
  kind: 'fitted',
  key: 'paragon_nx',
  label: 'Paragon NX',
  preset: 'paragon-logp',
  clockMhz: 50,
  us: { o_send: 72.9129, o_recv: 72.9129, L: 0.196925, g: 72.88, G: 0.0114597 },
  cycles: { o_send: 3645.64, o_recv: 3645.64, L: 9.846, g: 3644, G: 0.573 },
  overlap: { us: 0, cycles: 0 },
};

// The T805's p4: its overheads overlap the transfer, so the fit holds L at 0.
const held: FittedRow = {
  kind: 'fitted',
  key: 't805_p4',
  label: 'T805 p4',
  preset: 'transputer-logp',
  clockMhz: 25,
  us: { o_send: 170.44, o_recv: 170.44, L: 0, g: 370, G: 0.672 },
  cycles: { o_send: 4261, o_recv: 4261, L: 0, g: 9251, G: 16.8 },
  overlap: { us: 11.44, cycles: 286 },
};

describe('the fitted table', () => {
  it('shows each fitted parameter in microseconds and cycles, three figures', () => {
    const html = renderToStaticMarkup(
      <MachinesTable fitted={[row]} paper={[]} selected="paragon-logp" onSelect={() => {}} />,
    );
    expect(html).toContain('Paragon NX');
    expect(html).toContain('<td>72.9</td>');
    expect(html).toContain('<td>0.0115</td>');
    expect(html).toContain('<td>3,646</td>');
    expect(html).toContain('class="selected"');
    expect(html).not.toContain('Table data (paper)');
  });

  it("labels the comparison machines' rows as table data from the paper", () => {
    const html = renderToStaticMarkup(
      <MachinesTable
        fitted={[row]}
        paper={[
          { kind: 'paper', key: 'overhead_cm5_am', label: 'CM-5, AM', tsUs: 3.3, tbUs: 0.12 },
        ]}
        selected={undefined}
        onSelect={() => {}}
      />,
    );
    expect(html).toContain('Table data (paper)');
    expect(html).toMatch(/data-row="overhead_cm5_am" class="paper"><th scope="row">CM-5, AM/);
    expect(html).toContain('Ts 3.3');
  });

  it('writes microseconds as µs', () => {
    const html = renderToStaticMarkup(
      <MachinesTable fitted={[row]} paper={[]} selected={undefined} onSelect={() => {}} />,
    );
    expect(html).toContain('G: µs/byte');
    expect(html).not.toMatch(/\bus\b/);
  });

  it('marks an L held at 0 and says under the table why the intercept is not a latency', () => {
    const table = renderToStaticMarkup(
      <MachinesTable fitted={[row, held]} paper={[]} selected={undefined} onSelect={() => {}} />,
    );
    expect(table.match(/class="held"/g)).toHaveLength(2);
    expect(table).toMatch(/data-row="paragon_nx"(?:(?!class="held").)*<\/tr>/);
    const notes = renderToStaticMarkup(<OverlapNotes fitted={[row, held]} />);
    expect(notes).toContain(
      'T805 p4: o send + o receive exceed the one-way time of a 1-byte message by 11.4',
    );
    expect(notes).toContain('(286 cycles)');
    expect(notes).toContain('not a latency');
    expect(notes).not.toContain('Paragon');
    expect(renderToStaticMarkup(<OverlapNotes fitted={[row]} />)).toBe('');
  });

  it('formats numbers for the table', () => {
    expect(cell(14287.0004)).toBe('14,287');
    expect(cell(-11.4476)).toBe('-11.4');
    expect(cell(NaN)).toBe('–');
  });
});
