import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo } from '../engine/types';
import { booksimToCustomNetwork } from './booksim';
import { BOOKSIM_KEYS } from './booksim_keys';
import { BooksimError, parseBooksimConfig } from './booksim_syntax';

const engine = createInProcessEngine(loadNodeModule());
/** The custom network as the engine describes it: its routings name BookSim2's. */
let model: ModelInfo;

beforeAll(async () => {
  model = (await engine.listModels()).find((m) => m.name === 'network_traffic')!;
});

/** BookSim2's own examples/mesh88_lat, its licence header left out. */
const MESH88_LAT = `//8X8 mesh with 20 flits per packet under injection mode
//injection rate here is packet per cycle, NOT flit per cycle

// Topology

topology = mesh;
k = 8;
n = 2;

// Routing
routing_function = dor;

// Flow control
num_vcs     = 8;
vc_buf_size = 8;
wait_for_tail_credit = 1;

// Router architecture
vc_allocator = islip;
sw_allocator = islip;
alloc_iters  = 1;

credit_delay   = 2;
routing_delay  = 0;
vc_alloc_delay = 1;
sw_alloc_delay = 1;

input_speedup     = 2;
output_speedup    = 1;
internal_speedup  = 1.0;


// Traffic
traffic = transpose;
packet_size = 20;


// Simulation
sim_type = latency;

injection_rate = 0.005;
`;

/** The BooksimError a configuration is refused with. */
function refusal(text: string): BooksimError {
  try {
    booksimToCustomNetwork(text, model);
  } catch (error) {
    if (error instanceof BooksimError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('parseBooksimConfig', () => {
  it('reads numbers, words and lists, skips comments, and a later statement wins', () => {
    const values = parseBooksimConfig(
      'k = 4; // radix\ntraffic = hotspot({1,2});\ninjection_rate = 1e-2;\nk = 6;\nx=.5;',
    );
    expect(Object.fromEntries(values)).toEqual({
      k: 6,
      traffic: 'hotspot({1,2})',
      injection_rate: 0.01,
      x: 0.5,
    });
  });

  it('names the line of a statement that is not key = value', () => {
    expect(() => parseBooksimConfig('k = 4;\n\nbad statement;')).toThrow(/line 3/);
    expect(() => parseBooksimConfig('k = 4')).toThrow(/no ';'/);
  });
});

describe('booksimToCustomNetwork', () => {
  it("runs sim_type = throughput in BookSim's periods, measured to the end past saturation", () => {
    const text = `${MESH88_LAT}sim_type = throughput;\nwarmup_periods = 2;\nsample_period = 5000;\nmax_samples = 6;\n`;
    const { settings, notes } = booksimToCustomNetwork(text, model);
    expect(settings).toMatchObject({
      measurement: 'throughput',
      warmup_cycles: '10000',
      max_cycles: '20000',
      // BookSim measures three periods at least.
      min_cycles: '15000',
    });
    expect(notes.find((n) => n.key === 'sim_type')?.reason).toMatch(
      /^throughput run: warm-up 2 x 5000 = 10000 cycles, .* for 15000 to 4 x 5000 = 20000 cycles, measured to the end past saturation$/,
    );
    // warmup_periods = 0 is BookSim's warm-up until its figures settle: archex keeps its own.
    const settle = booksimToCustomNetwork(`${MESH88_LAT}warmup_periods = 0;\n`, model).settings;
    expect(settle.warmup_cycles).toBeUndefined();
    expect(refusal(`${MESH88_LAT}sim_type = batch;\n`).message).toMatch(
      /sim_type.*latency, throughput/,
    );
    expect(refusal(`${MESH88_LAT}max_samples = 3;\n`).message).toMatch(/max_samples.*4 or more/);
  });

  it("maps BookSim2's mesh88_lat example and names what archex leaves out", () => {
    const { settings, from, notes, seed } = booksimToCustomNetwork(MESH88_LAT, model);
    expect(settings).toEqual({
      topology: 'mesh',
      dims: '8x8',
      routing: 'dimension order',
      vcs: '8',
      buffer_flits: '8',
      vc_release: "on the tail's credit",
      route_cycles: '0',
      vc_alloc_cycles: '1',
      switch_alloc_cycles: '1',
      head_allocation: 'not speculative',
      allocator: 'iSLIP',
      allocator_iterations: '1',
      vc_allocator: 'iSLIP',
      ejection: 'a queue per VC',
      internal_speedup: '1',
      credit_delay_cycles: '2',
      router_delay_cycles: '1',
      pattern: 'transpose',
      permutation_seed: '0',
      packet_flits: '20',
      // 0.005 packets of 20 flits
      injection_rate: '0.1',
      // BookSim's injection channel and its cycle from creation to the source queue's head
      injection_cycles: '2',
      injection: 'bernoulli',
      // BookSim's 3 warm-up periods of 1000 cycles and up to 7 more to measure
      measurement: 'latency',
      warmup_cycles: '3000',
      max_cycles: '7000',
      min_cycles: '3000',
    });
    expect(seed).toBeUndefined();
    // k and n are read by topology's rule: the key that gave dims is topology.
    expect(from).toMatchObject({
      dims: 'topology',
      vcs: 'num_vcs',
      ejection: 'num_vcs',
      injection_rate: 'injection_rate',
    });
    expect(Object.keys(from).sort()).toEqual(Object.keys(settings).sort());
    const named = notes.map((n) => n.key);
    expect(named).toContain('input_speedup');
    expect(named).not.toContain('internal_speedup');
    // A fractional speedup is a rate of steps, as BookSim2's (its runfiles' dragonfly: 1.7), and
    // BookSim2 steps its whole router; a speedup of 1 leaves the scope at its default.
    const fast = booksimToCustomNetwork(`${MESH88_LAT}internal_speedup = 1.7;\n`, model);
    expect(fast.settings.internal_speedup).toBe('1.7');
    expect(fast.settings.speedup_scope).toBe('the whole router');
    expect(fast.from.speedup_scope).toBe('internal_speedup');
    expect(settings).not.toHaveProperty('speedup_scope');
    expect(fast.notes.map((n) => n.key)).not.toContain('internal_speedup');
    // A stage of more than a cycle is counted in the whole router's steps: said, not hidden.
    const slow = booksimToCustomNetwork(
      `${MESH88_LAT}internal_speedup = 2;\nvc_alloc_delay = 2;\n`,
      model,
    );
    expect(slow.notes).toContainEqual({
      key: 'internal_speedup',
      reason: expect.stringMatching(/^vc_alloc_delay of more than 1 cycle take as many steps/),
    });
    expect(refusal(`${MESH88_LAT}internal_speedup = 4.5;\n`).message).toMatch(
      /internal_speedup: '4.5' is not a number from 1 to 4/,
    );
    expect(named).toContain('injection_rate');
    // Set to BookSim's own defaults: nothing to say.
    expect(named).not.toContain('vc_allocator');
    expect(named).not.toContain('output_speedup');
  });

  it('takes a flit rate as it is, and the seed', () => {
    const { settings, seed } = booksimToCustomNetwork(
      'topology = torus; routing_function = valiant; injection_rate_uses_flits = 1;' +
        'injection_rate = 0.3; packet_size = 4; seed = 7; k = 4; n = 3;',
      model,
    );
    expect(settings).toMatchObject({
      topology: 'torus',
      dims: '4x4x4',
      routing: 'Valiant',
      injection_rate: '0.3',
      vcs: '16',
    });
    expect(seed).toBe(7);
  });

  it("gives a torus's second link cycle to the router delay and the credit's way back", () => {
    const torus = booksimToCustomNetwork('topology = torus; routing_function = dim_order;', model);
    expect(torus.settings).toMatchObject({ router_delay_cycles: '2', credit_delay_cycles: '1' });
    expect(torus.notes.map((n) => n.key)).toContain('use_noc_latency');
    // dim_order_torus: half-way ties drawn, and the classes by route, as BookSim2 assigns them.
    expect(torus.settings).toMatchObject({ routing: 'random tie-break', dateline: 'by route' });
    expect(torus.notes.find((n) => n.key === 'routing_function')?.reason).toMatch(
      /dim_order_torus/,
    );
    const mesh = booksimToCustomNetwork('topology = mesh; routing_function = dim_order;', model);
    expect(mesh.settings.routing).toBe('dimension order');
    expect(mesh.settings.dateline).toBeUndefined();
    const wires = booksimToCustomNetwork(
      'topology = torus; routing_function = dim_order; use_noc_latency = 0;',
      model,
    );
    expect(wires.settings).toMatchObject({ router_delay_cycles: '1', credit_delay_cycles: '0' });
    expect(wires.notes.map((n) => n.key)).not.toContain('use_noc_latency');
  });

  it('names every key set off its default that archex does not model, and unknown ones', () => {
    const { notes } = booksimToCustomNetwork(
      'topology = mesh; routing_function = min_adapt; hold_switch_for_packet = 1;' +
        'speculative = 1; my_key = 3;',
      model,
    );
    expect(notes.find((n) => n.key === 'hold_switch_for_packet')?.reason).toMatch(
      /do not take this option/,
    );
    expect(notes.find((n) => n.key === 'my_key')?.reason).toMatch(/no such setting/);
  });

  it('takes the switch allocator, its iterations and speculation', () => {
    const wave = booksimToCustomNetwork(
      'topology = mesh; routing_function = dor; sw_allocator = wavefront; speculative = 1;' +
        'alloc_iters = 3;',
      model,
    );
    expect(wave.settings).toMatchObject({
      allocator: 'wavefront',
      head_allocation: 'speculative',
    });
    // BookSim2's routers never read alloc_iters (iq_router.cpp builds its allocators without
    // the configuration): its VC allocator, iSLIP by default, runs one iteration.
    expect(wave.settings.allocator_iterations).toBe('1');
    const islip = booksimToCustomNetwork(
      'topology = mesh; routing_function = dor; alloc_iters = 3;',
      model,
    );
    expect(islip.settings).toMatchObject({ allocator: 'iSLIP', allocator_iterations: '1' });
    expect(islip.notes.find((n) => n.key === 'sw_allocator')?.reason).toMatch(
      /alloc_iters = 3 is never read/,
    );
    // An iteration count in the allocator's name is read (allocator.cpp).
    const named = booksimToCustomNetwork(
      'topology = mesh; routing_function = dor; sw_allocator = islip(3);',
      model,
    );
    expect(named.settings).toMatchObject({ allocator: 'iSLIP', allocator_iterations: '3' });
    // archex has one count for both: a VC allocator's other count is said, not lost.
    expect(named.notes.find((n) => n.key === 'vc_allocator')?.reason).toBe(
      "BookSim2's VC allocator runs 1 iSLIP iteration(s); archex runs the switch allocator's 3 in both",
    );
    const other = booksimToCustomNetwork(
      'topology = mesh; routing_function = dor; sw_allocator = pim;',
      model,
    );
    expect(other.settings).toMatchObject({ allocator: 'iSLIP' });
    expect(other.notes.find((n) => n.key === 'sw_allocator')?.reason).toMatch(/pim.*iSLIP instead/);
    expect(() =>
      booksimToCustomNetwork('topology = mesh; routing_function = dor; alloc_iters = 9;', model),
    ).toThrow(/alloc_iters/);
  });

  it('takes the VC allocator as BookSim2 names it, iSLIP by default', () => {
    const plain = booksimToCustomNetwork('topology = mesh; routing_function = dor;', model);
    expect(plain.settings).toMatchObject({ vc_allocator: 'iSLIP', allocator_iterations: '1' });
    const separable = booksimToCustomNetwork(
      'topology = mesh; routing_function = dor; vc_allocator = separable_input_first;' +
        'sw_allocator = wavefront;',
      model,
    );
    expect(separable.settings.vc_allocator).toBe('separable input-first');
    expect(separable.settings).not.toHaveProperty('allocator_iterations');
    expect(separable.notes.map((n) => n.key)).not.toContain('vc_allocator');
    const other = booksimToCustomNetwork(
      'topology = mesh; routing_function = dor; vc_allocator = wavefront;',
      model,
    );
    expect(other.settings.vc_allocator).toBe('iSLIP');
    expect(other.notes.find((n) => n.key === 'vc_allocator')?.reason).toMatch(
      /wavefront.*iSLIP instead/,
    );
  });

  it('maps hot spots, bursts and the BookSim patterns by their names', () => {
    const hot = booksimToCustomNetwork(
      'routing_function = dim_order; traffic = hotspot({3,9});',
      model,
    ).settings;
    expect(hot).toMatchObject({ pattern: 'hotspot', hotspots: '3,9', hotspot_fraction: '1' });
    const bursts = booksimToCustomNetwork(
      'routing_function = dim_order; injection_process = on_off; burst_alpha = 0.1;' +
        'burst_beta = 0.05; burst_r1 = 0.5;',
      model,
    ).settings;
    expect(bursts).toMatchObject({ injection: 'on/off', burst_length: '10' });
    expect(
      booksimToCustomNetwork('routing_function = dim_order; traffic = bitcomp;', model).settings
        .pattern,
    ).toBe('bit-complement');
    // BookSim's uniform draws the source too.
    expect(
      booksimToCustomNetwork('routing_function = dim_order; traffic = uniform;', model).settings
        .pattern,
    ).toBe('uniform, self included');
  });

  it("maps BookSim's dragonflynew of k = p: p terminals, 2p routers, p globals, its latencies", () => {
    const { settings } = booksimToCustomNetwork(
      'topology = dragonflynew; k = 4; n = 1; routing_function = min; traffic = bad_dragon;' +
        'num_vcs = 3; vc_buf_size = 256;',
      model,
    );
    expect(settings).toMatchObject({
      topology: 'dragonfly',
      dragonfly_terminals: '4',
      dragonfly_routers: '8',
      dragonfly_globals: '4',
      local_link_cycles: '10',
      global_link_cycles: '100',
      dragonfly_vc_classes: "phases, BookSim2's",
      routing: 'dimension order',
      pattern: 'group shift',
      vcs: '3',
      buffer_flits: '256',
    });
    expect(settings).not.toHaveProperty('dims');
    expect(settings).not.toHaveProperty('ugal_threshold_flits');
  });

  it("gives ugal BookSim's fixed threshold and draw, and refuses it without 3 VCs", () => {
    const dragonfly = 'topology = dragonflynew; k = 2; n = 1; routing_function = ugal;';
    const mapped = booksimToCustomNetwork(`${dragonfly} num_vcs = 3;`, model);
    expect(mapped.settings).toMatchObject({
      routing: 'UGAL',
      ugal_threshold_flits: '30',
      valiant_groups: "any router, BookSim2's",
    });
    expect(mapped.notes.map((n) => n.reason).join(' ')).toMatch(/intermediate terminal's router/);
    const vcs = refusal(`${dragonfly} num_vcs = 4;`);
    expect(vcs.key).toBe('num_vcs');
    expect(vcs.message).toMatch(/takes 3/);
  });

  it('refuses a dragonfly of n other than 1, its routings elsewhere and bad_dragon off it', () => {
    expect(refusal('topology = dragonflynew; k = 2; routing_function = min;').key).toBe('n');
    expect(refusal('topology = dragonflynew; k = 17; n = 1; routing_function = min;').key).toBe(
      'k',
    );
    expect(
      refusal('topology = dragonflynew; n = 1; k = 2; routing_function = dor;').message,
    ).toMatch(/min on a dragonflynew, ugal on a dragonflynew/);
    expect(refusal('topology = mesh; routing_function = min;').key).toBe('routing_function');
    expect(refusal('topology = mesh; routing_function = dor; traffic = bad_dragon;').key).toBe(
      'traffic',
    );
  });

  it("maps min_adapt to minimal adaptive with BookSim2's selection, and says so", () => {
    for (const shape of ['mesh', 'torus']) {
      const { settings, notes } = booksimToCustomNetwork(
        `topology = ${shape}; k = 8; n = 2; routing_function = min_adapt;`,
        model,
      );
      expect(settings).toMatchObject({
        routing: 'minimal adaptive',
        adaptive_selection: "BookSim2's",
      });
      expect(notes.find((n) => n.key === 'routing_function')?.reason).toMatch(
        /adaptive_selection BookSim2's.*as dimension order.*only the first dimension's/,
      );
    }
    const dor = booksimToCustomNetwork(
      'topology = mesh; k = 8; n = 2; routing_function = dor;',
      model,
    );
    expect(dor.notes.map((n) => n.key)).not.toContain('routing_function');
    expect(dor.settings).not.toHaveProperty('adaptive_selection');
  });

  it("maps BookSim's fattree of k and n, nca to drawn up ports and anca to two drawn, kept", () => {
    const tree = 'topology = fattree; k = 4; n = 3;';
    expect(booksimToCustomNetwork(`${tree} routing_function = nca;`, model).settings).toMatchObject(
      {
        topology: 'fat tree',
        fattree_arity: '4',
        fattree_levels: '3',
        routing: 'random tie-break',
      },
    );
    expect(
      booksimToCustomNetwork(`${tree} routing_function = anca;`, model).settings,
    ).toMatchObject({
      routing: 'minimal adaptive',
      adaptive_selection: 'two drawn, kept',
    });
    expect(refusal(`${tree} routing_function = dor;`).message).toMatch(
      /nca on a fattree, anca on a fattree/,
    );
    expect(refusal('topology = fattree; k = 4; n = 6; routing_function = nca;').key).toBe('n');
    expect(refusal('topology = fattree; k = 17; n = 1; routing_function = nca;').key).toBe('k');
    expect(refusal('topology = mesh; routing_function = nca;').key).toBe('routing_function');
  });

  it("maps BookSim's flatfly: k, n and c, its routings, ugal's fixed threshold", () => {
    const { settings, notes } = booksimToCustomNetwork(
      'topology = flatfly; k = 4; n = 2; c = 4; x = 4; y = 4; xr = 2; yr = 2;' +
        'routing_function = ran_min; num_vcs = 2; use_noc_latency = 0;',
      model,
    );
    expect(settings).toMatchObject({
      topology: 'flattened butterfly',
      flatfly_arity: '4',
      flatfly_dimensions: '2',
      flatfly_terminals: '4',
      flatfly_wires: '1 cycle',
      routing: 'dimension order',
      vcs: '2',
    });
    expect(settings).not.toHaveProperty('dims');
    expect(notes.find((n) => n.key === 'topology')?.reason).toMatch(/xr x yr block/);
    const flatfly = 'topology = flatfly; k = 4; n = 2; c = 1; num_vcs = 2;';
    expect(
      booksimToCustomNetwork(`${flatfly} routing_function = valiant;`, model).settings.routing,
    ).toBe('Valiant');
    expect(
      booksimToCustomNetwork(`${flatfly} routing_function = ugal;`, model).settings,
    ).toMatchObject({
      routing: 'UGAL',
      ugal_threshold_flits: '2',
    });
    // BookSim's channels on its chip take their length in cycles by default, and so do archex's;
    // its chip's rows of x = 8 routers (the default) are not archex's k = 4: said.
    const noc = booksimToCustomNetwork(`${flatfly} routing_function = ugal;`, model);
    expect(noc.settings.flatfly_wires).toBe('by chip distance');
    expect(noc.notes.find((n) => n.key === 'topology')?.reason).toMatch(
      /x = 8 routers a row, archex's channel latencies lay k = 4 a row/,
    );
    const tiles = booksimToCustomNetwork(
      'topology = flatfly; k = 4; n = 2; c = 16; x = 4; y = 4; xr = 4; yr = 4; routing_function = ran_min;',
      model,
    ).notes.find((n) => n.key === 'topology')?.reason;
    expect(tiles).toMatch(/terminal channels take 1 to 3 cycles by their place on a 4 x 4 tile/);
    expect(tiles).not.toMatch(/routers a row/);
  });

  it('refuses a flatfly BookSim would not build and its routings archex has not', () => {
    const flatfly = 'topology = flatfly; k = 4; n = 2; routing_function = ran_min;';
    expect(refusal(`${flatfly} c = 4;`).key).toBe('c');
    expect(refusal('topology = flatfly; k = 4; n = 5; routing_function = ran_min;').key).toBe('n');
    expect(refusal('topology = flatfly; k = 33; routing_function = ran_min;').key).toBe('k');
    expect(refusal('topology = flatfly; k = 4; n = 2; routing_function = xyyx;').message).toMatch(
      /ran_min on a flatfly, valiant on a flatfly, ugal on a flatfly/,
    );
  });

  it('refuses what archex cannot take, naming the key and what it supports', () => {
    const qtree = refusal('topology = qtree; routing_function = nca;');
    expect(qtree.key).toBe('topology');
    expect(qtree.message).toMatch(/mesh, torus, cmesh, fly, dragonflynew, fattree, flatfly/);
    expect(refusal('topology = torus; routing_function = romm;').message).toMatch(
      /routing_function: 'romm'.*dim_order on a torus/,
    );
    expect(refusal('topology = mesh; routing_function = dor; traffic = diagonal;').key).toBe(
      'traffic',
    );
    expect(refusal('topology = mesh; routing_function = dor; n = 0;').key).toBe('n');
    expect(refusal('topology = mesh; routing_function = dor; seed = time;').key).toBe('seed');
    expect(refusal('topology = mesh;').key).toBe('routing_function');
    expect(refusal('routing_function = dor; topology = mesh; classes = 2;').key).toBe('classes');
  });

  it('reads a k-ary n-cube of any n: k = 2, n = 6 is the binary 6-cube', () => {
    const { settings } = booksimToCustomNetwork(
      'topology = mesh; k = 2; n = 6; routing_function = dor;',
      model,
    );
    expect(settings).toMatchObject({ topology: 'mesh', dims: '2x2x2x2x2x2' });
  });

  it('maps a mix of packet sizes by their rates, the load in flits by the mean size', () => {
    const { settings } = booksimToCustomNetwork(
      'topology = mesh; routing_function = dor; packet_size = {{1,8}}; packet_size_rate = {{1,3}};' +
        'injection_rate = 0.01;',
      model,
    );
    // 0.01 packets of 6.25 flits on average.
    expect(settings).toMatchObject({
      packet_sizes: '1,8',
      packet_size_shares: '1,3',
      injection_rate: '0.0625',
    });
    expect(settings).not.toHaveProperty('packet_flits');
    // Equal rates (BookSim's default 1 each) are archex's default shares.
    const alike = booksimToCustomNetwork(
      'topology = mesh; routing_function = dor; packet_size = {{2,4}};',
      model,
    );
    expect(alike.settings).toMatchObject({ packet_sizes: '2,4' });
    expect(alike.settings).not.toHaveProperty('packet_size_shares');
    // A size of rate 0 is never sent.
    const one = booksimToCustomNetwork(
      'topology = mesh; routing_function = dor; packet_size = {{2,4}}; packet_size_rate = {{1,0}};',
      model,
    );
    expect(one.settings).toMatchObject({ packet_flits: '2' });
    // A list of single sizes is one per traffic class (tokenize_str): the one class takes the first.
    const perClass = booksimToCustomNetwork(
      'topology = mesh; routing_function = dor; packet_size = {1,8};',
      model,
    );
    expect(perClass.settings).toMatchObject({ packet_flits: '1' });
    expect(perClass.notes.find((n) => n.key === 'packet_size')?.reason).toMatch(/per class/);
    expect(refusal('topology = mesh; routing_function = dor; packet_size = {{1,65}};').key).toBe(
      'packet_size',
    );
  });

  it('maps use_read_write to request-reply, noting VC ranges other than the halves', () => {
    const halves =
      'topology = mesh; routing_function = dor; num_vcs = 4; use_read_write = 1;' +
      'read_request_size = 1; read_reply_size = 5; write_request_size = 5;' +
      'write_reply_size = 1; read_request_begin_vc = 0; read_request_end_vc = 1;' +
      'write_request_begin_vc = 0; write_request_end_vc = 1; read_reply_begin_vc = 2;' +
      'read_reply_end_vc = 3; write_reply_begin_vc = 2; write_reply_end_vc = 3;' +
      'injection_rate_uses_flits = 1; injection_rate = 0.3;';
    const { settings, notes } = booksimToCustomNetwork(halves, model);
    expect(settings).toMatchObject({
      request_reply: 'on',
      read_request_flits: '1',
      read_reply_flits: '5',
      write_request_flits: '5',
      write_reply_flits: '1',
      write_fraction: '0.5',
      injection_rate: '0.3',
    });
    expect(notes.map((n) => n.key)).not.toContain('use_read_write');
    // BookSim's default ranges assume 16 VCs and overlap: noted, not refused.
    const ranges = booksimToCustomNetwork(
      'topology = mesh; routing_function = dor; use_read_write = 1;',
      model,
    );
    expect(ranges.notes.find((n) => n.key === 'use_read_write')?.reason).toMatch(
      /requests VCs 0 to 7 and replies 8 to 15/,
    );
  });

  it("keeps BookSim's defaults where they are documented", () => {
    // booksim_config.cpp: a torus, 8-ary 2-cube, 16 VCs of 8 flits, 1-cycle stages, packets of 1.
    expect(BOOKSIM_KEYS.topology).toMatchObject({ default: 'torus' });
    const { settings } = booksimToCustomNetwork('routing_function = dim_order;', model);
    expect(settings).toMatchObject({
      topology: 'torus',
      dims: '8x8',
      vcs: '16',
      buffer_flits: '8',
      route_cycles: '1',
      packet_flits: '1',
      injection_rate: '0.1',
    });
  });
});
