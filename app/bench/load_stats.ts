// What the class load bench reads off its numbers and off a process: a percentile of latencies,
// and a process's peak memory and processor time from Linux's /proc.
import { readFileSync } from 'node:fs';

/** The `p`th percentile (0-100) of `xs` by nearest rank: a value that was measured; NaN when empty. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface Latencies {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

export function latencies(xs: readonly number[]): Latencies {
  return {
    count: xs.length,
    p50: percentile(xs, 50),
    p95: percentile(xs, 95),
    max: xs.length === 0 ? NaN : Math.max(...xs),
  };
}

export interface ProcessUse {
  /** The most memory the process held at once (VmHWM), in bytes. */
  peakRssBytes: number;
  /** Processor time in user and kernel mode (utime + stime), in seconds. */
  cpuSeconds: number;
}

/** Clock ticks a second in /proc/<pid>/stat: USER_HZ, 100 on every Linux Node runs on. */
const TICKS = 100;

/** A process's peak memory and processor time, from the text of /proc/<pid>/status and stat. */
export function parseProcessUse(status: string, stat: string): ProcessUse {
  const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  if (!hwm) throw new Error('/proc/<pid>/status has no VmHWM line');
  // The command's name, in parentheses, may hold spaces: the fields counted after its ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat; the first after ')' is field 3.
  const utime = Number(fields[14 - 3]);
  const stime = Number(fields[15 - 3]);
  if (!Number.isFinite(utime + stime)) throw new Error('/proc/<pid>/stat has no utime and stime');
  return { peakRssBytes: Number(hwm[1]) * 1024, cpuSeconds: (utime + stime) / TICKS };
}

/** Process `pid`'s peak memory and processor time so far. */
export function processUse(pid: number): ProcessUse {
  return parseProcessUse(
    readFileSync(`/proc/${pid}/status`, 'utf8'),
    readFileSync(`/proc/${pid}/stat`, 'utf8'),
  );
}
