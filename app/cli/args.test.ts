import { describe, expect, it } from 'vitest';

import { UsageError } from '../headless/usage_error';
import { parseJobs } from './args';

describe('parseJobs()', () => {
  it('takes a whole number of threads, or the fallback (the cores) when not given', () => {
    expect(parseJobs('3', 2)).toBe(3);
    expect(parseJobs(undefined, 2)).toBe(2);
    expect(parseJobs(undefined, 0)).toBe(1);
  });

  it.each(['0', '1.5', 'x', '', '257'])('rejects %j naming the valid range', (text) => {
    expect(() => parseJobs(text, 2)).toThrow(
      new UsageError(`--jobs '${text}' is not a whole number from 1 to 256`),
    );
  });
});
