// Runs and sweep points already computed, by their request. The engine gives the same bits for
// the same model, parameters and seed (natively, in wasm, on any number of workers), so a result
// once computed is the answer whenever that request comes again: a control moved back, an undo,
// a tour step or a preset revisited, and the points a cancelled run had finished before a
// control moved on.
import type { RunRequest, RunResult } from './types';

/** Numbers (scalars, points, table cells) the cache holds at most: about 32 MB of doubles. */
export const CACHE_NUMBERS = 2 ** 22;

/** One text per request: the same model, seed and parameters (in any order) give the same text. */
export function requestKey(request: RunRequest): string {
  return JSON.stringify([request.model, request.seed, Object.entries(request.params).sort()]);
}

/** The numbers a result holds, as the cache counts its size. */
export function resultNumbers(result: RunResult): number {
  let n = result.scalars.length + (result.record?.length ?? 0);
  for (const s of result.series) n += s.x.length + s.y.length;
  for (const network of result.networks) {
    for (const table of [
      network.routers,
      network.terminals,
      network.channels,
      network.crosspoints,
      network.dependencies,
      network.turns,
    ]) {
      for (const column of table?.columns ?? []) n += column.values.length;
    }
  }
  for (const t of result.timelines) n += t.edges.length + t.shares.length;
  return n;
}

/**
 * Results by key, the least recently used dropped first once they hold more than `budget`
 * numbers; a result larger than the whole budget is not kept.
 */
export class ResultCache<T> {
  private readonly entries = new Map<string, { value: T; numbers: number }>();
  private held = 0;

  constructor(
    private readonly size: (value: T) => number,
    private readonly budget = CACHE_NUMBERS,
  ) {}

  /** Numbers held now. */
  get numbers(): number {
    return this.held;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Map keeps insertion order: re-inserted, the entry is the most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T): void {
    const numbers = this.size(value);
    this.delete(key);
    if (numbers > this.budget) return;
    this.entries.set(key, { value, numbers });
    this.held += numbers;
    for (const [oldest] of this.entries) {
      if (this.held <= this.budget) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.numbers;
  }
}
