// Work too long for one of the page's tasks, done in slices: a generator that yields its progress
// (0 to 1) every few thousand events. `finish` runs it whole (tests, scripts); `runSliced` runs a
// slice at a time between the page's own tasks, so building a view's index over a large trace
// never holds the page (input, paint, the player) for longer than a slice.
import { yieldToEventLoop } from '../engine/event_loop';

export type Sliced<T> = Generator<number, T, void>;

/** Items of work between two yields: well under a millisecond's work. */
export const YIELD_EVERY = 4096;

/**
 * A building's progress: items (events read, placed, put in order) done of about `total`;
 * `tick` says when to yield (every YIELD_EVERY items).
 */
export class Progress {
  private done = 0;
  private yielded = 0;
  constructor(private readonly total: number) {}
  tick(items = 1): boolean {
    this.done += items;
    if (this.done - this.yielded < YIELD_EVERY) return false;
    this.yielded = this.done;
    return true;
  }
  get fraction(): number {
    return Math.min(1, this.done / Math.max(1, this.total));
  }
}

/** Runs the work to its end at once. */
export function finish<T>(work: Sliced<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/**
 * The longest a slice runs, ms: the page's budget for a task is 50 ms (a "long task"), and a
 * slice may overrun by the time between two of the work's yields.
 */
export const SLICE_MS = 15;

export interface SliceOptions {
  signal?: AbortSignal;
  /** After each slice, the work's progress (0 to 1). */
  onProgress?(done: number): void;
  sliceMs?: number;
}

/**
 * Runs the work in slices of about `sliceMs`, the page's tasks between them; rejects with an
 * AbortError (and ends the work) once `signal` aborts.
 */
export async function runSliced<T>(work: Sliced<T>, options: SliceOptions = {}): Promise<T> {
  const sliceMs = options.sliceMs ?? SLICE_MS;
  for (;;) {
    if (options.signal?.aborted) {
      work.return(undefined as never);
      throw new DOMException('the view was closed or changed', 'AbortError');
    }
    const start = performance.now();
    let step = work.next();
    while (!step.done && performance.now() - start < sliceMs) step = work.next();
    if (step.done) return step.value;
    options.onProgress?.(step.value);
    await yieldToEventLoop();
  }
}
