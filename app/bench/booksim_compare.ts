// archex beside BookSim2 on the same configuration files (docs/networks.md#beside-booksim2):
// zero-load latency and saturation throughput of each case, both simulators judged alike.
//   npx tsx app/bench/booksim_compare.ts [--booksim /work/booksim/src/booksim]
//     [--cases TEXT] [--without-archex]
// archex runs each file through `run --booksim`; BookSim2 runs it where its binary is found.
// --cases keeps the cases whose name contains TEXT; --without-archex runs BookSim2 alone.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

/** The settings every case shares: BookSim's default router pipeline, 4 VCs of 8 flits. */
const COMMON = {
  num_vcs: 4,
  vc_buf_size: 8,
  packet_size: 4,
  routing_delay: 1,
  vc_alloc_delay: 1,
  sw_alloc_delay: 1,
  credit_delay: 0,
  sim_type: 'latency',
  // BookSim measures one sample period once warmed up: 20,000 cycles give a low load enough
  // packets (archex ignores it and measures to its confidence, naming the key).
  sample_period: 20000,
};

/** A cube case's size: 8-ary 2-cube, 64 nodes. */
const CUBE = { k: 8, n: 2 };

/**
 * The dragonfly cases' own settings. UGAL needs 3 VCs (BookSim asserts it: a VC per phase).
 * The global channels take 100 cycles each way (dragonfly.cpp, DRAGON_LATENCY), so a credit
 * comes back some 205 cycles after its flit left; a VC keeps a global channel busy only with
 * that many flits of buffer, and minimal routing puts all of a global channel's packets on
 * one VC. 256 flits (archex's most) cover the round trip; 8 would cap a global channel at
 * 8/205 of its bandwidth.
 */
const DRAGONFLY = { topology: 'dragonflynew', n: 1, num_vcs: 3, vc_buf_size: 256 };

/**
 * Minimal and UGAL under group shift and uniform on dragonflynew's k = p: p terminals and p
 * global channels a router, 2p routers a group.
 */
function dragonflyCases(p: number): Array<Record<string, string | number>> {
  const shape = `dragonfly p=${p} (${2 * p ** 2 * (2 * p ** 2 + 1)} nodes)`;
  return (
    [
      ['min', 'minimal'],
      ['ugal', 'UGAL'],
    ] as const
  ).flatMap(([routing, label]) =>
    (
      [
        ['bad_dragon', 'group shift'],
        ['uniform', 'uniform'],
      ] as const
    ).map(([traffic, trafficLabel]) => ({
      name: `${shape}, ${trafficLabel}, ${label}`,
      ...DRAGONFLY,
      k: p,
      routing_function: routing,
      traffic,
    })),
  );
}

/**
 * The flattened butterfly cases: BookSim's flatfly of 4 x 4 routers of 4 terminals (64 nodes),
 * its chip 4 routers a side with 2 x 2 terminals each (as flatfly_onchip.cpp asserts), every
 * channel 1 cycle (use_noc_latency 0: archex has no wire lengths). Uniform traffic numbers
 * terminals alike in both.
 */
const FLATFLY = { topology: 'flatfly', k: 4, n: 2, c: 4, x: 4, y: 4, xr: 2, yr: 2 };

function flatflyCases(): Array<Record<string, string | number>> {
  return (
    [
      ['ran_min', 'minimal'],
      ['valiant', 'Valiant'],
      ['ugal', 'UGAL'],
    ] as const
  ).map(([routing, label]) => ({
    name: `flatfly 4x4 c=4, uniform, ${label}`,
    ...FLATFLY,
    use_noc_latency: 0,
    routing_function: routing,
    traffic: 'uniform',
  }));
}

const CASES: Array<Record<string, string | number>> = [
  {
    name: '8x8 mesh, transpose, DOR',
    ...CUBE,
    topology: 'mesh',
    routing_function: 'dor',
    traffic: 'transpose',
  },
  {
    name: '8x8 mesh, transpose, minimal adaptive',
    ...CUBE,
    topology: 'mesh',
    routing_function: 'min_adapt',
    traffic: 'transpose',
  },
  {
    name: '8-ary 2-cube, tornado, Valiant',
    ...CUBE,
    topology: 'torus',
    routing_function: 'valiant',
    traffic: 'tornado',
  },
  {
    name: '8-ary 2-cube, tornado, DOR',
    ...CUBE,
    topology: 'torus',
    routing_function: 'dim_order',
    traffic: 'tornado',
  },
  // p = 4 (1056 nodes) takes BookSim2 a CPU minute a run at zero load, far more near
  // saturation; the bench keeps to p = 2.
  ...dragonflyCases(2),
  // A 4-ary 3-tree (64 nodes): up ports drawn (nca) or taken by the queues (anca).
  ...(
    [
      ['nca', 'random up ports'],
      ['anca', 'adaptive up ports'],
    ] as const
  ).map(([routing, label]) => ({
    name: `4-ary 3-tree, uniform, ${label}`,
    topology: 'fattree',
    k: 4,
    n: 3,
    routing_function: routing,
    traffic: 'uniform',
  })),
  ...flatflyCases(),
  // BookSim's cmesh: 4 x 4 routers of 2 x 2 terminals (64 nodes), routed without its express
  // channels, every channel 1 cycle as above.
  {
    name: 'cmesh 4x4 c=4, uniform, DOR',
    topology: 'cmesh',
    k: 4,
    n: 2,
    c: 4,
    x: 4,
    y: 4,
    xr: 2,
    yr: 2,
    use_noc_latency: 0,
    routing_function: 'dor_no_express',
    traffic: 'uniform',
  },
];

/** A very low load, in flits per node per cycle, where latency is the zero-load latency. */
const ZERO_LOAD_RATE = 0.004;
/** Saturation: the least load whose mean latency exceeds this many times the zero-load one. */
const SATURATION_FACTOR = 3;
/** Halvings of the bracket around the saturation load: 1/2^8 of 1 flit/node/cycle at most. */
const STEPS = 8;

const { values } = parseArgs({
  options: {
    booksim: { type: 'string', default: '/work/booksim/src/booksim' },
    cases: { type: 'string', default: '' },
    'without-archex': { type: 'boolean', default: false },
  },
});
const dir = mkdtempSync(join(tmpdir(), 'booksim-compare-'));

/** The configuration file of a case at `rate` flits/node/cycle. */
function configFile(c: (typeof CASES)[number], rate: number): string {
  const { name, ...settings } = c;
  const lines = Object.entries({
    ...COMMON,
    ...settings,
    injection_rate_uses_flits: 1,
    injection_rate: rate,
  }).map(([key, value]) => `${key} = ${value};`);
  const path = join(dir, `${String(name).replace(/\W+/g, '-')}-${rate}.cfg`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** archex's mean latency at `rate`, Infinity where the load was not sustained. */
function archexLatency(file: string, rate: number): number {
  const out = execFileSync(
    'npx',
    [
      'tsx',
      '--import',
      './app/cli/node_css.ts',
      'app/cli/main.ts',
      'run',
      '--booksim',
      file,
      '--set',
      'sweep_scale=flits/node/cycle',
      '--set',
      `sweep_rates=${rate}`,
      '--jobs',
      '1',
      '--csv',
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const value = (name: string) => Number(new RegExp(`^${name},([^,]+),`, 'm').exec(out)?.[1]);
  return value('saturated') === 1 ? Infinity : value('latency_mean_cycles');
}

/** BookSim's packet latency (creation to tail ejection) at `rate`; Infinity where unstable. */
function booksimLatency(file: string): number {
  // BookSim2's main returns -1 after a run that went well (main.cpp: `return result ? -1 : 0`).
  const { stdout: out } = spawnSync(values.booksim!, [file], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (/unstable/i.test(out)) return Infinity;
  const overall = out.slice(out.lastIndexOf('Overall Traffic Statistics'));
  return Number(/Packet latency average = ([\d.]+)/.exec(overall)?.[1] ?? NaN);
}

/** Zero-load latency and saturation load of one simulator on a case. */
function measure(who: string, latency: (rate: number) => number) {
  const logged = (rate: number) => {
    const value = latency(rate);
    console.error(`${who} ${rate.toFixed(4)}: ${value.toFixed(1)}`);
    return value;
  };
  const zero = logged(ZERO_LOAD_RATE);
  const saturated = (rate: number) => !(logged(rate) <= SATURATION_FACTOR * zero);
  let [lo, hi] = [ZERO_LOAD_RATE, 1];
  for (let i = 0; i < STEPS; i++) {
    const mid = (lo + hi) / 2;
    if (saturated(mid)) hi = mid;
    else lo = mid;
  }
  return { zero, saturation: (lo + hi) / 2 };
}

const withBooksim = existsSync(values.booksim!);
const diff = (a: number, b: number) => `${(((a - b) / b) * 100).toFixed(1)} %`;
console.log(
  '| case | zero-load archex | zero-load BookSim2 | diff | saturation archex | saturation BookSim2 | diff |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const c of CASES.filter((one) => String(one.name).includes(values.cases!))) {
  const a = values['without-archex']
    ? undefined
    : measure(`archex ${c.name}`, (rate) => archexLatency(configFile(c, rate), rate));
  const b = withBooksim
    ? measure(`BookSim2 ${c.name}`, (rate) => booksimLatency(configFile(c, rate)))
    : undefined;
  const cells = [
    a?.zero.toFixed(1),
    b?.zero.toFixed(1),
    a && b && diff(a.zero, b.zero),
    a?.saturation.toFixed(3),
    b?.saturation.toFixed(3),
    a && b && diff(a.saturation, b.saturation),
  ].map((cell) => cell || '-');
  console.log(`| ${c.name} | ${cells.join(' | ')} |`);
}
