import { MAX_JOBS } from '../engine/pool_engine';
import { MAX_MEMORY_MB, MIN_MEMORY_MB } from '../engine/memory';
import { checkedDuration } from '../engine/run_watch';
import { ArchexError } from './errors';

/** How the library's engine is set up. */
export interface ArchexOptions {
  /**
   * The threads (Node) or workers (browsers) a sweep's points run on, 1 to 256; default one per
   * core. Any number gives the same bits.
   */
  threads?: number;
  /** The memory each engine thread may use, 16 to 4096 MB (Node; default 4096). */
  maxMemoryMB?: number;
}

/** `threads` checked, or `cores` when not given. */
export function checkedThreads(threads: number | undefined, cores: number): number {
  if (threads === undefined) return Math.min(MAX_JOBS, Math.max(1, cores));
  if (!Number.isInteger(threads) || threads < 1 || threads > MAX_JOBS) {
    throw new ArchexError(
      `createArchex: threads ${String(threads)} is not a whole number from 1 to ${MAX_JOBS}`,
      'input',
      'threads',
    );
  }
  return threads;
}

/** `maxMemoryMB` checked, or the most when not given. */
export function checkedMemory(maxMemoryMB: number | undefined): number {
  if (maxMemoryMB === undefined) return MAX_MEMORY_MB;
  if (
    !Number.isInteger(maxMemoryMB) ||
    maxMemoryMB < MIN_MEMORY_MB ||
    maxMemoryMB > MAX_MEMORY_MB
  ) {
    throw new ArchexError(
      `createArchex: maxMemoryMB ${String(maxMemoryMB)} is not a whole number of MB from ${MIN_MEMORY_MB} to ${MAX_MEMORY_MB}`,
      'input',
      'maxMemoryMB',
    );
  }
  return maxMemoryMB;
}

/** A run's `timeLimit` in seconds, checked; `call` names the call in the message (`run('id')`). */
export function checkedTimeLimit(seconds: unknown, call: string): number {
  try {
    return checkedDuration(
      typeof seconds === 'number' ? seconds : Number.NaN,
      `${call}: timeLimit ${String(seconds)}`,
    );
  } catch (error) {
    throw new ArchexError((error as Error).message, 'input', 'timeLimit');
  }
}
