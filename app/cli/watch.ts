// A command's run watched: its estimate said on stderr once it would run long, --time-limit, and
// SIGINT/SIGTERM, which stop it at once.
import type { RunEstimate } from '../engine/run_watch';
import { RunWatch, parseDuration } from '../engine/run_watch';
import { formatTimeLeft } from '../engine/time_left';
import { UsageError } from '../headless/usage_error';

/** The estimate of a long run, said on stderr as one line; `limited`: the command takes --time-limit. */
function sayEstimate(e: RunEstimate, limited: boolean): void {
  const left = formatTimeLeft({ low: e.secondsLow * 1000, high: e.secondsHigh * 1000 });
  const points = e.points === 1 ? '' : ` (${e.points.toLocaleString('en-US')} points)`;
  console.error(
    `archex: this run would take ${left} more${points}, judged from its first ` +
      `${Math.round(e.afterSeconds)} seconds; ${limited ? '--time-limit caps it, ' : ''}` +
      'Ctrl-C stops it.',
  );
}

/** SIGINT and SIGTERM abort this, so a run stops at once; `received` is the first one. */
const stopped = new AbortController();
let received: 'SIGINT' | 'SIGTERM' | undefined;

/**
 * The watch of a run: the estimate on stderr, --time-limit (`limited`: the command takes one) and
 * SIGINT/SIGTERM.
 */
export function watchRun(timeLimit: string | undefined, limited = false): RunWatch {
  let timeLimitSeconds: number | undefined;
  try {
    timeLimitSeconds =
      timeLimit === undefined ? undefined : parseDuration(timeLimit, '--time-limit');
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return new RunWatch({
    timeLimitSeconds,
    signal: stopped.signal,
    onEstimate: (e) => sayEstimate(e, limited),
  });
}

/** The signal that stopped the CLI, if one did. */
export function stoppedBy(): 'SIGINT' | 'SIGTERM' | undefined {
  return received;
}

/** The exit codes of the signals that stop a run: 128 and the signal's number. */
export const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;
/** A stopped run whose threads have not yet let the process end by then is ended. */
const STOP_WITHIN_MS = 500;

/** From now on SIGINT and SIGTERM stop the run, say so and end the process with their code. */
export function stopOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      // A second one is the same stop: tsx relays to this process the signal its group also got.
      if (received) return;
      received = signal;
      process.exitCode = SIGNAL_EXIT[signal];
      console.error(`archex: stopped by ${signal}`);
      stopped.abort();
      // Every line is written whole by one write call, so ending here cuts none.
      setTimeout(() => process.exit(SIGNAL_EXIT[signal]), STOP_WITHIN_MS).unref();
    });
  }
}
