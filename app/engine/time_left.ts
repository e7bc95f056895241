// How long a run has left, in words a person reads at a glance ("about 3-6 days"), and when a run
// is long enough to ask before it goes on. The explorer and the CLI both use these.

/** Runs shorter than this finish before a progress bar would be any use. */
export const SHOW_PROGRESS_AFTER_MS = 300;
/**
 * A run's rate is judged over this much time from its first progress on. The time before (a
 * worker starting, its code compiling, another run sharing the cores) and the first slices (the
 * engine's code not yet optimised) say little of the rest: judged on them, a run of seconds read
 * as hours.
 */
export const JUDGE_AFTER_MS = 2000;
/**
 * A run that would go on longer than this is paused to ask first: moving a slider, one waits
 * seconds for a chart, and a minute is already a decision; a run of hours is rarely what was meant.
 */
export const ASK_BEYOND_MS = 60_000;
/** The recent rate is read over the last this long. */
const RECENT_MS = 1000;

/** How far a run is at a moment. */
export interface Sample {
  fraction: number;
  elapsedMs: number;
}

/**
 * The time left: the time per unit of work so far times the work left. The engine counts work so
 * that what is done is a fair sample of what is left (a sweep runs its points spread over the
 * range), so the rate so far holds. NaN before any progress.
 */
export function timeLeftMs({ fraction, elapsedMs }: Sample): number {
  return fraction > 0 ? (elapsedMs / fraction) * (1 - fraction) : Number.NaN;
}

export interface TimeLeft {
  low: number;
  high: number;
}

/** The time left at the rate from sample `a` to sample `b`. */
function leftAt(a: Sample, b: Sample): number {
  return ((b.elapsedMs - a.elapsedMs) / (b.fraction - a.fraction)) * (1 - b.fraction);
}

/**
 * The time left at the run's rate since its first progress and at its rate over the last second,
 * lower first: a network that fills up slows down as it goes, a run whose code is optimised or
 * whose cores are freed speeds up, and the two bound what to expect. Null until the run has made
 * progress for JUDGE_AFTER_MS: before, an estimate would be a guess shown as a fact.
 */
export function timeLeftRange(samples: Sample[]): TimeLeft | null {
  const first = samples.find((s) => s.fraction > 0);
  const last = samples.at(-1);
  if (!first || !last || last.fraction <= first.fraction) return null;
  if (last.elapsedMs - first.elapsedMs < JUDGE_AFTER_MS) return null;
  const overall = leftAt(first, last);
  const earlier = samples.findLast(
    (s) => last.elapsedMs - s.elapsedMs >= RECENT_MS && s.fraction < last.fraction,
  );
  const recent = earlier && earlier.fraction >= first.fraction ? leftAt(earlier, last) : overall;
  return { low: Math.min(overall, recent), high: Math.max(overall, recent) };
}

// Days from 2 on and years from 2 on, so a plural always reads right.
const UNITS = [
  { ms: 1000, below: 90_000, name: 's' },
  { ms: 60_000, below: 90 * 60_000, name: 'min' },
  { ms: 3_600_000, below: 48 * 3_600_000, name: 'h' },
  { ms: 86_400_000, below: 730 * 86_400_000, name: 'days' },
  { ms: 365 * 86_400_000, below: Number.POSITIVE_INFINITY, name: 'years' },
] as const;

/**
 * A span of time as a person says it, in the unit that suits its longer end: "about 40 s",
 * "about 2-3 min", "about 3-6 days". Whole units, at least 1.
 */
export function formatTimeLeft({ low, high }: TimeLeft): string {
  // The last unit has no upper end, so one is always found.
  const unit = UNITS.find((u) => !(high >= u.below))!;
  const count = (ms: number) => Math.max(1, Math.round(ms / unit.ms));
  const [a, b] = [count(low), count(high)];
  const number = (n: number) => n.toLocaleString('en-US');
  const { name } = unit;
  return a === b ? `about ${number(b)} ${name}` : `about ${number(a)}-${number(b)} ${name}`;
}

/**
 * The run, judged once it has made progress for JUDGE_AFTER_MS, would go on longer than is worth
 * doing unasked: at both its rate so far and its recent rate.
 */
export function worthAsking(samples: Sample[]): TimeLeft | null {
  const left = timeLeftRange(samples);
  return left && left.low > ASK_BEYOND_MS ? left : null;
}
