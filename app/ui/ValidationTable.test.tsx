import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { ValidationRow } from '../presets/validation';
import { TargetsElsewhere, ValidationTable } from './ValidationTable';

const row = (over: Partial<ValidationRow>) =>
  ({
    metric: 'discard_fraction_of_peak_2w',
    label: '2-word messages, discarded: share of peak',
    paper: { kind: 'words', words: 'more than half of the eventual peak' },
    accept: { above: 0.5 },
    simulated: 0.8,
    unit: 'fraction',
    pass: true,
    why: 'Validation: more than half of the peak, as written.',
    source: 'sec. 3.1, Fig. 4',
    ...over,
  }) as ValidationRow;

const html = (rows: ValidationRow[]) =>
  renderToStaticMarkup(<ValidationTable rows={rows} changed={false} />);

describe('<ValidationTable>', () => {
  it("shows a claim in the paper's words and the values it accepts, fractions in %", () => {
    const markup = html([row({})]);
    expect(markup).toContain(
      '<td data-label="paper" class="words">\u201cmore than half of the eventual peak\u201d</td>',
    );
    expect(markup).toContain('<td data-label="accepted" class="accepted">&gt; 50\u00a0%</td>');
    expect(markup).toContain('<td data-label="simulated">80\u00a0%</td>');
    expect(markup).not.toMatch(/>[^<]*fraction/);
  });

  it('shows a stated number with its unit and the range its tolerance accepts', () => {
    const markup = html([
      row({
        metric: 'rps',
        paper: { kind: 'number', value: 2220, tolerance: 300 },
        accept: { atLeast: 1920, atMost: 2520 },
        simulated: 2000,
        unit: 'RPS',
      }),
    ]);
    expect(markup).toContain('<td data-label="paper">2,220\u00a0RPS</td>');
    expect(markup).toContain(
      '<td data-label="accepted" class="accepted">1,920 to 2,520\u00a0RPS</td>',
    );
    expect(markup).toContain('<td data-label="simulated">2,000\u00a0RPS</td>');
  });

  it('puts the source, the reading and a known miss in text, not in a hover title', () => {
    const markup = html([
      row({}),
      row({ metric: 'm2', label: 'Second', pass: false, knownMiss: 'the model is 15 % over' }),
    ]);
    expect(markup).not.toContain('title=');
    expect(markup).toContain(
      '<td data-label="source" class="source" translate="no">sec. 3.1, Fig. 4</td>',
    );
    // The reading opens under the target's name (a summary reached by Tab, Enter or a tap).
    expect(markup).toContain(
      '<details><summary>Second</summary>' +
        '<p>Validation: more than half of the peak, as written.</p></details>',
    );
    expect(markup).toContain('<span>known miss <a href="#known-miss-m2">(note 1)</a></span>');
    expect(markup).toMatch(
      /<li id="known-miss-m2" tabindex="-1"><strong>Second<\/strong>: the model is 15 % over<\/li>/,
    );
  });

  it('names each table by its own heading when two panes draw one (side by side)', () => {
    const markup = renderToStaticMarkup(
      <>
        <ValidationTable rows={[row({})]} changed={false} />
        <ValidationTable rows={[row({})]} changed={false} />
      </>,
    );
    const labels = [...markup.matchAll(/<section[^>]*aria-labelledby="([^"]+)"/g)].map((m) => m[1]);
    const ids = [...markup.matchAll(/<h3 id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(2);
    expect(labels).toEqual(ids);
  });
});

describe('<TargetsElsewhere>', () => {
  it("links the presets that hold an aggregate's targets, with how many each checks", () => {
    const markup = renderToStaticMarkup(
      <TargetsElsewhere
        presets={[{ id: 'jmachine-lcs', title: 'LCS', targets: 14, href: '?s=lcs' }]}
      />,
    );
    expect(markup).toContain('<h3 id="validation-title">Model vs paper</h3>');
    expect(markup).toContain('<li><a href="?s=lcs">LCS</a> (14 targets)</li>');
  });
});
