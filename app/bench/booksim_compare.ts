// archex beside BookSim2 (docs/booksim.md): every configuration in BookSim2's examples/ and
// runfiles/, and the cases tuned in docs/networks.md#beside-booksim2, run through both. For each:
// saturation found by bisection in each simulator, then mean packet latency at 4 loads from zero
// load to 0.8 of BookSim2's saturation and the accepted load at those and past it (1.25 x).
//   npx tsx app/bench/booksim_compare.ts [--booksim PATH] [--cases TEXT] [--skip A,B] [--seeds N]
//     [--write]
// --booksim: BookSim2's binary in its built checkout (default /work/booksim2/src/booksim); its
// examples/ and runfiles/ are read beside it. --cases keeps the cases whose name holds TEXT,
// --skip leaves out those whose name holds any of A, B, ...
// --seeds N runs the throughput point past saturation with seeds 1 to N in each and gives the
// mean: there a network's accepted load varies by a tenth from seed to seed.
// --write puts the table into docs/booksim.md between its markers. archex runs as the packed bin
// (dist-lib/package/cli.js, `npm run pack:lib`) where it is built, else through tsx.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  // BookSim measures in sample periods once warmed up: 20,000 cycles give a low load enough
  // packets (archex measures the same window to its confidence, naming the key).
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

/** The tuned cases (docs/networks.md#beside-booksim2), each a file written from its settings. */
const TUNED: Array<Record<string, string | number>> = [
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

/** A case: a name, and a configuration file BookSim2 and archex both read. */
interface Case {
  name: string;
  file: string;
}

/** Zero load, in flits per node per cycle: latency there is the zero-load latency. */
const ZERO_LOAD_RATE = 0.004;
/** Saturation: the least load whose mean latency exceeds this many times the zero-load one. */
const SATURATION_FACTOR = 3;
/** Halvings of [ZERO_LOAD_RATE, 1] around the saturation load: to about 1/2^STEPS. */
const STEPS = 8;
/** The loads of the table as fractions of BookSim2's saturation (past it, the last). */
const FRACTIONS = [0.25, 0.5, 0.8, 1.25];

const { values } = parseArgs({
  options: {
    booksim: { type: 'string', default: '/work/booksim2/src/booksim' },
    cases: { type: 'string', default: '' },
    skip: { type: 'string', default: '' },
    seeds: { type: 'string', default: '1' },
    write: { type: 'boolean', default: false },
  },
});
const SEEDS = Number(values.seeds);
if (!Number.isInteger(SEEDS) || SEEDS < 1 || SEEDS > 64) {
  throw new Error(`--seeds: a whole number of 1 to 64 (got ${values.seeds})`);
}
const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'booksim-compare-'));
const checkout = resolve(dirname(values.booksim!), '..');
const packed = join(root, 'dist-lib/package/cli.js');
const archexCommand = existsSync(packed)
  ? ['node', packed]
  : ['npx', 'tsx', '--import', './app/cli/node_css.ts', 'app/cli/main.ts'];

/** Every file of BookSim2's examples/ and runfiles/ (a folder's config file), then the tuned. */
function cases(): Case[] {
  const files = ['src/examples', 'runfiles'].flatMap((folder) =>
    readdirSync(join(checkout, folder)).map((name) => {
      const path = join(checkout, folder, name);
      const inside = statSync(path).isDirectory()
        ? readdirSync(path).find((f) => f.endsWith('config'))
        : undefined;
      return {
        name: `${folder.replace('src/', '')}/${name}`,
        file: inside ? join(path, inside) : path,
      };
    }),
  );
  const tuned = TUNED.map(({ name, ...settings }) => {
    const file = join(dir, `${String(name).replace(/\W+/g, '-')}.cfg`);
    const lines = Object.entries({ ...COMMON, ...settings }).map(([k, v]) => `${k} = ${v};`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    return { name: String(name), file };
  });
  const skipped = values.skip!.split(',').filter((t) => t !== '');
  return [...files, ...tuned].filter(
    (c) => c.name.includes(values.cases!) && !skipped.some((t) => c.name.includes(t)),
  );
}

/** One run's figures: mean packet latency (Infinity where not sustained) and accepted load. */
interface Point {
  latency: number;
  accepted: number;
}

/** The words over a file: the load in flits, and how the run is measured. */
const over = (rate: number, throughput: boolean, seed?: number) => [
  'injection_rate_uses_flits=1',
  `injection_rate=${rate}`,
  `sim_type=${throughput ? 'throughput' : 'latency'}`,
  ...(seed === undefined ? [] : [`seed=${seed}`]),
];

/** archex's run of `file` at `rate`; a refusal is thrown with archex's words. */
function archexPoint(file: string, rate: number, throughput = false, seed?: number): Point {
  const [command, ...args] = archexCommand;
  const run = spawnSync(
    command!,
    [...args, 'run', '--booksim', file, ...over(rate, throughput, seed), '--json'],
    { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  if (run.status !== 0) throw new Error(run.stderr.trim().split('\n').at(-1));
  const r = (JSON.parse(run.stdout) as { results: Record<string, number | boolean> }).results;
  return {
    latency: r.saturated === true && !throughput ? Infinity : Number(r.latency_mean_cycles),
    accepted: Number(r.accepted_flits_per_node_cycle),
  };
}

/** BookSim2's run of `file` at `rate`; its own refusal is thrown with its last words. */
function booksimPoint(file: string, rate: number, throughput = false, seed?: number): Point {
  // BookSim2's main returns -1 after a run that went well (main.cpp: `return result ? -1 : 0`).
  const run = spawnSync(values.booksim!, [file, ...over(rate, throughput, seed)], {
    cwd: dirname(file),
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const out = `${run.stdout}${run.stderr}`;
  const overall = out.lastIndexOf('Overall Traffic Statistics');
  if (overall < 0) {
    if (/unstable/i.test(out)) return { latency: Infinity, accepted: NaN };
    throw new Error(out.trim().split('\n').at(-1));
  }
  const figure = (name: string) =>
    Number(new RegExp(`${name} = ([\\d.e+-]+)`).exec(out.slice(overall))?.[1] ?? NaN);
  return {
    latency: figure('Packet latency average'),
    accepted: figure('Accepted flit rate average'),
  };
}

/** The least load whose latency is over SATURATION_FACTOR x the zero-load one, by bisection. */
function saturation(point: (rate: number) => Point, zero: number): number {
  let [lo, hi] = [ZERO_LOAD_RATE, 1];
  for (let i = 0; i < STEPS; i++) {
    const mid = (lo + hi) / 2;
    if (!(point(mid).latency <= SATURATION_FACTOR * zero)) hi = mid;
    else lo = mid;
  }
  return (lo + hi) / 2;
}

const diff = (a: number, b: number) =>
  Number.isFinite(a) && Number.isFinite(b) ? `${(((a - b) / b) * 100).toFixed(1)} %` : '-';
const shown = (x: number, digits: number) =>
  Number.isFinite(x) ? x.toFixed(digits) : x === Infinity ? 'saturated' : '-';

/** One case's section of the table, in markdown. */
function compare(c: Case): string {
  const log = (who: string, rate: number, p: Point) => {
    console.error(
      `${c.name} ${who} ${rate.toFixed(4)}: ${shown(p.latency, 1)} ${shown(p.accepted, 4)}`,
    );
    return p;
  };
  const a = (rate: number, throughput = false, seed?: number) =>
    log('archex', rate, archexPoint(c.file, rate, throughput, seed));
  const b = (rate: number, throughput = false, seed?: number) =>
    log('BookSim2', rate, booksimPoint(c.file, rate, throughput, seed));
  /** The throughput point's mean accepted load over seeds 1 to SEEDS (its own seed with 1). */
  const overSeeds = (run: typeof a, rate: number): Point => {
    if (SEEDS === 1) return run(rate, true);
    const accepted = Array.from({ length: SEEDS }, (_, i) => run(rate, true, i + 1).accepted);
    return { latency: Infinity, accepted: accepted.reduce((x, y) => x + y, 0) / SEEDS };
  };
  let zero: [Point, Point];
  try {
    zero = [b(ZERO_LOAD_RATE), a(ZERO_LOAD_RATE)];
  } catch (error) {
    const who = (error as Error).stack?.includes('booksimPoint') ? 'BookSim2' : 'archex';
    return `### ${c.name}\n\n${who} refuses it: ${(error as Error).message}\n`;
  }
  const [zb, za] = zero;
  const sb = saturation((r) => b(r), zb.latency);
  const sa = saturation((r) => a(r), za.latency);
  const rows = [
    `| zero load (${ZERO_LOAD_RATE}) | ${shown(za.latency, 1)} | ${shown(zb.latency, 1)} | ${diff(za.latency, zb.latency)} | ${shown(za.accepted, 4)} | ${shown(zb.accepted, 4)} | ${diff(za.accepted, zb.accepted)} |`,
  ];
  for (const f of FRACTIONS) {
    const rate = Number((f * sb).toFixed(4));
    const past = f > 1;
    const [pa, pb] = past ? [overSeeds(a, rate), overSeeds(b, rate)] : [a(rate), b(rate)];
    rows.push(
      `| ${f} x (${rate})${past ? `, throughput run${SEEDS > 1 ? `, mean of ${SEEDS} seeds` : ''}` : ''} | ${past ? '-' : shown(pa.latency, 1)} | ${past ? '-' : shown(pb.latency, 1)} | ${past ? '-' : diff(pa.latency, pb.latency)} | ${shown(pa.accepted, 4)} | ${shown(pb.accepted, 4)} | ${diff(pa.accepted, pb.accepted)} |`,
    );
  }
  return [
    `### ${c.name}`,
    '',
    `Saturation (by bisection): archex ${sa.toFixed(3)}, BookSim2 ${sb.toFixed(3)} flits/node/cycle (${diff(sa, sb)}).`,
    '',
    "| load (of BookSim2's saturation) | latency archex | latency BookSim2 | diff | accepted archex | accepted BookSim2 | diff |",
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

const BEGIN = '<!-- booksim_compare: begin -->';
const END = '<!-- booksim_compare: end -->';
const commit = spawnSync('git', ['-C', checkout, 'rev-parse', '--short', 'HEAD'], {
  encoding: 'utf8',
}).stdout.trim();
const sections: string[] = [
  `BookSim2 at ${commit}, measured ${new Date().toISOString().slice(0, 10)} by \`app/bench/booksim_compare.ts\`.`,
  '',
];
for (const c of cases()) {
  sections.push(compare(c));
  console.log(sections.at(-1));
  if (values.write) {
    // Written after every case, so a long run leaves what it measured so far.
    const doc = join(root, 'docs/booksim.md');
    const text = readFileSync(doc, 'utf8');
    const start = text.indexOf(BEGIN);
    const end = text.indexOf(END);
    if (start < 0 || end < start) throw new Error(`docs/booksim.md has no ${BEGIN} ... ${END}`);
    writeFileSync(
      doc,
      `${text.slice(0, start + BEGIN.length)}\n${sections.join('\n')}\n${text.slice(end)}`,
    );
  }
}
