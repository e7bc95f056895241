// How often one address may try something: a window's count per address, in this process's
// memory (each server process counts its own; behind one address a hall of students shares one).

export interface Limit {
  /** The most tries a window. */
  most: number;
  /** The window's length. */
  ms: number;
}

export class RateLimit {
  private readonly tries = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: Limit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a try by `address`; false when it is over the limit (the try is then refused). */
  take(address: string): boolean {
    const now = this.now();
    const entry = this.tries.get(address);
    if (!entry || now - entry.start >= this.limit.ms) {
      // An old window is dropped as its address comes back; sweep keeps the map small.
      this.tries.set(address, { start: now, count: 1 });
      if (this.tries.size > 10_000) this.sweep(now);
      return true;
    }
    entry.count++;
    return entry.count <= this.limit.most;
  }

  /** Whether `address` is over the limit now, without counting a try. */
  over(address: string): boolean {
    const entry = this.tries.get(address);
    return !!entry && this.now() - entry.start < this.limit.ms && entry.count >= this.limit.most;
  }

  private sweep(now: number) {
    for (const [address, entry] of this.tries)
      if (now - entry.start >= this.limit.ms) this.tries.delete(address);
  }
}
