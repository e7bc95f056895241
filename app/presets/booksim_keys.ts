// What archex does with each key of a BookSim2 configuration (booksim.ts reads a file through
// it): its BookSim default (booksim_config.cpp) and the custom-network settings it gives, or why
// archex leaves it out.
import { anynet } from './booksim_anynet';
import { cmesh } from './booksim_cmesh';
import type { ForeignName } from '../engine/types';
import { dragonfly, fatTree, ugal } from './booksim_dragonfly';
import { flatfly, flatflyUgal } from './booksim_flatfly';
import { injectionProcess, injectionRate, MEASUREMENT, simType } from './booksim_measure';
import { switchAllocator, vcAllocator } from './booksim_router';
import { packetSize, READ_WRITE_KEYS, traffic, useReadWrite } from './booksim_traffic';
import type { BooksimValue, Config, Mapped, ReadFile } from './booksim_syntax';
import { BooksimError, refuse, whole, word } from './booksim_syntax';

/** One key of the table: its BookSim default and what archex makes of it. */
type KeyRule =
  | {
      default?: BooksimValue;
      /**
       * `routings`: BookSim2's routing functions as the engine's routings name them; `readFile`:
       * the files the configuration names, where they can be read.
       */
      map: (
        value: BooksimValue,
        config: Config,
        routings: readonly ForeignName[],
        readFile: ReadFile | undefined,
      ) => Mapped;
    }
  /** Read by another key's rule (k and n by topology's): the value is used there. */
  | { default: BooksimValue; readBy: string }
  /** Not modelled: `when` (default: any value other than BookSim's default) says it matters. */
  | { default?: BooksimValue; ignored: string };

const TOPOLOGIES = [
  'mesh',
  'torus',
  'cmesh',
  'fly',
  'dragonflynew',
  'fattree',
  'flatfly',
  'anynet',
] as const;

/**
 * The topology with k and n: a cube's dims, a fly's radix and stages, a dragonfly, a fat tree, a
 * concentrated mesh or flattened butterfly (with its concentration c), or an anynet from its
 * network_file.
 */
function topology(
  value: BooksimValue,
  config: Config,
  _routings: readonly ForeignName[],
  readFile: ReadFile | undefined,
): Mapped {
  const shape = word('topology', value);
  if (!(TOPOLOGIES as readonly string[]).includes(shape)) refuse('topology', shape, TOPOLOGIES);
  if (shape === 'anynet') return anynet(config, readFile);
  if (shape === 'flatfly') return flatfly(config);
  if (shape === 'cmesh') return cmesh(config);
  if (whole('c', config('c'), 1) !== 1)
    throw new BooksimError('c', 'concentration above 1 is not modelled (one terminal a router)');
  if (shape === 'dragonflynew') return dragonfly(config);
  if (shape === 'fattree') return fatTree(config);
  const k = whole('k', config('k'), 2);
  if (shape === 'fly') {
    return {
      settings: {
        topology: 'fly',
        fly_radix: String(whole('k', k, 2, 16)),
        fly_stages: String(whole('n', config('n'), 1, 12)),
        fly_wiring: 'butterfly',
      },
    };
  }
  const n = whole('n', config('n'), 1);
  const dims = Array<number>(n).fill(k).join('x');
  // A torus's classes as BookSim2's dim_order_torus assigns them (archex's own: by crossing).
  return {
    settings: { topology: shape, dims, ...(shape === 'torus' ? { dateline: 'by route' } : {}) },
  };
}

/**
 * routing_function, named without its topology as in BookSim's files, as the engine's routings
 * declare BookSim2's names of them (`routings`: the network model's foreign names).
 */
function routingFunction(
  value: BooksimValue,
  config: Config,
  routings: readonly ForeignName[],
): Mapped {
  const name = word('routing_function', value);
  const shape = String(config('topology'));
  if (shape === 'fly') {
    if (name !== 'dest_tag') refuse('routing_function', name, ['dest_tag on a fly']);
    return {};
  }
  const on = routings.filter((r) => r.on.includes(shape));
  const known = on.find((r) => r.name === name);
  if (known === undefined)
    refuse(
      'routing_function',
      name,
      on.map((r) => `${r.name} on a ${shape}`),
    );
  const threshold = name !== 'ugal' ? {} : shape === 'flatfly' ? flatflyUgal() : ugal(config);
  // min_adapt's VC, and anca's up port, as BookSim2 picks them (the engine's adaptive_selection
  // says how).
  const selection: Record<string, string> =
    name === 'min_adapt'
      ? { adaptive_selection: "BookSim2's" }
      : name === 'anca'
        ? { adaptive_selection: 'two drawn, kept' }
        : {};
  return {
    settings: { routing: known.value, ...threshold, ...selection },
    ...(known.note === '' ? {} : { note: known.note }),
  };
}

/**
 * 1 where BookSim's links take a second cycle that archex's have not (use_noc_latency): a
 * torus's, and a cmesh's (as many cycles as a router's 2 terminals along the link's direction).
 */
function longLinks(config: Config): number {
  const shape = config('topology');
  return (shape === 'torus' || shape === 'cmesh') && config('use_noc_latency') === 1 ? 1 : 0;
}

/** A pipeline stage's cycles, 0 to 64, as the custom network's `param`. */
const stage = (key: string, param: string) => (value: BooksimValue) => ({
  settings: { [param]: String(whole(key, value, 0, 64)) },
});

const ALLOCATION = "archex's allocators do not take this option (docs/networks.md)";
const ARBITER = "archex's allocators' arbiters are round robin";

const OUTPUT = "an output or trace file of BookSim's; archex's outputs are its own";

/**
 * Every BookSim key archex reads or knowingly leaves out. A `map` gives settings from the key's
 * value (BookSim's default where the file does not set it); `readBy` is read in another key's
 * map; `ignored` is said whenever the file sets it to other than its default.
 */
export const BOOKSIM_KEYS: Record<string, KeyRule> = {
  topology: { default: 'torus', map: topology },
  k: { default: 8, readBy: 'topology' },
  n: { default: 2, readBy: 'topology' },
  c: { default: 1, readBy: 'topology' },
  // A flatfly's chip: routers along x and y, terminals of a router along x and y.
  x: { default: 8, readBy: 'topology' },
  y: { default: 8, readBy: 'topology' },
  xr: { default: 1, readBy: 'topology' },
  yr: { default: 1, readBy: 'topology' },
  network_file: { default: '', readBy: 'topology' },
  routing_function: {
    default: 'none',
    map: (value, config, routings) => routingFunction(value, config, routings),
  },
  // BookSim's ejection port has its VCs as every port does: a queue per VC.
  num_vcs: {
    default: 16,
    map: (v) => ({
      settings: { vcs: String(whole('num_vcs', v, 1, 16)), ejection: 'a queue per VC' },
    }),
  },
  vc_buf_size: {
    default: 8,
    map: (v) => ({ settings: { buffer_flits: String(whole('vc_buf_size', v, 1, 256)) } }),
  },
  buf_size: {
    default: -1,
    ignored: 'a shared input buffer is not modelled; each VC has vc_buf_size',
  },
  buffer_policy: { default: 'private', ignored: 'buffers are private to each VC in archex' },
  wait_for_tail_credit: {
    default: 0,
    map: (v) => ({
      settings: {
        vc_release:
          whole('wait_for_tail_credit', v, 0, 1) === 1 ? "on the tail's credit" : 'at the tail',
      },
    }),
  },
  routing_delay: { default: 1, map: stage('routing_delay', 'route_cycles') },
  vc_alloc_delay: { default: 1, map: stage('vc_alloc_delay', 'vc_alloc_cycles') },
  sw_alloc_delay: { default: 1, map: stage('sw_alloc_delay', 'switch_alloc_cycles') },
  speculative: {
    default: 0,
    map: (v) => ({
      settings: {
        head_allocation: whole('speculative', v, 0, 2) === 0 ? 'not speculative' : 'speculative',
      },
    }),
  },
  credit_delay: {
    default: 0,
    map: (v, config) => ({
      settings: {
        credit_delay_cycles: String(whole('credit_delay', v, 0, 64) + longLinks(config)),
      },
    }),
  },
  // kncube.cpp: with use_noc_latency a torus's links take 2 cycles (its folded layout's wires),
  // a mesh's 1; cmesh.cpp's 2 (a router's 2 x 2 terminals' width; its express links more, which
  // archex does not model). archex's links take 1, so the second cycle goes to the router delay
  // and to the credit's way back (the same per-hop latency and credit loop; a packet crosses one
  // router more than links, so its latency reads one cycle more than BookSim's).
  use_noc_latency: {
    default: 1,
    map: (v, config) =>
      longLinks(config) === 1 && whole('use_noc_latency', v, 0, 1) === 1
        ? {
            note: `a ${config('topology')}'s links take 2 cycles in BookSim, 1 in archex: router_delay_cycles and credit_delay_cycles take 1 more`,
          }
        : {},
  },
  // The cycles a flit crosses the switch after winning it: archex's router delay, which every
  // flit spends in every router on top of its pipeline stages and the link's cycle; on a torus
  // with BookSim's wire latency, the second cycle of each link too (see use_noc_latency).
  st_final_delay: {
    default: 1,
    map: (v, config) => ({
      settings: {
        router_delay_cycles: String(
          whole('st_final_delay', v, 0, 16) +
            whole('st_prepare_delay', config('st_prepare_delay'), 0, 16) +
            longLinks(config),
        ),
      },
    }),
  },
  st_prepare_delay: { default: 0, readBy: 'st_final_delay' },
  output_delay: { default: 0, ignored: 'no output-buffer delay in archex' },
  router: {
    default: 'iq',
    map: (v) => (word('router', v) === 'iq' ? {} : refuse('router', v, ['iq (input-queued)'])),
  },
  input_speedup: {
    default: 1,
    ignored: "archex's switch takes one flit per input a cycle (no speedup)",
  },
  output_speedup: {
    default: 1,
    ignored: "archex's switch gives one flit per output a cycle (no speedup)",
  },
  internal_speedup: {
    default: 1,
    map: (v, config) => {
      if (typeof v !== 'number' || !(v >= 1 && v <= 4))
        throw new BooksimError('internal_speedup', `'${v}' is not a number from 1 to 4`);
      // BookSim2 steps its whole router (route, VC and switch stages) that many times a cycle.
      const settings: Record<string, string> = { internal_speedup: String(v) };
      if (v === 1) return { settings };
      settings.speedup_scope = 'the whole router';
      // A stage of d cycles ends in BookSim2 at the first step of its d-1-th cycle after; archex
      // counts it in steps.
      const long = ['routing_delay', 'vc_alloc_delay', 'sw_alloc_delay'].filter(
        (key) => Number(config(key)) > 1,
      );
      if (long.length === 0) return { settings };
      return {
        settings,
        note: `${long.join(', ')} of more than 1 cycle take as many steps of the whole router (${v} a cycle) in archex; BookSim2 ends such a stage in its last cycle`,
      };
    },
  },
  vc_allocator: { default: 'islip', map: vcAllocator },
  sw_allocator: { default: 'islip', map: switchAllocator },
  arb_type: { default: 'round_robin', ignored: ARBITER },
  alloc_iters: { default: 1, readBy: 'sw_allocator' },
  hold_switch_for_packet: { default: 0, ignored: ALLOCATION },
  vc_busy_when_full: { default: 0, ignored: ALLOCATION },
  vc_prioritize_empty: { default: 0, ignored: ALLOCATION },
  vc_shuffle_requests: { default: 0, ignored: ALLOCATION },
  traffic: { default: 'uniform', map: traffic },
  perm_seed: {
    default: 0,
    map: (v) => ({ settings: { permutation_seed: String(whole('perm_seed', v, 0)) } }),
  },
  packet_size: { default: 1, map: packetSize },
  packet_size_rate: { default: 1, readBy: 'packet_size' },
  injection_rate: { default: 0.1, map: injectionRate },
  injection_rate_uses_flits: { default: 0, readBy: 'injection_rate' },
  injection_process: { default: 'bernoulli', map: injectionProcess },
  burst_alpha: { default: 0.5, readBy: 'injection_process' },
  burst_beta: { default: 0.5, readBy: 'injection_process' },
  burst_r1: { default: -1, readBy: 'injection_process' },
  // Read only where the file sets it: BookSim's generator is not archex's, so its default
  // seed would name no particular run here.
  seed: {
    map: (v) => {
      if (v === 'time') throw new BooksimError('seed', "'time' is not reproducible; give a number");
      return { seed: whole('seed', v, 0, 2 ** 32 - 1) };
    },
  },
  classes: {
    default: 1,
    map: (v) =>
      whole('classes', v, 1) === 1 ? {} : refuse('classes', v, ['1 (one traffic class)']),
  },
  subnets: {
    default: 1,
    map: (v) => (whole('subnets', v, 1) === 1 ? {} : refuse('subnets', v, ['1 (one network)'])),
  },
  use_read_write: { default: 0, map: useReadWrite },
  ...Object.fromEntries(
    Object.entries(READ_WRITE_KEYS).map(([key, value]) => [
      key,
      { default: value, readBy: 'use_read_write' },
    ]),
  ),
  sim_type: { default: 'latency', map: simType },
  include_queuing: {
    default: 1,
    ignored: "archex's latency always counts the time queued at the source",
  },
  warmup_periods: { default: 3, readBy: 'sim_type' },
  sample_period: { default: 1000, readBy: 'sim_type' },
  max_samples: { default: 10, readBy: 'sim_type' },
  latency_thres: { default: 500, ignored: MEASUREMENT },
  warmup_thres: { default: 0.05, ignored: MEASUREMENT },
  acc_warmup_thres: { default: 0.05, ignored: MEASUREMENT },
  stopping_thres: { default: 0.05, ignored: MEASUREMENT },
  acc_stopping_thres: { default: 0.05, ignored: MEASUREMENT },
  sim_count: { default: 1, ignored: MEASUREMENT },
  priority: { default: 'none', ignored: 'packets have no priorities in archex' },
  deadlock_warn_timeout: {
    default: 256,
    ignored: 'archex finds deadlock by its own watch (deadlock_watch_cycles)',
  },
  print_activity: { default: 0, ignored: OUTPUT },
  print_csv_results: { default: 0, ignored: OUTPUT },
  watch_file: { default: '', ignored: OUTPUT },
  watch_out: { default: '', ignored: OUTPUT },
  stats_out: { default: '', ignored: OUTPUT },
  viewer_trace: { default: 0, ignored: OUTPUT },
  sim_power: { default: 0, ignored: 'archex has no power model' },
};
