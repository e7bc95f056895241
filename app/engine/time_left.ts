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

/** How far a run is at a moment, and a sweep's points then. */
export interface Sample {
  fraction: number;
  elapsedMs: number;
  /** A sweep's points as the pool saw them. */
  sweep?: SweepState | undefined;
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

/** The unit a range whose longer end is `high` is said in. */
function unitOf(high: number): (typeof UNITS)[number] {
  // The last unit has no upper end, so one is always found.
  return UNITS.find((u) => !(high >= u.below))!;
}

/** A span of time in whole units (at least 1) of the one that suits its longer end: 3-6 days. */
export interface TimeLeftSpan {
  low: number;
  high: number;
  unit: (typeof UNITS)[number]['name'];
}

export function timeLeftSpan({ low, high }: TimeLeft): TimeLeftSpan {
  const unit = unitOf(high);
  const count = (ms: number) => Math.max(1, Math.round(ms / unit.ms));
  return { low: count(low), high: count(high), unit: unit.name };
}

/**
 * A span of time as a person says it, in English for the CLI (the page says timeLeftSpan in the
 * reader's words): "about 40 s", "about 2-3 min", "about 3-6 days".
 */
export function formatTimeLeft(left: TimeLeft): string {
  const { low, high, unit } = timeLeftSpan(left);
  const number = (n: number) => n.toLocaleString('en-US');
  return low === high
    ? `about ${number(high)} ${unit}`
    : `about ${number(low)}-${number(high)} ${unit}`;
}

/**
 * The run, judged once it has made progress for JUDGE_AFTER_MS, would go on longer than is worth
 * doing unasked: even at the short end of the time left shown.
 */
export function worthAsking(samples: Sample[]): TimeLeft | null {
  const left = shownTimeLeft(samples);
  return left && left.low > ASK_BEYOND_MS ? left : null;
}

/**
 * The widest a range from the run's rates alone is, its ends' factor either side of the middle.
 * A sweep's time left is one number ("about 3 min"): a range would be no more honest, as an
 * estimate within a factor 2 of the time left (judgeTimeLeft) holds for fewer times left the wider
 * its range; the rates' range says how far the run's rate since its first progress and its recent
 * rate differ.
 */
const RATES_SPREAD = 1.5;
/**
 * A sweep says its time left from its finished points once they took this long in all: a point of
 * a few hundred ms is mostly the cost of starting and ending a point (in LCS's and radix's shards,
 * five to ten times its work's), which would read the larger points left as many times longer.
 */
const SWEEP_EVIDENCE_MS = 4000;
/**
 * Other work sharing the cores with the pool's lanes, in cores' worth (the page's own thread, the
 * browser, other programs), the pool being one lane a core: a lane has a core of its own only when
 * the busy lanes and this leave one. So on 2 lanes the last point, alone, runs 1.5 times as fast
 * as beside another (recorded on a 2-core host shared with other work: 1.5 to 2.5 times), on 8
 * lanes 1.125 times.
 */
const OTHER_WORK = 1;
/**
 * A sweep whose finished points do not yet say its time left (SWEEP_EVIDENCE_MS) says it from its
 * points' own progress only after this long: a point's own fraction is its work counted its own
 * way (TSP's tasks, the first of which take longest while the best tour known is still poor),
 * which says little of its time until points have finished.
 */
export const SWEEP_FIRST_MS = 10_000;

/**
 * Adds a progress report to a run's samples. Only the latest sweep state is read, so the earlier
 * ones are let go: a long sweep reports thousands of times.
 */
export function addSample(samples: Sample[], sample: Sample): void {
  const last = samples.at(-1);
  if (last) delete last.sweep;
  samples.push(sample);
}

/**
 * The time left the explorer and the CLI show, once the run has made progress for JUDGE_AFTER_MS:
 * a sweep's from its finished points (sweepTimeLeft); before they say it (from SWEEP_FIRST_MS on),
 * and for a run that is not a sweep, from its rates since its first progress and over the last
 * second (timeLeftRange), about their geometric middle.
 */
export function shownTimeLeft(samples: Sample[]): TimeLeft | null {
  const rates = timeLeftRange(samples);
  if (!rates) return null;
  const last = samples.at(-1)!;
  const sweep = last.sweep;
  if (sweep) {
    const left = sweepTimeLeft(sweep);
    if (left) return left;
    const first = samples.find((s) => s.fraction > 0)!;
    if (last.elapsedMs - first.elapsedMs < SWEEP_FIRST_MS) return null;
  }
  const middle = Math.sqrt(rates.low * rates.high);
  const spread = Math.min(RATES_SPREAD, Math.sqrt(rates.high / rates.low));
  return { low: middle / spread, high: middle * spread };
}

/** A sweep's points as its pool sees them at a moment; times in ms. */
export interface SweepState {
  /** Hosts the points run on at once. */
  lanes: number;
  /**
   * Finished points, in the order they finished: their index, work (the sweep's weight), how long
   * each took on its host (from when the host began it: a host's own start is not the point's),
   * how far its own progress told its time left (ownError) and how long ago it finished.
   */
  done: {
    point?: number;
    weight: number;
    ms: number;
    ownError?: number | undefined;
    agoMs?: number;
  }[];
  /** Running points: their index, work, how long they have run and their own fraction done. */
  running: { point?: number; weight: number; ms: number; fraction: number }[];
  /** The work of each point not yet started, in the order they will start. */
  pending: number[];
}

/** A point's own progress as it went: [ms since its host began it, its own fraction done]. */
export type PointProgress = [number, number][];

/**
 * What either way of telling a point's time (its work, its own progress) is taken to miss by before
 * the finished points say: a factor of about 1.6, as a root mean square of logarithms.
 */
const PRIOR_ERROR = 0.5;
/** Below this own fraction done, a point's own progress says nothing of its time left. */
const OWN_FROM = 0.02;
/** The latest points whose mean time is the half-life of a finished point's say in the rate... */
const RECENT_POINTS = 3;
/** ... at least this long. */
const RECENT_POINTS_MS = 10_000;
/**
 * A running point's time left told by its work is as far off in ms as its whole time, so the
 * less is left the further off in proportion: up to this factor, for a point past its time.
 */
const OVERRUN = 3;

/**
 * How far a finished point's own progress told the time it had left: the root mean square of the
 * logarithm of the time left it gave (its time so far, at the rate of its own progress) over the
 * time it really had left, a quarter, half and three quarters of the way through its time `ms`.
 * A point whose fraction grows as its time does scores near 0; TSP's, whose first tasks take the
 * longest, or a fraction that stands still, far from it. Undefined when it said nothing then.
 */
export function ownError(progress: PointProgress, ms: number): number | undefined {
  let sum = 0;
  let n = 0;
  for (const at of [0.25, 0.5, 0.75]) {
    const seen = progress.findLast(([t]) => t <= at * ms);
    if (!seen || seen[1] <= OWN_FROM) continue;
    const [t, fraction] = seen;
    const told = (t * (1 - fraction)) / fraction;
    sum += Math.log(Math.max(told, 1) / Math.max(ms - t, 1)) ** 2;
    n++;
  }
  return n > 0 ? Math.sqrt(sum / n) : undefined;
}

/**
 * The time a sweep has left, from how long its finished points took. The engine counts a point's
 * work (its weight) in proportion to the time it takes, so the time a unit of work takes is their
 * time over their work, the latest points counting most. A running point's time left is told two
 * ways: by its work at that rate less its time so far, and by its own progress at its own rate;
 * each counts (in logarithms) by the inverse of its mean square error on the finished points
 * (ownError for own progress, from a prior of PRIOR_ERROR counted as one point), own progress
 * the more the further it has gone, the work the less the less of the point's time it says is
 * left (OVERRUN). The points still to run are placed on the lanes as the pool will place them,
 * each on the first lane free, and the lanes left once others are idle run faster (OTHER_WORK).
 * One number, low and high alike. Null until the finished points took SWEEP_EVIDENCE_MS.
 */
export function sweepTimeLeft({ lanes, done, running, pending }: SweepState): TimeLeft | null {
  if (done.length === 0) return null;
  if (done.reduce((a, d) => a + d.ms, 0) < SWEEP_EVIDENCE_MS) return null;
  // A point that finished as long ago as the latest RECENT_POINTS took on average (at least
  // RECENT_POINTS_MS) counts half as much as one just finished: a run sped up or slowed down by
  // other work is told by its latest points, and a few of them, not the last alone.
  const latest = done.slice(-RECENT_POINTS);
  const halfLife = Math.max(RECENT_POINTS_MS, latest.reduce((a, d) => a + d.ms, 0) / latest.length);
  const recency = done.map((d) => 0.5 ** ((d.agoMs ?? 0) / halfLife));
  let ms = 0;
  let work = 0;
  done.forEach((d, i) => {
    ms += recency[i]! * d.ms;
    work += recency[i]! * d.weight;
  });
  const perWork = work > 0 ? ms / work : 0;
  // The two ways' mean square errors (of logarithms) on the finished points, each from a prior
  // of PRIOR_ERROR counted as one point, so that one point does not make either sure.
  let workSquares = PRIOR_ERROR ** 2;
  let workCount = 1;
  let ownSquares = PRIOR_ERROR ** 2;
  let ownCount = 1;
  done.forEach((d, i) => {
    const residual = Math.log(Math.max(d.ms, 1) / Math.max(perWork * d.weight, 1));
    workSquares += recency[i]! * residual ** 2;
    workCount += recency[i]!;
    if (d.ownError === undefined) return;
    ownSquares += recency[i]! * d.ownError ** 2;
    ownCount += recency[i]!;
  });
  const workVariance = workSquares / workCount;
  const ownVariance = ownSquares / ownCount;
  const free = running.map((r) => {
    const total = perWork * r.weight;
    // A point that ran past the time its work says has still some left: say a tenth of it.
    const predicted = Math.max(total - r.ms, total / 10);
    if (r.fraction <= OWN_FROM) return predicted;
    const own = (r.ms * (1 - r.fraction)) / r.fraction;
    // The work tells the point's whole time; what is left of it is as far off in ms, so the
    // less is left, the further off in proportion.
    const predictedVariance = workVariance * Math.min(OVERRUN, total / predicted) ** 2;
    // Own progress says more the further it has gone.
    const share = predictedVariance / (predictedVariance + ownVariance / r.fraction);
    return Math.exp(
      (1 - share) * Math.log(Math.max(predicted, 1)) + share * Math.log(Math.max(own, 1)),
    );
  });
  while (free.length < lanes) free.push(0);
  for (const weight of pending) {
    free.sort((a, b) => a - b);
    free[0]! += perWork * weight;
  }
  // The lanes end one by one, and as they do the ones left run faster (OTHER_WORK).
  const rest = free.map((f) => Math.max(0, f)).sort((a, b) => a - b);
  let left = 0;
  while (rest.length > 0) {
    const busy = rest.length;
    const share = (n: number) => Math.min(1, lanes / (n + OTHER_WORK));
    const speed = share(busy) / share(lanes);
    const first = rest.shift()!;
    left += first / speed;
    for (let i = 0; i < rest.length; i++) rest[i] = rest[i]! - first;
  }
  return { low: left, high: left };
}

/**
 * An estimate is within a factor 2 of the time `actual` really left when every time its words
 * allow is: its low end is at least half the time left and its high end at most twice it, each
 * end as read, to its whole unit ("about 7 s" is 6.5 to 7.5 s: the reading most in its favour).
 * So "about 3-4 min" holds from 1.75 to 7 min left, "about 3-6 min" from 2.75 to 7, "about 1-9
 * min" never: a range cannot be made to hold by widening it.
 */
export function judgeTimeLeft(left: TimeLeft, actual: number): boolean {
  const unit = unitOf(left.high);
  const count = (ms: number) => Math.max(1, Math.round(ms / unit.ms));
  const low = (count(left.low) + 0.5) * unit.ms;
  const high = (count(left.high) - 0.5) * unit.ms;
  return low >= actual / 2 && high <= actual * 2;
}
