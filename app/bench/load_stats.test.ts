import { describe, expect, it } from 'vitest';

import { latencies, parseProcessUse, percentile } from './load_stats';

describe('percentile(xs, p)', () => {
  it('is a value measured, by nearest rank, whatever the order', () => {
    const xs = [50, 10, 40, 20, 30, 60, 70, 80, 90, 100];
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 95)).toBe(100);
    expect(percentile(xs, 90)).toBe(90);
    expect(percentile(xs, 0)).toBe(10);
    expect(percentile(xs, 100)).toBe(100);
    expect(xs[0]).toBe(50);
  });

  it('of 300 answers, p95 is the 285th smallest', () => {
    const xs = Array.from({ length: 300 }, (_, i) => 300 - i);
    expect(percentile(xs, 95)).toBe(285);
  });

  it('is NaN of nothing', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('latencies(xs)', () => {
  it('gives the count, p50, p95 and max', () => {
    expect(latencies([3, 1, 2])).toEqual({ count: 3, p50: 2, p95: 3, max: 3 });
  });
});

describe('parseProcessUse(status, stat)', () => {
  it('reads VmHWM in bytes and utime + stime in seconds, past a name with spaces', () => {
    const status = 'Name:\tnode\nVmPeak:\t 2000000 kB\nVmHWM:\t  447000 kB\nVmRSS:\t  300000 kB\n';
    const stat = '4242 (node main) S 1 4242 4242 0 -1 4194304 99 0 0 0 731 149 0 0 20 0 11 0';
    expect(parseProcessUse(status, stat)).toEqual({
      peakRssBytes: 447000 * 1024,
      cpuSeconds: 8.8,
    });
  });

  it('says which file lacks what it needs', () => {
    expect(() => parseProcessUse('Name:\tnode\n', '1 (x) S')).toThrow(/VmHWM/);
    expect(() => parseProcessUse('VmHWM:\t1 kB\n', '1 (x) S')).toThrow(/utime/);
  });
});
