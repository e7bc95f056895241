import { describe, expect, it } from 'vitest';

import { loadPresetsFromDisk } from '../presets/from_disk';
import type { ValidationRow } from '../presets/validation';
import { findPreset } from '../headless/run';
import { targetsElsewhere, validationTable } from './validation_text';

describe('validationTable()', () => {
  it("prints the paper's number or words, the accepted range, the source and why a miss misses", () => {
    const rows: ValidationRow[] = [
      {
        metric: 'share',
        role: 'claim',
        label: 'Share',
        unit: 'fraction',
        paper: { kind: 'words', words: 'less than 2.5%' },
        accept: { below: 0.025 },
        simulated: 0.004,
        pass: true,
        band: { from: 'as-written' },
        why: 'w',
        source: 'sec. 4',
      },
      {
        metric: 'g',
        role: 'validation',
        label: 'g',
        unit: 'us',
        paper: { kind: 'number', value: 8.1, tolerance: 1.215 },
        accept: { atLeast: 6.885, atMost: 9.315 },
        simulated: 6.3,
        pass: false,
        place: -2,
        band: { from: 'choice', why: '15 %' },
        why: 'w',
        source: 'Table 1',
        knownMiss: 'g stays near 6.3 us',
      },
    ];
    expect(validationTable('p', rows, 120)).toBe(
      [
        'preset  metric  role        paper                      accepted  simulated          result  source',
        '------  ------  ----------  ----------------  -----------------  ---------  --------------  -------',
        'p       share   claim       \u201cless than 2.5%\u201d            < 2.5\u00a0%      0.4\u00a0%            pass  sec. 4',
        'p       g       validation  8.10\u00a0µs           6.885 to 9.315\u00a0µs    6.30\u00a0µs  known miss (1)  Table 1',
        '(1) g: g stays near 6.3 us',
      ].join('\n'),
    );
    // Narrower than the table: a target a row, its numbers and source under it, wrapped.
    const narrow = validationTable('p', [{ ...rows[1]!, source: 'Table 1 of the paper' }], 40);
    expect(narrow.split('\n')).toEqual([
      'p  g  validation  known miss (1)',
      '    paper 8.10\u00a0µs; accepted 6.885 to',
      '    9.315\u00a0µs; simulated 6.30\u00a0µs; source:',
      '    Table 1 of the paper',
      '(1) g: g stays near 6.3 us',
    ]);
  });

  it('wraps a long row (a claim of hundreds of characters) to the width, nothing lost', () => {
    const claim: ValidationRow = {
      metric: 'skew',
      role: 'claim',
      label: 'Skew',
      unit: 'fraction',
      paper: { kind: 'words', words: 'a maximum '.repeat(40).trim() },
      accept: { below: 0.5 },
      simulated: 0.1,
      pass: true,
      band: { from: 'as-written' },
      why: 'w',
      source: 'sec. 4.3.1, '.repeat(30).trim(),
    };
    const lines = validationTable('p', [claim], 100).split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(100);
    expect(lines[0]).toBe('p  skew  claim  pass');
    expect(lines.slice(1).every((l) => /^ {4}\S/.test(l))).toBe(true);
    expect(lines.join(' ').replace(/ {2,}/g, ' ')).toContain(
      `\u201c${claim.paper.kind === 'words' ? claim.paper.words : ''}\u201d; accepted < 50\u00a0%`,
    );
    expect(lines.join(' ').replace(/ {2,}/g, ' ')).toContain(`source: ${claim.source}`);
  });
});

describe('targetsElsewhere()', () => {
  it("names the presets that check an aggregate's targets, for validate", () => {
    const presets = loadPresetsFromDisk();
    const count = (id: string) => findPreset(presets, id).reference.length;
    expect(targetsElsewhere(findPreset(presets, 'jmachine-programs'), presets)).toBe(
      'jmachine-programs: no targets of its own; the paper targets of the experiments it runs ' +
        `together are checked in their presets: jmachine-lcs (${count('jmachine-lcs')} targets), ` +
        `jmachine-radix (${count('jmachine-radix')} targets), jmachine-queens ` +
        `(${count('jmachine-queens')} targets), jmachine-tsp (${count('jmachine-tsp')} targets) ` +
        '(validate <preset-id>)',
    );
  });
});
