// Recorded runs replayed through the time-left estimate, and each estimate shown judged against
// the time that was really left.
import type { Sample, SweepState, TimeLeft } from './time_left';
import { addSample, judgeTimeLeft, ownError, shownTimeLeft } from './time_left';

/**
 * One run as recorded (app/bench/time_left_traces.ts); times in ms from the run's start. `id` is
 * the preset, and `@i/n` for a CLI shard.
 */
export interface RecordedRun {
  id: string;
  /** Hosts the pool ran the points on. */
  lanes: number;
  totalMs: number;
  /** The machine's load average (1 min) as the run started and as it ended. */
  load: [number, number];
  /** Each progress report: [ms, fraction of the run done]. */
  reports: [number, number][];
  /**
   * A sweep's points: when each was sent to its host, when the host began it (after the host's
   * own start), when it ended, and its own fraction done as it went, [ms, fraction].
   */
  points: RecordedPoint[];
}

export interface RecordedPoint {
  point: number;
  weight: number;
  sent: number;
  start: number;
  end: number;
  progress: [number, number][];
}

/** The sweep as the pool saw it `t` ms into the run. */
export function sweepAt(run: RecordedRun, t: number): SweepState | undefined {
  if (run.points.length === 0) return undefined;
  const state: SweepState = { lanes: run.lanes, done: [], running: [], pending: [] };
  const order = [...run.points].sort((a, b) => a.sent - b.sent);
  for (const p of order) {
    if (p.end <= t) {
      const ms = p.end - p.start;
      const progress = p.progress.map(([at, f]): [number, number] => [at - p.start, f]);
      state.done.push({
        point: p.point,
        weight: p.weight,
        ms,
        ownError: ownError(progress, ms),
        agoMs: t - p.end,
      });
    } else if (p.sent <= t) {
      const seen = p.progress.findLast(([ms]) => ms <= t);
      // Until its host's first report, the pool knows only when it sent the point.
      const start = seen ? p.start : p.sent;
      state.running.push({
        point: p.point,
        weight: p.weight,
        ms: t - start,
        fraction: seen ? seen[1] : 0,
      });
    } else state.pending.push(p.weight);
  }
  return state;
}

/** An estimate shown, judged: `ok` when within a factor 2 of the time left (judgeTimeLeft). */
export interface Judged {
  ms: number;
  left: TimeLeft;
  actual: number;
  ok: boolean;
}

/**
 * A user reads the estimate about once a second: one judged a second of the run it is shown, while
 * a second at least is left (the words say no less than "about 1 s", and one shown in the run's
 * last second is gone before it is read).
 */
const READ_EVERY_MS = 1000;

/** The estimates the run showed as it went, one a second, each judged. */
export function judgeRun(
  run: RecordedRun,
  estimate: (samples: Sample[]) => TimeLeft | null = shownTimeLeft,
): Judged[] {
  const samples: Sample[] = [];
  const judged: Judged[] = [];
  let lastRead = Number.NEGATIVE_INFINITY;
  for (const [ms, fraction] of run.reports) {
    addSample(samples, { fraction, elapsedMs: ms, sweep: sweepAt(run, ms) });
    if (ms - lastRead < READ_EVERY_MS) continue;
    const left = estimate(samples);
    if (!left) continue;
    lastRead = ms;
    const actual = run.totalMs - ms;
    if (actual < READ_EVERY_MS) break;
    judged.push({ ms, left, actual, ok: judgeTimeLeft(left, actual) });
  }
  return judged;
}

export function judgeRuns(
  runs: RecordedRun[],
  estimate?: (samples: Sample[]) => TimeLeft | null,
): { run: RecordedRun; judged: Judged[] }[] {
  return runs.map((run) => ({ run, judged: judgeRun(run, estimate) }));
}

/** The end of a range farthest from the time left, as a ratio estimate / actual. */
function worst({ left, actual }: Judged): number {
  const a = Math.max(actual, 1);
  const [lo, hi] = [left.low / a, left.high / a];
  return Math.abs(Math.log(lo)) > Math.abs(Math.log(hi)) ? lo : hi;
}

/**
 * A Markdown table: each run's estimates shown (one a second), the share within 2x, the worst
 * ratio estimate / actual (of either end), the first estimate's ratio and the run's time.
 */
export function timeLeftTable(runs: { run: RecordedRun; judged: Judged[] }[]): string {
  const rows = runs.map(({ run, judged }) => {
    const ok = judged.filter((j) => j.ok).length;
    const ratios = judged.map(worst);
    const far = ratios.reduce((a, r) => (Math.abs(Math.log(r)) > Math.abs(Math.log(a)) ? r : a), 1);
    return [
      run.id,
      String(judged.length),
      judged.length ? `${Math.round((100 * ok) / judged.length)} %` : '-',
      judged.length ? far.toFixed(2) : '-',
      judged.length ? worst(judged[0]!).toFixed(2) : '-',
      `${(run.totalMs / 1000).toFixed(1)} s`,
      run.load.join('-'),
    ];
  });
  const all = runs.flatMap((r) => r.judged);
  const ok = all.filter((j) => j.ok).length;
  rows.push([
    '**all**',
    String(all.length),
    `${Math.round((100 * ok) / Math.max(1, all.length))} %`,
    '',
    '',
    '',
    '',
  ]);
  const head = ['run', 'shown', 'within 2x', 'worst', 'first', 'run time', 'load'];
  return [head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

/** Recorded progress is kept at most this often: the estimates are judged once a second. */
const KEEP_EVERY_MS = 500;
/** A point's own progress is kept when it moved by this much (a fraction that stands still says
 * nothing more as it stands). */
const KEEP_STEP = 0.02;

/**
 * The run with its reports and its points' progress thinned to what the judging reads, so that a
 * few minutes of a sweep take a few kilobytes: a report every KEEP_EVERY_MS at most (the first and
 * the last kept), a point's progress every KEEP_STEP.
 */
export function thinRun(run: RecordedRun): RecordedRun {
  const thin = (list: [number, number][], step: number, every: number) => {
    const kept: [number, number][] = [];
    list.forEach((entry, i) => {
      const last = kept.at(-1);
      if (
        !last ||
        i === list.length - 1 ||
        entry[1] - last[1] >= step ||
        entry[0] - last[0] >= every
      )
        kept.push([Math.round(entry[0]), Number(entry[1].toPrecision(4))]);
    });
    return kept;
  };
  return {
    ...run,
    reports: thin(run.reports, Number.POSITIVE_INFINITY, KEEP_EVERY_MS),
    points: run.points.map((p) => ({
      ...p,
      weight: Number(p.weight.toPrecision(6)),
      progress: thin(p.progress, KEEP_STEP, Number.POSITIVE_INFINITY),
    })),
  };
}
