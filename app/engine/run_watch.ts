// What watches a long run for the CLI and the library: its estimate, said once when it would take
// longer than the explorer runs unasked (ASK_BEYOND_MS, judged as the explorer judges it), and its
// time limit, which stops it.
import type { RunProgress } from './engine';
import type { Sample, TimeLeft } from './time_left';
import { ASK_BEYOND_MS, addSample, worthAsking } from './time_left';

/** A time limit is from 1 s to 20 days (a timer's longest wait is 24.8 days). */
export const MIN_TIME_LIMIT_S = 1;
export const MAX_TIME_LIMIT_S = 20 * 86_400;

/** The estimate of a run that would take longer than ASK_BEYOND_MS, said once. */
export interface RunEstimate {
  /** The time it has left, in seconds: the short and the long end (equal for a sweep). */
  secondsLow: number;
  secondsHigh: number;
  /** The points it runs (1 for a run that is not a sweep). */
  points: number;
  /** How long it had run when judged, in seconds. */
  afterSeconds: number;
}

/** The runs this long or longer say their estimate: the explorer's threshold for asking. */
export const ESTIMATE_BEYOND_S = ASK_BEYOND_MS / 1000;

/** A run stopped by its time limit, with the points it had finished then. */
export class TimeLimitError extends Error {
  /** What to do next, said after the message (where the finished points are kept). */
  next?: string;
  constructor(
    readonly limitSeconds: number,
    readonly finished: number,
    readonly points: number,
  ) {
    super(
      `the run reached its time limit of ${durationWords(limitSeconds)} with ${finished} of ` +
        `${points} point${points === 1 ? '' : 's'} finished`,
    );
    this.name = 'TimeLimitError';
  }
}

/** Seconds as the time limit reads best: "90 s", "10 min", "2.5 h". */
export function durationWords(seconds: number): string {
  if (seconds < 120 || seconds % 60 !== 0) return `${seconds} s`;
  if (seconds < 7200 || seconds % 3600 !== 0) return `${seconds / 60} min`;
  return `${seconds / 3600} h`;
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/**
 * A time limit as written on a command line ("90s", "10m", "1.5h", "2d"; a bare number is
 * seconds), in seconds; `name` is the option it was given as, for the error.
 */
export function parseDuration(text: string, name: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*$/.exec(text);
  const seconds = match ? Number(match[1]) * UNIT_SECONDS[match[2] || 's']! : Number.NaN;
  return checkedDuration(
    seconds,
    `${name} ${text}`,
    'as a number of seconds or with a unit: 90s, 10m, 2h, 1d',
  );
}

/** `seconds` checked as a time limit; the error starts with `what` and ends with `how`. */
export function checkedDuration(seconds: number, what: string, how = 'in seconds'): number {
  if (!Number.isFinite(seconds) || seconds < MIN_TIME_LIMIT_S || seconds > MAX_TIME_LIMIT_S) {
    throw new RangeError(
      `${what}: want a time from ${MIN_TIME_LIMIT_S} s to ${MAX_TIME_LIMIT_S / 86_400} days, ${how}`,
    );
  }
  return seconds;
}

/** The number of points of the run at a progress report, and how many had finished. */
function pointsAt(progress: RunProgress): { finished: number; points: number } {
  const sweep = progress.sweep;
  if (!sweep) return { finished: progress.fraction >= 1 ? 1 : 0, points: 1 };
  const finished = sweep.done.length;
  return { finished, points: finished + sweep.running.length + sweep.pending.length };
}

/**
 * Watches one run: `onProgress` goes to the run, `signal` too (aborted by the caller's signal or
 * by the time limit), and `failure(error)` turns the run's abort at its limit into a
 * TimeLimitError. `onEstimate` hears the estimate once, when the run would take longer than
 * ESTIMATE_BEYOND_S (judged from its first seconds, as the explorer judges a run to pause).
 */
export class RunWatch {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly samples: Sample[] = [];
  private said = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private expired = false;
  private last: { finished: number; points: number } = { finished: 0, points: 1 };
  private readonly stopParent: (() => void) | undefined;

  constructor(
    private readonly options: {
      timeLimitSeconds?: number | undefined;
      signal?: AbortSignal | undefined;
      onEstimate?: ((estimate: RunEstimate) => void) | undefined;
      onProgress?: ((progress: RunProgress) => void) | undefined;
    },
  ) {
    this.signal = this.controller.signal;
    const parent = options.signal;
    if (parent) {
      const abort = () => this.controller.abort(parent.reason);
      if (parent.aborted) abort();
      parent.addEventListener('abort', abort, { once: true });
      this.stopParent = () => parent.removeEventListener('abort', abort);
    }
    const limit = options.timeLimitSeconds;
    if (limit !== undefined) {
      this.timer = setTimeout(() => {
        this.expired = true;
        this.controller.abort();
      }, limit * 1000);
    }
  }

  readonly onProgress = (progress: RunProgress): void => {
    this.last = pointsAt(progress);
    this.options.onProgress?.(progress);
    if (this.said || !this.options.onEstimate) return;
    addSample(this.samples, progress);
    const left: TimeLeft | null = worthAsking(this.samples);
    if (!left) return;
    this.said = true;
    this.options.onEstimate({
      secondsLow: left.low / 1000,
      secondsHigh: left.high / 1000,
      points: this.last.points,
      afterSeconds: progress.elapsedMs / 1000,
    });
  };

  /**
   * The error a run that failed with `error` ends with: a TimeLimitError when the limit stopped
   * it (`finished` overrides the points the last progress counted), else `error` itself.
   */
  failure(error: unknown, finished?: { finished: number; points: number }): unknown {
    if (!this.expired) return error;
    const { finished: n, points } = finished ?? this.last;
    return new TimeLimitError(this.options.timeLimitSeconds!, n, points);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.stopParent?.();
  }
}
