// BookSim2's keys of how a run offers its load and measures it (booksim_keys.ts holds the
// table): the injection rate and process, and sim_type with its sample periods.
import { meanPacketFlits } from './booksim_traffic';
import type { BooksimValue, Config, Mapped } from './booksim_syntax';
import { BooksimError, refuse, whole, word } from './booksim_syntax';

/**
 * Cycles BookSim's packets take into their router past archex's one: its injection channel's
 * cycle, and the cycle between a packet's creation and its first flit leaving the source queue
 * (trafficmanager.cpp; measured: 7 cycles a packet against archex's 5 before).
 */
const BOOKSIM_INJECTION_CYCLES = 2;

/**
 * The rate in flits per node per cycle, from packets unless injection_rate_uses_flits; and
 * BookSim's way in (BOOKSIM_INJECTION_CYCLES), which every run takes. BookSim's packets come at
 * the rate (or the rate in flits over its mean packet size); archex counts each packet's flits
 * (a transaction's under use_read_write) into its load.
 */
export function injectionRate(value: BooksimValue, config: Config): Mapped {
  if (typeof value !== 'number' || !(value > 0))
    throw new BooksimError(
      'injection_rate',
      `'${value}' is not a positive number (one rate; no lists)`,
    );
  const flits = whole('injection_rate_uses_flits', config('injection_rate_uses_flits'), 0, 1);
  const mean = meanPacketFlits(config);
  const packets = flits === 1 ? value / mean.booksim : value;
  // To 12 digits: a product such as 0.1 x 3 reads 0.3, not 0.30000000000000004.
  const rate =
    flits === 1 && mean.booksim === mean.archex
      ? value
      : Number((packets * mean.archex).toPrecision(12));
  return {
    settings: { injection_rate: String(rate), injection_cycles: String(BOOKSIM_INJECTION_CYCLES) },
    ...(rate === value
      ? {}
      : {
          note: `${packets} packets/node/cycle x ${mean.archex} flits = ${rate} flits/node/cycle`,
        }),
  };
}

/** on_off's mean packets per on period: the on-state rate over the chance of turning off. */
export function injectionProcess(value: BooksimValue, config: Config): Mapped {
  const name = word('injection_process', value);
  if (name === 'bernoulli') return { settings: { injection: 'bernoulli' } };
  if (name !== 'on_off') refuse('injection_process', name, ['bernoulli', 'on_off']);
  const alpha = Number(config('burst_alpha'));
  const beta = Number(config('burst_beta'));
  const given = Number(config('burst_r1'));
  const rate = Number(config('injection_rate'));
  const r1 = given < 0 ? (rate * (alpha + beta)) / alpha : given;
  const burst = Math.max(1, r1 / beta);
  return {
    settings: { injection: 'on/off', burst_length: String(burst) },
    note: `bursts of ${burst} packets on average (burst_r1 / burst_beta); archex sends a burst's packets back to back rather than at BookSim's on-state rate`,
  };
}

export const MEASUREMENT =
  'archex measures by batch means to confidence_percent after warmup_cycles, up to max_cycles';

/**
 * BookSim's run in sample periods: warmup_periods of them (0: until its figures settle), then up
 * to max_samples in all, each sample_period cycles, stopping once its figures change by less than
 * 5 % three times running; a latency run gives up past saturation, a throughput run measures on
 * for the load accepted. archex measures the same window its own way: warm-up, then batch means
 * to confidence_percent, for three of BookSim's periods at least and up to the rest of them.
 */
export function simType(value: BooksimValue, config: Config): Mapped {
  const kind = word('sim_type', value);
  if (kind !== 'latency' && kind !== 'throughput')
    refuse('sim_type', kind, ['latency', 'throughput']);
  const period = whole('sample_period', config('sample_period'), 1);
  const warmups = whole('warmup_periods', config('warmup_periods'), 0);
  const samples = whole('max_samples', config('max_samples'), warmups + 1);
  const warmup = warmups * period;
  const window = Math.max(1000, (samples - warmups) * period);
  // Three periods running within 5 % end BookSim's measurement: it measures three at least.
  const least = Math.min(window, 3 * period);
  return {
    settings: {
      measurement: kind,
      ...(warmups > 0 ? { warmup_cycles: String(warmup) } : {}),
      max_cycles: String(window),
      min_cycles: String(least),
    },
    note:
      `${kind} run: ${warmups > 0 ? `warm-up ${warmups} x ${period} = ${warmup} cycles` : "warm-up archex's warmup_cycles (BookSim's until its figures settle)"}, ` +
      `then batch means to confidence_percent for ${least} to ${samples - warmups} x ${period} = ${window} cycles` +
      (kind === 'throughput' ? ', measured to the end past saturation' : ''),
  };
}
