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

/** How far a run is at a moment, and the time left the engine reckons, where it can. */
export interface Sample {
  fraction: number;
  elapsedMs: number;
  left?: TimeLeft | null;
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

/** The unit a range whose longer end is `high` is said in. */
function unitOf(high: number): (typeof UNITS)[number] {
  // The last unit has no upper end, so one is always found.
  return UNITS.find((u) => !(high >= u.below))!;
}

/**
 * A span of time as a person says it, in the unit that suits its longer end: "about 40 s",
 * "about 2-3 min", "about 3-6 days". Whole units, at least 1.
 */
export function formatTimeLeft({ low, high }: TimeLeft): string {
  const unit = unitOf(high);
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
  const left = shownTimeLeft(samples);
  return left && left.low > ASK_BEYOND_MS ? left : null;
}

/**
 * The time left the explorer shows: once the run has made progress for JUDGE_AFTER_MS, the
 * engine's reckoning where it has one (a sweep's, from the points it has finished: sweepTimeLeft),
 * else the range of its rates (timeLeftRange).
 */
export function shownTimeLeft(samples: Sample[]): TimeLeft | null {
  const rates = timeLeftRange(samples);
  if (!rates) return null;
  return samples.at(-1)?.left ?? rates;
}

/** A sweep's points as its pool sees them at a moment; times in ms. */
export interface SweepState {
  /** Hosts the points run on at once. */
  lanes: number;
  /** Finished points: their work (the sweep's weight) and how long each took. */
  done: { weight: number; ms: number }[];
  /** Running points: their work, how long they have run and their own fraction done. */
  running: { weight: number; ms: number; fraction: number }[];
  /** The work of each point not yet started, in the order they will start. */
  pending: number[];
}

/**
 * The time a sweep has left, from how long its finished points took: their time against their
 * work fitted as a power of it (a model's weights say which points are larger, not always by how
 * much), the points still to run placed on the lanes as the pool will place them, and the
 * spread of the finished points about the fit as the range: wider while few have finished, and
 * for points larger than any finished one.
 * Null until a point has finished.
 */
export function sweepTimeLeft({ lanes, done, running, pending }: SweepState): TimeLeft | null {
  if (done.length === 0) return null;
  const logs = done.map((d) => ({ w: Math.log(Math.max(d.weight, 1e-9)), t: Math.log(d.ms + 1) }));
  const meanW = logs.reduce((a, l) => a + l.w, 0) / logs.length;
  const meanT = logs.reduce((a, l) => a + l.t, 0) / logs.length;
  const varW = logs.reduce((a, l) => a + (l.w - meanW) ** 2, 0);
  // The exponent once the finished points' work differs enough to tell it, else proportional.
  const exponent =
    varW > 0.05 && done.length >= 3
      ? Math.min(3, Math.max(0, logs.reduce((a, l) => a + (l.w - meanW) * (l.t - meanT), 0) / varW))
      : 1;
  const scale = Math.exp(meanT - exponent * meanW);
  const predict = (weight: number) => scale * Math.max(weight, 1e-9) ** exponent;
  const ratios = done.map((d) => (d.ms + 1) / predict(d.weight));
  const widen = 1 + SPREAD_PER_POINT / done.length;
  const low = Math.min(...ratios) / widen;
  const high = Math.max(...ratios) * widen;
  // A point larger than any finished one is told by the fit beyond its data: less surely.
  const largest = Math.max(...done.map((d) => d.weight));
  const beyond = (weight: number) => Math.sqrt(Math.max(1, weight / largest));
  const makespan = (side: 1 | -1) => {
    const factor = (weight: number) => (side > 0 ? high * beyond(weight) : low / beyond(weight));
    const pick = side > 0 ? Math.max : Math.min;
    const free = running.map((r) => {
      const predicted = Math.max(0, predict(r.weight) * factor(r.weight) - r.ms);
      // A point's own progress says how much it has left once it has made some.
      const own = r.fraction > 0.02 ? (r.ms * (1 - r.fraction)) / r.fraction : predicted;
      return pick(predicted, own);
    });
    while (free.length < lanes) free.push(0);
    for (const weight of pending) {
      free.sort((a, b) => a - b);
      free[0]! += predict(weight) * factor(weight);
    }
    return Math.max(0, ...free);
  };
  return { low: makespan(-1), high: makespan(1) };
}

/** How much wider than the finished points' spread the range is, with one point finished. */
const SPREAD_PER_POINT = 2;

/** A run as recorded (app/bench/time_left_traces.ts): each time left shown, [ms, low, high]. */
export interface ProgressTrace {
  preset: string;
  totalMs: number;
  shown: [number, number, number][];
}

/**
 * How often the range the explorer showed held the time really left, as it reads (to its whole
 * units), over recorded runs: for the first range each run showed, and for every range shown.
 */
export function coverage(traces: ProgressTrace[]): {
  firstHeld: number;
  allHeld: number;
  runs: number;
} {
  let runs = 0;
  let firstHeld = 0;
  let shown = 0;
  let held = 0;
  for (const trace of traces) {
    trace.shown.forEach(([elapsedMs, low, high], i) => {
      // As it reads: "about 7 s" holds 6.5 s to 7.5 s.
      const half = unitOf(high).ms / 2;
      const left = trace.totalMs - elapsedMs;
      const ok = low - half <= left && left <= high + half;
      shown++;
      if (ok) held++;
      if (i === 0) {
        runs++;
        if (ok) firstHeld++;
      }
    });
  }
  return {
    firstHeld: runs > 0 ? firstHeld / runs : Number.NaN,
    allHeld: shown > 0 ? held / shown : Number.NaN,
    runs,
  };
}
