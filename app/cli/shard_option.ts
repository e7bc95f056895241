// The --shard option: `i/n`, or `auto` in a Slurm job array's task.
import { UsageError } from '../headless/usage_error';
import type { Shard } from './shard';

/** `--shard i/n`: n from 1, i from 0 to n - 1. */
export function parseShard(text: string, env: NodeJS.ProcessEnv = process.env): Shard {
  if (text.trim() === 'auto') return slurmShard(env);
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(count) || count < 1 || index >= count) {
    throw new UsageError(
      `--shard ${text}: want i/n with n a whole number from 1 and i from 0 to n - 1 (e.g. 0/4)`,
    );
  }
  return { index, count };
}

/**
 * `--shard auto`: this task's shard of a Slurm job array, from the variables Slurm sets in each
 * task (an array's ids from SLURM_ARRAY_TASK_MIN by SLURM_ARRAY_TASK_STEP, its count
 * SLURM_ARRAY_TASK_COUNT), so one script runs every shard.
 */
function slurmShard(env: NodeJS.ProcessEnv): Shard {
  const read = (name: string, fallback?: number) => {
    const text = env[name];
    if (text === undefined && fallback !== undefined) return fallback;
    const value = Number(text);
    if (text === undefined || text.trim() === '' || !Number.isSafeInteger(value) || value < 0)
      throw new UsageError(
        `--shard auto: ${name} is ${text === undefined ? 'not set' : `'${text}'`}; auto reads a ` +
          "Slurm job array task's variables (sbatch --array=0-9), or give i/n",
      );
    return value;
  };
  const id = read('SLURM_ARRAY_TASK_ID');
  const count = read('SLURM_ARRAY_TASK_COUNT');
  const min = read('SLURM_ARRAY_TASK_MIN', 0);
  const step = Math.max(1, read('SLURM_ARRAY_TASK_STEP', 1));
  const index = (id - min) / step;
  if (!Number.isInteger(index) || index < 0 || index >= count)
    throw new UsageError(
      `--shard auto: task ${id} is not one of the array's ${count} tasks from ${min} by ${step} ` +
        '(SLURM_ARRAY_TASK_ID, _MIN, _STEP, _COUNT)',
    );
  return { index, count };
}
