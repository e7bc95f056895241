// The arithmetic of the trace player, apart from the clock that drives it: how far a frame
// moves the time, where a step lands, the speeds offered and how a time is said. Times are in the trace's clock;
// a clock of whole cycles is shown a whole cycle at a time.
import { unitSymbol } from '../presets/units';
import { vt } from './view_words';

/** Clock units a second of playing covers (cycles or microseconds), slowest first. */
export const SPEEDS = [1, 3, 10, 30, 60, 100, 300, 1000, 3000, 10_000, 30_000] as const;
export const DEFAULT_SPEED = 10;

export interface Span {
  from: number;
  end: number;
}

/** `time` kept within the window. */
export function clampTime(time: number, span: Span): number {
  return Math.min(span.end, Math.max(span.from, time));
}

/**
 * The time after playing `ms` of wall time at `speed` units a second; the end of the window
 * stops it (ended: true).
 */
export function advance(
  time: number,
  speed: number,
  ms: number,
  span: Span,
): { time: number; ended: boolean } {
  const next = time + (speed * Math.max(0, ms)) / 1000;
  return next >= span.end ? { time: span.end, ended: true } : { time: next, ended: false };
}

/**
 * One step forwards (delta 1) or back (delta -1) from `time`: to the next whole unit of the clock,
 * so that a step from a time between two cycles lands on a cycle; within the window.
 */
export function stepTime(time: number, delta: 1 | -1, span: Span): number {
  const whole = delta > 0 ? Math.floor(time) + 1 : Math.ceil(time) - 1;
  return clampTime(whole, span);
}

/** The time a view is drawn at: whole cycles on a cycle clock, as is on a clock of microseconds. */
export function shownTime(time: number, clock: string): number {
  return clock === 'cycle' ? Math.floor(time) : time;
}

/** A time as the panel says it: "cycle 2001" on a cycle clock, else "3.0 ms". */
export function formatTime(time: number, clock: string): string {
  if (clock === 'cycle') return vt('time.cycle', { cycle: Math.floor(time) });
  return vt('time.clock', { time: time.toFixed(1), unit: unitSymbol(clock) });
}
