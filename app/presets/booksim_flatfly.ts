// BookSim2's flattened butterfly (src/networks/flatfly_onchip.cpp, topology = flatfly) as
// archex's: its k, n and c, its chip layout's keys checked as BookSim asserts them, its channels'
// latency by chip distance (use_noc_latency), and its UGAL's fixed threshold.
import type { Config, Mapped } from './booksim_syntax';
import { BooksimError, whole } from './booksim_syntax';

/** ugal_flatfly_onchip's threshold, hard-coded in flatfly_onchip.cpp. */
const FLATFLY_UGAL_THRESHOLD = 2;

/**
 * A flatfly of k routers a row, n dimensions (BookSim wires at most 4) and c terminals a router,
 * laid out on a chip of x by y routers with xr by yr terminals each (c = xr * yr).
 */
export function flatfly(config: Config): Mapped {
  const k = whole('k', config('k'), 2, 32);
  const n = whole('n', config('n'), 1, 4);
  const c = whole('c', config('c'), 1, 32);
  const [xr, yr] = [whole('xr', config('xr'), 1), whole('yr', config('yr'), 1)];
  if (whole('x', config('x'), 1) !== whole('y', config('y'), 1) || xr !== yr || c !== xr * yr)
    throw new BooksimError('c', `${c}: BookSim's flatfly asserts x = y, xr = yr and c = xr * yr`);
  // use_noc_latency: each channel as long as its routers are apart on the chip.
  const chip = whole('use_noc_latency', config('use_noc_latency'), 0, 1) === 1;
  const notes = [
    ...(c > 1
      ? [
          "BookSim numbers a router's c terminals as an xr x yr block of its chip's grid; archex as terminal t on router t / c (alike under uniform traffic, not under a permutation)",
        ]
      : []),
    ...(chip && config('x') !== k
      ? [
          `BookSim's chip has x = ${config('x')} routers a row, archex's channel latencies lay k = ${k} a row (use_noc_latency)`,
        ]
      : []),
    // flatfly_onchip.cpp: a terminal's channel takes 1 cycle more for each step past the first
    // from its tile's centre, which only a tile of 4 or more a side has.
    ...(chip && xr >= 4
      ? [
          `BookSim's terminal channels take 1 to ${2 * Math.floor(xr / 2) - 1} cycles by their place on a ${xr} x ${xr} tile (use_noc_latency); archex's take 1`,
        ]
      : []),
  ];
  return {
    settings: {
      topology: 'flattened butterfly',
      flatfly_arity: String(k),
      flatfly_dimensions: String(n),
      flatfly_terminals: String(c),
      flatfly_wires: chip ? 'by chip distance' : '1 cycle',
    },
    ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
  };
}

/** ugal_flatfly's threshold: the minimal route unless its weighted queue is longer by more. */
export function flatflyUgal(): Record<string, string> {
  return { ugal_threshold_flits: String(FLATFLY_UGAL_THRESHOLD) };
}
