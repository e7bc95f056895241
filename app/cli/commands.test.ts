import { describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import {
  UsageError,
  findPreset,
  formatTable,
  parseJobs,
  parseParamsJson,
  parseSettings,
  runPreset,
  toCsv,
  targetsElsewhere,
  terminalWidth,
  validationReport,
  validationTable,
  wrapLine,
} from './commands';
import type { ValidationRow } from '../presets/validation';
import { summaryText } from '../presets/validation';

const model: ModelInfo = {
  name: 'm',
  outputs: [],
  recordsTrace: false,
  title: 'M',
  description: '',
  citation: '',
  params: [
    {
      name: 'pes',
      label: 'PEs',
      unit: 'PEs',
      default: 6,
      min: 1,
      max: 64,
      step: 1,
      integer: true,
      ratio: 0,
      description: '',
      maxItems: 0,
      defaultList: [],
      choices: [],
      unitFrom: '',
    },
    {
      name: 'rates',
      label: 'Rates',
      unit: 'fraction',
      default: 1,
      min: 0.01,
      max: 1,
      step: 0.01,
      integer: false,
      ratio: 0,
      description: '',
      maxItems: 6,
      defaultList: [0.75, 0.5, 0.25],
      choices: [],
      unitFrom: '',
    },
  ],
};

describe('parseSettings()', () => {
  it('names the unit a choice gives the loads, set in the line or by the preset', () => {
    const scale = {
      ...model.params[0]!,
      name: 'scale',
      unit: '',
      max: 1,
      min: 0,
      choices: ['fraction', 'flits/node/cycle'],
    };
    const scaled: ModelInfo = {
      ...model,
      params: [{ ...model.params[1]!, unitFrom: 'scale' }, scale],
    };
    const flits =
      "parameter 'rates' item 1 = 'x' is not a finite number; valid range [0.01, 1] flits/node/cycle";
    expect(() => parseSettings(scaled, ['rates=x', 'scale=flits/node/cycle'])).toThrow(flits);
    expect(() => parseSettings(scaled, ['rates=x'], { scale: 1 })).toThrow(flits);
    expect(() => parseSettings(scaled, ['rates=x'])).toThrow('valid range [0.01, 1] fraction');
  });

  it('parses name=value pairs and the seed', () => {
    expect(parseSettings(model, ['pes=8', 'seed=3'])).toEqual({ params: { pes: 8 }, seed: 3 });
  });

  it('lists the valid names for an unknown parameter', () => {
    expect(() => parseSettings(model, ['nodes=4'])).toThrow(
      new UsageError("unknown parameter 'nodes' for m; valid: seed, pes, rates"),
    );
  });

  it('parses comma-separated numbers for a list parameter', () => {
    expect(parseSettings(model, ['rates=1,0.8, 0.6'])).toEqual({
      params: { rates: [1, 0.8, 0.6] },
    });
  });

  it('takes one number for a list parameter as a one-item list', () => {
    expect(parseSettings(model, ['rates=0.5'])).toEqual({ params: { rates: [0.5] } });
  });

  it('leaves item counts and ranges of a list to the engine', () => {
    expect(parseSettings(model, ['rates=2,1,1,1,1,1,1'])).toEqual({
      params: { rates: [2, 1, 1, 1, 1, 1, 1] },
    });
  });

  it('names the item of a list that is not a number', () => {
    expect(() => parseSettings(model, ['rates=1,x'])).toThrow(
      new UsageError(
        "parameter 'rates' item 2 = 'x' is not a finite number; valid range [0.01, 1] fraction",
      ),
    );
    expect(() => parseSettings(model, ['rates=1,,0.5'])).toThrow(
      "parameter 'rates' item 2 = '' is not a finite number",
    );
    expect(() => parseSettings(model, ['rates='])).toThrow("parameter 'rates' item 1 = ''");
  });

  it('rejects a list for a single-number parameter', () => {
    expect(() => parseSettings(model, ['pes=4,8'])).toThrow(
      new UsageError(
        "parameter 'pes' = '4,8' requires a single number, not a list; valid range [1, 64] PEs",
      ),
    );
  });

  it('reads decimal numbers only, saying what 0x10 would be', () => {
    expect(() => parseSettings(model, ['pes=0x10'])).toThrow(
      new UsageError(
        "parameter 'pes' = '0x10' is not a decimal number (0x10 is hexadecimal for 16); " +
          'valid range [1, 64] PEs',
      ),
    );
    expect(() => parseSettings(model, ['seed=0x10'])).toThrow('seed must be a whole number');
  });

  it('names the range for a value that is not a number', () => {
    expect(() => parseSettings(model, ['pes=many'])).toThrow(
      "parameter 'pes' = 'many' is not a finite number; valid range [1, 64] PEs",
    );
    expect(() => parseSettings(model, ['pes'])).toThrow('--set expects name=value');
    expect(() => parseSettings(model, ['seed=-1'])).toThrow(/seed must be a whole number/);
  });
});

describe('output', () => {
  it('toCsv() writes a header and one row per scalar', () => {
    const csv = toCsv({
      networks: [],
      timelines: [],
      scalars: [{ name: 'a', value: 1.5, unit: 'ms', description: '' }],
      series: [],
    });
    expect(csv).toBe('metric,value,unit\na,1.5,ms\n');
  });

  it('formatTable() aligns columns', () => {
    expect(
      formatTable(
        ['k', 'v'],
        [
          ['long', '1'],
          ['s', '22'],
        ],
      ),
    ).toBe('k      v\n----  --\nlong   1\ns     22');
  });
});

describe('validationTable()', () => {
  it("prints the paper's number or words, the accepted range, the source and why a miss misses", () => {
    const rows: ValidationRow[] = [
      {
        metric: 'share',
        role: 'claim',
        label: 'Share',
        unit: 'fraction',
        paper: { kind: 'words', words: 'less than 2.5%' },
        accept: { below: 0.025 },
        simulated: 0.004,
        pass: true,
        why: 'w',
        source: 'sec. 4',
      },
      {
        metric: 'g',
        role: 'validation',
        label: 'g',
        unit: 'us',
        paper: { kind: 'number', value: 8.1, tolerance: 1.215 },
        accept: { atLeast: 6.885, atMost: 9.315 },
        simulated: 6.3,
        pass: false,
        place: -2,
        why: 'w',
        source: 'Table 1',
        knownMiss: 'g stays near 6.3 us',
      },
    ];
    expect(validationTable('p', rows, 120)).toBe(
      [
        'preset  metric  role        paper                      accepted  simulated          result  source',
        '------  ------  ----------  ----------------  -----------------  ---------  --------------  -------',
        'p       share   claim       \u201cless than 2.5%\u201d            < 2.5\u00a0%      0.4\u00a0%            pass  sec. 4',
        'p       g       validation  8.10\u00a0µs           6.885 to 9.315\u00a0µs    6.30\u00a0µs  known miss (1)  Table 1',
        '(1) g: g stays near 6.3 us',
      ].join('\n'),
    );
    // Narrower than the table: a target a row, its numbers and source under it, wrapped.
    const narrow = validationTable('p', [{ ...rows[1]!, source: 'Table 1 of the paper' }], 40);
    expect(narrow.split('\n')).toEqual([
      'p  g  validation  known miss (1)',
      '    paper 8.10\u00a0µs; accepted 6.885 to',
      '    9.315\u00a0µs; simulated 6.30\u00a0µs; source:',
      '    Table 1 of the paper',
      '(1) g: g stays near 6.3 us',
    ]);
  });

  it('wraps a long row (a claim of hundreds of characters) to the width, nothing lost', () => {
    const claim: ValidationRow = {
      metric: 'skew',
      role: 'claim',
      label: 'Skew',
      unit: 'fraction',
      paper: { kind: 'words', words: 'a maximum '.repeat(40).trim() },
      accept: { below: 0.5 },
      simulated: 0.1,
      pass: true,
      why: 'w',
      source: 'sec. 4.3.1, '.repeat(30).trim(),
    };
    const lines = validationTable('p', [claim], 100).split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(100);
    expect(lines[0]).toBe('p  skew  claim  pass');
    expect(lines.slice(1).every((l) => /^ {4}\S/.test(l))).toBe(true);
    expect(lines.join(' ').replace(/ {2,}/g, ' ')).toContain(
      `\u201c${claim.paper.kind === 'words' ? claim.paper.words : ''}\u201d; accepted < 50\u00a0%`,
    );
    expect(lines.join(' ').replace(/ {2,}/g, ' ')).toContain(`source: ${claim.source}`);
  });
});

describe('wrapLine()', () => {
  it('breaks at spaces, indents the lines after the first, keeps a word longer than the width', () => {
    expect(wrapLine('aaa bbb ccc ddd', 8, 2)).toEqual(['aaa bbb', '  ccc', '  ddd']);
    expect(wrapLine('short', 8, 2)).toEqual(['short']);
    expect(wrapLine('x abcdefghijkl y', 8, 2)).toEqual(['x', '  abcdefghijkl', '  y']);
  });

  it('reads the width of the terminal, 100 where there is none', () => {
    expect(terminalWidth({ columns: 80 })).toBe(80);
    expect(terminalWidth({})).toBe(100);
  });
});

describe('validationReport()', () => {
  it("counts a preset's rows by role: passed of all and without its calibration targets", async () => {
    const engine = createInProcessEngine(loadNodeModule());
    const models = await engine.listModels();
    const preset = findPreset(loadPresetsFromDisk(), 'jmachine-round-trip');
    const { report, rows } = await runPreset(engine, models, preset);
    engine.dispose();
    // handler_cycles and read_handler_cycles are fitted on two of its four targets.
    expect(rows.map((r) => [r.metric, r.role, r.fittedBy])).toEqual([
      ['null_rpc_self_cycles', 'calibration', ['handler_cycles']],
      ['null_rpc_per_hop_cycles', 'validation', undefined],
      ['read1_neighbor_cycles', 'calibration', ['read_handler_cycles']],
      ['read1_corner_cycles', 'validation', undefined],
    ]);
    const { presets, summary } = validationReport([{ preset: preset.id, report, rows }]);
    expect(presets[0]!.validation.map((v) => v.role)).toEqual(rows.map((r) => r.role));
    const passed = (role?: string) =>
      rows.filter((r) => r.pass && (role === undefined || r.role === role)).length;
    expect(summary.all).toEqual({ passed: passed(), of: 4, share: passed() / 4 });
    expect(summary.calibrationTargets).toBe(2);
    expect(summary.withoutCalibration).toEqual({
      passed: passed('validation'),
      of: 2,
      share: passed('validation') / 2,
    });
    expect(summary.roles.claim).toEqual({ passed: 0, of: 0, share: Number.NaN });
    const words = summaryText(summary);
    expect(words[0]).toBe(
      `passed ${passed()} of 4 (${Math.round((passed() / 4) * 100)}\u00a0%); without the 2 ` +
        `calibration targets: ${passed('validation')} of 2 ` +
        `(${Math.round((passed('validation') / 2) * 100)}\u00a0%)`,
    );
    expect(words[1]).toMatch(
      /^by role: calibration \d of 2 .*, validation \d of 2 .*, claim 0 of 0 \(\u2013\)$/,
    );
  }, 60_000);
});

describe('targetsElsewhere()', () => {
  it("names the presets that check an aggregate's targets, for validate", () => {
    const presets = loadPresetsFromDisk();
    expect(targetsElsewhere(findPreset(presets, 'jmachine-programs'), presets)).toBe(
      'jmachine-programs: no targets of its own; the paper targets of the experiments it runs ' +
        'together are checked in their presets: jmachine-lcs (14 targets), jmachine-radix ' +
        '(8 targets), jmachine-queens (7 targets), jmachine-tsp (7 targets) (validate <preset-id>)',
    );
  });
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
  it('runs the issue command line: one load point with the results scripts read', async () => {
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
      runPreset(engine, models, preset, ['topology=crossbar', 'pattern=transpose']),
    ).rejects.toThrow(
      new UsageError(
        "parameter 'pattern': transpose, bit complement and nearest neighbour need a mesh or " +
          'torus; valid on this network: uniform, hotspot',
        'pattern',
      ),
    );
    engine.dispose();
  }, 60_000);
});

describe('runPreset() on the Multi-PSI goal-reduction machine', () => {
  it('gives the results the issue names, per-PE arrays and per-kind objects included', async () => {
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

describe('parseParamsJson()', () => {
  const topology = {
    ...model.params[0]!,
    name: 'topology',
    label: 'Topology',
    unit: '',
    min: 0,
    max: 2,
    choices: ['mesh', 'torus', 'fly'],
  };
  const withChoice: ModelInfo = { ...model, params: [...model.params, topology] };

  it('reads what run --json and the JSON export write: choices by name or number', () => {
    const json = { preset: 'p', seed: 4, params: { topology: 'fly', pes: 8, rates: [0.5, 1] } };
    expect(parseParamsJson(withChoice, json, 'a.json')).toEqual({
      preset: 'p',
      seed: 4,
      params: { topology: 2, pes: 8, rates: [0.5, 1] },
    });
    expect(parseParamsJson(withChoice, { params: { topology: 1 } }, 'a.json')).toEqual({
      params: { topology: 1 },
    });
  });

  it('names the file, the parameter and what is valid', () => {
    const bad = (params: unknown) => () => parseParamsJson(withChoice, { params }, 'a.json');
    expect(bad({ topology: 'ring' })).toThrow(
      new UsageError(
        "a.json: parameter 'topology' = 'ring': Unknown choice 'ring'. Valid: mesh, torus, fly",
        'topology',
      ),
    );
    // JSON.stringify would print NaN and Infinity as null.
    expect(bad({ pes: Number.NaN })).toThrow(
      new UsageError(
        "a.json: parameter 'pes' = NaN: Not a finite number. Valid: 1 to 64 PEs",
        'pes',
      ),
    );
    expect(bad({ rates: [0.5, Number.POSITIVE_INFINITY] })).toThrow(
      "a.json: parameter 'rates' = [0.5, Infinity]: Item 2 (Infinity): Not a finite number.",
    );
    expect(bad({ pes: 0 })).toThrow(
      new UsageError("a.json: parameter 'pes' = 0: Out of range. Valid: 1 to 64 PEs", 'pes'),
    );
    expect(bad({ nodes: 1 })).toThrow("a.json: unknown parameter 'nodes' for m; valid: pes,");
    expect(bad({ nodes: 1 })).toThrow(expect.objectContaining({ param: 'nodes' }));
    expect(() => parseParamsJson(withChoice, [], 'a.json')).toThrow('a.json: no "params" object');
  });
});

describe('parseJobs()', () => {
  it('takes a whole number of threads, or the fallback (the cores) when not given', () => {
    expect(parseJobs('3', 2)).toBe(3);
    expect(parseJobs(undefined, 2)).toBe(2);
    expect(parseJobs(undefined, 0)).toBe(1);
  });

  it.each(['0', '1.5', 'x', '', '257'])('rejects %j naming the valid range', (text) => {
    expect(() => parseJobs(text, 2)).toThrow(
      new UsageError(`--jobs '${text}' is not a whole number from 1 to 256`),
    );
  });
});
