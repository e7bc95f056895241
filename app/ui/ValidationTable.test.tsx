import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { chooseLanguage } from '../i18n/i18n';
import { SOURCE_LANG } from '../i18n/languages';
import { unwrapped, wrap } from '../i18n/pseudo';
import type { ValidationRow } from '../presets/validation';
import { TargetsElsewhere, ValidationTable } from './ValidationTable';

const row = (over: Partial<ValidationRow>) =>
  ({
    metric: 'discard_fraction_of_peak_2w',
    role: 'claim',
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

/**
 * A row of each role and each result, a range, two open bounds, a restated and stochastic row,
 * its words passed through `word` (as a language's preset gives them).
 */
const results = (word = (text: string) => text) =>
  [
    row({ role: 'claim' }),
    row({
      metric: 'stated',
      role: 'validation',
      label: 'Stated',
      paper: { kind: 'number', value: 4.4, tolerance: 0.66 },
      accept: { atLeast: 3.74, atMost: 5.06 },
      simulated: 4.2,
      unit: 'us',
    }),
    row({ metric: 'fitted', role: 'calibration', label: 'Fitted', fittedBy: ['cost'] }),
    row({ metric: 'read', role: 'consistency', label: 'Read back', consistency: 'the input' }),
    row({
      metric: 'again',
      role: 'validation',
      label: 'Again',
      restates: { metric: 'stated' },
      stochastic: 'seed',
    }),
    row({ metric: 'failed', role: 'validation', label: 'Failed', pass: false }),
    row({ metric: 'missed', label: 'Missed', pass: false, knownMiss: 'the model is 15 % over' }),
    row({ metric: 'mended', label: 'Mended', knownMiss: 'it was 20 % over' }),
    row({
      metric: 'open',
      label: 'Open',
      accept: { above: 0, below: 1 },
      simulated: 0.5,
      unit: '',
    }),
  ].map((r) => ({
    ...r,
    label: word(r.label),
    why: word(r.why),
    source: word(r.source),
    ...(r.paper.kind === 'words' ? { paper: { kind: 'words', words: word(r.paper.words) } } : {}),
    ...(r.knownMiss !== undefined ? { knownMiss: word(r.knownMiss) } : {}),
  })) as ValidationRow[];

/** What a reader meets in markup: the text between tags, and what the attributes read out. */
function readerText(markup: string): string {
  const attrs = [...markup.matchAll(/(?:aria-label|title)="([^"]*)"/g)].map((m) => m[1]!);
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'" };
  return [markup.replace(/<[^>]*>/g, ' '), ...attrs]
    .join(' \n ')
    .replace(/&(amp|lt|gt|quot|#x27);/g, (_, name: string) => entities[name]!);
}

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
    expect(markup).toContain('<td data-label="source" class="source">sec. 3.1, Fig. 4</td>');
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

  it('gives each row its role and result in words: a restated row by its label', () => {
    const markup = html(results());
    for (const role of ['claim', 'validation', 'calibration', 'consistency']) {
      expect(markup).toContain(`<span class="role">${role}</span>`);
    }
    expect(markup).toContain(
      '<span class="role">restates \u201cStated\u201d, judged over seeds</span>',
    );
    expect(markup).toContain('<span>fail</span>');
    expect(markup).toContain('<span>known miss <a href="#known-miss-missed">(note 1)</a></span>');
    expect(markup).toContain(
      '<span>passes (was a known miss) <a href="#known-miss-mended">(note 2)</a></span>',
    );
    expect(markup).toContain('<td data-label="accepted" class="accepted">&gt; 0 and &lt; 1</td>');
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

describe('<ValidationTable> in Japanese', () => {
  beforeAll(() => chooseLanguage('ja'));
  afterAll(() => chooseLanguage(SOURCE_LANG));

  it('says roles, results, ranges and the paper’s words in Japanese', () => {
    const markup = html(results());
    for (const role of ['論文の記述', '検証', '較正', '整合性の確認']) {
      expect(markup).toContain(`<span class="role">${role}</span>`);
    }
    expect(markup).toContain(
      '<span class="role">「Stated」の言い換え（複数のシードで判定）</span>',
    );
    expect(markup).toContain(
      '<td data-label="論文" class="words">「more than half of the eventual peak」</td>',
    );
    expect(markup).toContain('<td data-label="許容範囲" class="accepted">3.74〜5.06\u00a0µs</td>');
    expect(markup).toContain('<td data-label="許容範囲" class="accepted">&gt; 0 かつ &lt; 1</td>');
    expect(markup).toContain('<span>合格</span>');
    expect(markup).toContain('<span>不合格</span>');
    expect(markup).toContain('<span>既知の外れ <a href="#known-miss-missed">（注 1）</a></span>');
    expect(markup).toContain(
      '<span>合格（既知の外れだった） <a href="#known-miss-mended">（注 2）</a></span>',
    );
    expect(markup).not.toMatch(/>[^<]*\b(pass|fail|known miss|validation|calibration|to|and)\b/);
  });
});

describe('<ValidationTable> in the pseudo-language', () => {
  beforeAll(() => chooseLanguage('en-XA'));
  afterAll(() => chooseLanguage(SOURCE_LANG));

  it('finds a word left outside, in the text or an attribute, but no sign or number', () => {
    expect(unwrapped(readerText('<p>⟦a⟧ &gt; 0</p>'))).toEqual([]);
    expect(unwrapped(readerText('<p>⟦a⟧ <b>b</b></p>'))).toEqual(['b']);
    expect(unwrapped(readerText('<p title="note">⟦a⟧</p>'))).toEqual(['note']);
  });

  it('says every word from a catalogue or the preset', () => {
    const markup = renderToStaticMarkup(<ValidationTable rows={results(wrap)} changed />);
    expect(unwrapped(readerText(markup))).toEqual([]);
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
