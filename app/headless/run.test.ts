import { describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { summaryText } from '../presets/validation_summary';
import { findPreset, runPreset, validationReport } from './run';
import { UsageError } from './usage_error';

describe('validationReport()', () => {
  it("counts a preset's rows by role: passed of all and of its independent targets", async () => {
    const engine = createInProcessEngine(loadNodeModule());
    const models = await engine.listModels();
    const preset = findPreset(loadPresetsFromDisk(), 'jmachine-round-trip');
    const { rows } = await runPreset(engine, models, preset);
    engine.dispose();
    // handler_cycles and read_handler_cycles are fitted on two of its four targets; the other
    // two read the network's input back and redo the paper's arithmetic.
    expect(rows.map((r) => [r.metric, r.role, r.fittedBy])).toEqual([
      ['null_rpc_self_cycles', 'calibration', ['handler_cycles']],
      ['null_rpc_per_hop_cycles', 'consistency', undefined],
      ['read1_neighbor_cycles', 'calibration', ['read_handler_cycles']],
      ['read1_corner_cycles', 'consistency', undefined],
    ]);
    const { presets, summary } = validationReport([{ preset: preset.id, rows }]);
    expect(presets[0]!.validation.map((v) => v.role)).toEqual(rows.map((r) => r.role));
    expect(presets[0]!.validation[3]).toMatchObject({
      consistency: expect.stringMatching(/the paper's arithmetic/),
      band: { from: 'stated-error', why: expect.stringMatching(/60 \+ 2 x 20 = 100/) },
    });
    const passed = (role?: string) =>
      rows.filter((r) => r.pass && (role === undefined || r.role === role)).length;
    expect(summary.all).toEqual({ passed: passed(), of: 4, share: passed() / 4 });
    expect(summary.calibrationTargets).toBe(2);
    expect(summary.consistencyChecks).toBe(2);
    expect(summary.independent).toEqual({ passed: 0, of: 0, share: Number.NaN });
    expect(summary.roles.claim).toEqual({ passed: 0, of: 0, share: Number.NaN });
    const words = summaryText(summary);
    expect(words[0]).toBe(
      `all targets: passed ${passed()} of 4 (${Math.round((passed() / 4) * 100)}\u00a0%)`,
    );
    expect(words[1]).toBe(
      'independent targets (without the 2 calibration targets, the 2 consistency checks and ' +
        'the 0 rows restating another): passed 0 of 0 (\u2013)',
    );
    expect(words[3]).toMatch(
      /^by role: calibration \d of 2 .*, consistency \d of 2 .*, validation 0 of 0 \(\u2013\), claim 0 of 0 \(\u2013\)$/,
    );
  }, 60_000);
});

describe('runPreset() JSON', () => {
  it("reports a claim by the paper's words and the values it accepts, with its source", async () => {
    const engine = createInProcessEngine(loadNodeModule());
    const models = await engine.listModels();
    const preset = findPreset(loadPresetsFromDisk(), 'transputer-c104');
    const { report } = await runPreset(engine, models, preset);
    const claim = report.validation.find((v) => v.metric === 'c104_over_p4_500_1000')!;
    expect(claim).toMatchObject({
      paper: expect.stringContaining('the overhead incurred by p4 is similar'),
      accepted: { atLeast: 0.8, atMost: 1.2 },
      result: 'pass',
      source: 'sec. 5',
    });
    expect(claim).not.toHaveProperty('tolerance');
    const stated = report.validation.find((v) => v.metric === 'c104_p4_crossover_bytes')!;
    expect(stated).toMatchObject({ paper: 600, tolerance: 12, accepted: { atLeast: 588 } });
    engine.dispose();
  }, 60_000);
});

describe('runPreset() on the custom network', () => {
  it('runs one load point of an 8x8 mesh set by name, its choices and seed, with latency and load', async () => {
    const engine = createInProcessEngine(loadNodeModule());
    const models = await engine.listModels();
    const preset = findPreset(loadPresetsFromDisk(), 'custom-network');
    const settings = [
      'topology=mesh',
      'dims=8x8',
      'vcs=1',
      'buffer_flits=8',
      'pattern=uniform',
      'packet_flits=8',
      'injection_rate=0.1',
      'router_delay_cycles=1',
      'seed=4',
    ];
    const { report } = await runPreset(engine, models, preset, settings);
    expect(report.params.dims).toEqual([8, 8]);
    // A choice by its name, as in the panel.
    expect(report.params.topology).toBe('mesh');
    expect(report.params.pattern).toBe('uniform');
    expect(report.seed).toBe(4);
    expect(report.results.saturated).toBe(false);
    expect(report.results.accepted_flits_per_node_cycle).toBeCloseTo(0.1, 1);
    // 8x8 uniform: about 5.3 hops at 2 cycles each (router delay 1) plus 7 flits behind the head.
    expect(report.results.latency_mean_cycles).toBeGreaterThan(15);
    expect(report.results.latency_mean_cycles).toBeLessThan(30);
    expect(report.results.latency_p99_cycles).toBeGreaterThan(
      report.results.latency_mean_cycles as number,
    );
    await expect(runPreset(engine, models, preset, ['topology=ring'])).rejects.toThrow(
      "parameter 'topology': Unknown choice 'ring'. Valid: mesh, torus",
    );
    engine.dispose();
  }, 60_000);

  it('runs a fly and a crossbar, with their models, and names a pattern that needs a cube', async () => {
    const engine = createInProcessEngine(loadNodeModule());
    const models = await engine.listModels();
    const preset = findPreset(loadPresetsFromDisk(), 'custom-network');
    // Patel's own network: 1-word connections set up at once, dropped on conflict.
    const fly = await runPreset(engine, models, preset, [
      'topology=fly',
      'fly_radix=4',
      'fly_stages=3',
      'switching=circuit',
      'circuit_policy=drop',
      'packet_flits=1',
      'setup_cycles_per_hop=0',
      'injection_rate=0.5',
      'sweep_rates=0.5',
    ]);
    let m = 0.5;
    for (let stage = 0; stage < 3; stage++) m = 1 - (1 - m / 4) ** 4;
    expect(fly.report.results.acceptance).toBeCloseTo(m / 0.5, 1);
    expect(fly.report.results.model_capacity_bound).toBe(1);
    expect(fly.report.results.model_zero_load_latency_cycles).toBeUndefined();

    const crossbar = await runPreset(engine, models, preset, [
      'topology=crossbar',
      'crossbar_ports=4',
      'injection_rate=0.2',
      'sweep_rates=0.2',
    ]);
    // Karol, Hluchyj & Morgan: 0.6553 for N = 4.
    expect(crossbar.report.results.model_fifo_saturation).toBeCloseTo(0.6553, 3);
    expect(crossbar.report.results.accepted_flits_per_node_cycle).toBeCloseTo(0.2, 1);
    await expect(
      runPreset(engine, models, preset, ['topology=crossbar', 'pattern=tornado']),
    ).rejects.toThrow(
      new UsageError(
        "parameter 'pattern': nearest neighbour and tornado need a mesh or torus; valid on this " +
          'network: uniform, hotspot, transpose, bit complement, bit-reverse, shuffle, random ' +
          'permutation',
        'pattern',
      ),
    );
    engine.dispose();
  }, 60_000);
});

describe('runPreset() on the Multi-PSI goal-reduction machine', () => {
  it('gives reductions, work rates per PE and messages per kind that add up to the rates', async () => {
    const engine = createInProcessEngine(loadNodeModule());
    const models = await engine.listModels();
    const presets = loadPresetsFromDisk();
    const { report } = await runPreset(
      engine,
      models,
      findPreset(presets, 'multipsi-v1-program1'),
      ['pes=4', 'depth=3', 'queens=8'],
    );
    expect(report.params.pes).toBe(4);
    expect(report.results.reductions).toBe(38879);
    expect(report.results.rps).toBeGreaterThan(report.results.pe_rps as number);
    const workRates = report.results.work_rate_by_pe as number[];
    expect(workRates).toHaveLength(4);
    expect(workRates.every((w) => w > 0 && w <= 1)).toBe(true);
    expect(report.results.average_work_rate).toBeCloseTo(workRates.reduce((a, b) => a + b) / 4, 12);
    const kinds = report.results.messages_by_kind as Record<string, number>;
    expect(Object.keys(kinds)).toEqual([
      'throw_goal',
      'read_value',
      'return_value',
      'unify',
      'terminate',
    ]);
    const messages = Object.values(kinds).reduce((a, b) => a + b);
    expect(report.results.communication_rate).toBeCloseTo(messages / 38879, 12);
    expect(report.results.relative_communication_time).toBeGreaterThan(0);

    const { report: p2 } = await runPreset(
      engine,
      models,
      findPreset(presets, 'multipsi-v1-program2'),
      ['k=2', 'queens=6'],
    );
    expect(p2.results.solutions).toBe(4);
    await expect(
      runPreset(engine, models, findPreset(presets, 'multipsi-v1-program1'), ['queens=11']),
    ).rejects.toThrow("parameter 'queens' = 11 is out of range; valid range [4, 10]");
    engine.dispose();
  }, 60_000);
});
