import { describe, expect, it } from 'vitest';

import { UsageError } from '../headless/usage_error';
import { parseShard } from './shard_option';

describe('parseShard()', () => {
  it('reads i/n with i from 0 to n - 1', () => {
    expect(parseShard('2/5')).toEqual({ index: 2, count: 5 });
    for (const bad of ['5/5', '1/0', '-1/3', 'a/b', '1']) {
      expect(() => parseShard(bad)).toThrow(UsageError);
    }
    expect(() => parseShard('5/5')).toThrow('--shard 5/5: want i/n');
  });

  it("reads auto from a Slurm job array task's variables", () => {
    const slurm = (env: Record<string, string>) => parseShard('auto', env);
    expect(slurm({ SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_COUNT: '10' })).toEqual({
      index: 3,
      count: 10,
    });
    // sbatch --array=1-19:2: ids 1, 3, ... 19, ten tasks; task 7 is the fourth.
    const stepped = { SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_STEP: '2' };
    expect(slurm({ ...stepped, SLURM_ARRAY_TASK_ID: '7', SLURM_ARRAY_TASK_COUNT: '10' })).toEqual({
      index: 3,
      count: 10,
    });
    expect(() => slurm({ SLURM_ARRAY_TASK_COUNT: '10' })).toThrow(
      "--shard auto: SLURM_ARRAY_TASK_ID is not set; auto reads a Slurm job array task's " +
        'variables (sbatch --array=0-9), or give i/n',
    );
    expect(() => slurm({ SLURM_ARRAY_TASK_ID: '12', SLURM_ARRAY_TASK_COUNT: '10' })).toThrow(
      "--shard auto: task 12 is not one of the array's 10 tasks from 0 by 1",
    );
  });
});
