import { describe, expect, it } from 'vitest';

import { ResultCache, requestKey, resultNumbers } from './result_cache';
import type { RunResult } from './types';

const result = (points: number): RunResult => ({
  scalars: [],
  series: [
    {
      name: 's',
      label: 's',
      xLabel: 'x',
      xUnit: '',
      yLabel: 'y',
      yUnit: '',
      x: Array.from({ length: points }, (_, i) => i),
      y: Array.from({ length: points }, (_, i) => i),
    } as unknown as RunResult['series'][number],
  ],
  networks: [],
  timelines: [],
});

describe('ResultCache', () => {
  it('keeps results up to its budget of numbers, dropping the least recently used first', () => {
    const cache = new ResultCache<RunResult>(resultNumbers, 100);
    cache.set('a', result(20));
    cache.set('b', result(20));
    expect(cache.numbers).toBe(80);
    // Read, 'a' is now the most recently used: 'b' goes when 'c' needs the room.
    expect(cache.get('a')).toBeDefined();
    cache.set('c', result(20));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.numbers).toBe(80);
  });

  it('does not keep a result larger than its whole budget, and replaces one set again', () => {
    const cache = new ResultCache<RunResult>(resultNumbers, 100);
    cache.set('a', result(10));
    cache.set('huge', result(51));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    cache.set('a', result(30));
    expect(cache.numbers).toBe(60);
  });

  it('gives one key per request whatever the order its parameters were written in', () => {
    const a = requestKey({ model: 'm', seed: 1, params: { x: 1, y: [2, 3] } });
    expect(requestKey({ model: 'm', seed: 1, params: { y: [2, 3], x: 1 } })).toBe(a);
    expect(requestKey({ model: 'm', seed: 2, params: { x: 1, y: [2, 3] } })).not.toBe(a);
    expect(requestKey({ model: 'm', seed: 1, params: { x: 1, y: [3, 2] } })).not.toBe(a);
  });
});
