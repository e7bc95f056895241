import { describe, expect, it } from 'vitest';

import { pathMatches, pseudoWords, unwrapped, wrap } from './pseudo';

describe('the pseudo-language', () => {
  it('wraps the words a path names, and nothing else', () => {
    const preset = { id: 'x', title: 'A', charts: [{ id: 'c', title: 'B', x: { label: 'C' } }] };
    const isWord = (path: string[]) =>
      ['title', 'charts[].title', 'charts[].x.label'].some((p) => pathMatches(p, path));
    expect(pseudoWords(preset, isWord)).toEqual({
      id: 'x',
      title: '⟦A⟧',
      charts: [{ id: 'c', title: '⟦B⟧', x: { label: '⟦C⟧' } }],
    });
  });
  it('finds the words outside every run, a run inside a run being one', () => {
    expect(unwrapped(`${wrap(`Look at ${wrap('the chart')} (outlined).`)} 42 % · Copy`)).toEqual([
      '42 % · Copy',
    ]);
    expect(unwrapped(`${wrap('Step 1 of 4')} — ${wrap('Reveal')}`)).toEqual([]);
    expect(unwrapped('Side by side: 8x8')).toEqual(['Side by side: 8x8']);
  });
});
