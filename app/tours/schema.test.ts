import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { tourFromFile } from './bundled';
import { tours as bundledTours } from './bundled';
import type { Tour } from './schema';
import { parseTour, stepState, tourProblems } from './schema';

const presets = loadPresetsFromDisk();
const engine = createInProcessEngine(await loadNodeModule());
let models: ModelInfo[];

beforeAll(async () => {
  models = await engine.listModels();
});

const networks = bundledTours.find((t) => t.id === 'networks')!;
const copy = (): Tour => structuredClone(networks);
const problems = (tour: Tour) => tourProblems(tour, presets, models);

describe('parseTour()', () => {
  it('takes every tour file, and refuses fewer than 4 steps or more than 10', () => {
    expect(networks.steps.length).toBeGreaterThanOrEqual(4);
    const short = { ...copy(), steps: copy().steps.slice(0, 3) };
    expect(() => parseTour(short, 'short.json')).toThrow(/invalid tour short.json: steps/);
    const long = { ...copy(), steps: [...copy().steps, ...copy().steps] };
    expect(() => parseTour(long, 'long.json')).toThrow(/steps/);
  });

  it('refuses a check with two bounds or none, and a choice expected out of range', () => {
    const tour = copy() as unknown as { steps: Record<string, unknown>[] };
    tour.steps[0]!.question = {
      kind: 'number',
      prompt: 'p',
      answer: { scalar: 'x' },
      checks: [{ above: 1, below: 2 }],
    };
    expect(() => parseTour(tour, 't.json')).toThrow(/give one bound/);
    tour.steps[0]!.question = {
      kind: 'choice',
      prompt: 'p',
      choices: [
        { label: 'a', when: { value: { scalar: 'x' }, above: 1 } },
        { label: 'b', when: { value: { scalar: 'x' }, atMost: 1 } },
      ],
      expect: 2,
    };
    expect(() => parseTour(tour, 't.json')).toThrow(/expect must be the index of a choice/);
  });

  it('refuses a file whose name is not its id', () => {
    expect(() => tourFromFile('other.json', copy())).toThrow(/tour other.json: its id is/);
  });
});

describe('tourProblems()', () => {
  it('names the tour, the step and the parameter that is unknown or out of range', () => {
    const tour = copy();
    tour.steps[1]!.params = { no_such: 1, packet_flits: 999 };
    expect(problems(tour)).toEqual([
      "tour networks, step 2 (Where the mesh saturates): params.no_such: 'no_such' is not a parameter of network_traffic",
      'tour networks, step 2 (Where the mesh saturates): params.packet_flits: Out of range. Valid: 1 to 64 flits',
    ]);
  });

  it('finds an unknown preset, chart, readout, shown parameter and output', () => {
    const tour = copy();
    tour.steps[0]!.presetId = 'no-such-preset';
    tour.steps[1]!.look = { chart: 'no-such-chart' };
    tour.steps[2]!.look = { readout: 9 };
    tour.steps[3]!.show = ['nope'];
    tour.steps[4]!.question = {
      kind: 'number',
      prompt: 'p',
      answer: { scalar: 'no_such_result' },
    };
    tour.steps[5]!.checks = [
      { value: { series: 'no_such_curve', at: 1 }, above: { readout: 0, step: 12 }, why: 'w' },
    ];
    const found = problems(tour);
    expect(found).toContainEqual(expect.stringMatching(/step 1 .*presetId: no preset/));
    expect(found).toContainEqual(expect.stringMatching(/step 2 .*look.chart: no chart 'no-such/));
    expect(found).toContainEqual(expect.stringMatching(/step 3 .*look.readout: .* 2 readouts/));
    expect(found).toContainEqual(expect.stringMatching(/step 4 .*show.0: 'nope' is not a param/));
    expect(found).toContainEqual(
      expect.stringMatching(/step 5 .*question.answer: 'no_such_result' is no scalar output/),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/step 6 .*checks.0.value: 'no_such_curve' is no series output/),
    );
    expect(found).toContainEqual(expect.stringMatching(/step 6 .*checks.0.above: no step 12/));
  });

  it('checks a view against the chart that opens it', () => {
    const tour = copy();
    tour.steps[0]!.view = { kind: 'timeline', chart: 'latency-load', from: 0, length: 10 };
    tour.steps[1]!.view = { kind: 'packets', chart: 'accepted', from: 0, length: 10 };
    tour.steps[2]!.look = { view: true };
    const found = problems(tour);
    expect(found).toContainEqual(
      expect.stringMatching(/step 1 .*view.kind: the chart 'latency-load' opens the packets view/),
    );
    expect(found).toContainEqual(expect.stringMatching(/step 2 .*view.chart: the chart opens no/));
    expect(found).toContainEqual(expect.stringMatching(/step 3 .*look.view: the step opens no/));
  });

  it('finds a chart or readout a question holds back that the preset lacks or the step points at', () => {
    const tour = copy();
    const question = tour.steps[0]!.question!;
    question.shownBy = [{ chart: 'accepted' }];
    expect(problems(tour)).toEqual([]);
    question.shownBy = [{ chart: 'no-such-chart' }, { chart: 'latency-load' }, { readout: 7 }];
    const found = problems(tour);
    expect(found).toContainEqual(
      expect.stringMatching(/step 1 .*question.shownBy.0.chart: no chart 'no-such-chart'/),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/step 1 .*shownBy.1: the step points at what it holds back/),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/step 1 .*shownBy.2.readout: custom-network has 2 readouts/),
    );
  });
});

describe('tourProblems() of steps that open side by side or every machine', () => {
  it('checks the right pane: its preset, parameters and charts', () => {
    const tour = copy();
    tour.steps[0]!.layout = {
      kind: 'side',
      right: { params: { vcs: 99 }, charts: { 'no-such-chart': { yLog: true } } },
    };
    tour.steps[1]!.layout = { kind: 'side', right: { presetId: 'no-such-preset' } };
    const found = problems(tour);
    expect(found).toContainEqual(
      expect.stringMatching(/step 1 .*layout.right.params.vcs: Out of range/),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/step 1 .*layout.right.charts.no-such-chart: no chart/),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/step 2 .*layout.right.presetId: no preset 'no-such-preset'/),
    );
  });

  it('reads the right pane or a machine only where the step shows it', () => {
    const tour = copy();
    tour.steps[0]!.checks = [
      { value: { scalar: 'acceptance', side: 'right' }, above: 0, why: 'w' },
      { value: { scalar: 'acceptance', machine: 'jmachine-logp' }, above: 0, why: 'w' },
    ];
    const found = problems(tour);
    expect(found).toContainEqual(
      expect.stringMatching(/step 1 .*checks.0.value: step 1 has no right pane/),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/step 1 .*checks.1.value: step 1 shows no machines/),
    );
    tour.steps[0]!.layout = { kind: 'side', right: { params: { vcs: 2 } } };
    expect(problems(tour).filter((p) => p.includes('checks.0'))).toEqual([]);
  });

  it('keeps an all-machines step to the page: a machine, no pane, its chart or table', () => {
    const tour = copy();
    tour.steps[8]!.look = { machines: 'chart' };
    tour.steps[0]!.params = { vcs: 2 };
    tour.steps[0]!.layout = { kind: 'machines', params: { 'no-such-machine': {} } };
    tour.steps[0]!.checks = [
      { value: { scalar: 'x', machine: 'custom-network' }, above: 0, why: 'w' },
    ];
    const found = problems(tour);
    expect(found).toContainEqual(
      expect.stringMatching(/step 1 .*presetId: an all-machines step reads a machine's run/),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/step 1 .*params: the all-machines page has no pane to set/),
    );
    expect(found).toContainEqual(expect.stringMatching(/step 1 .*look: an all-machines step/));
    expect(found).toContainEqual(
      expect.stringMatching(/step 1 .*layout.params.no-such-machine: no machine/),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/step 1 .*checks.0.value: no machine 'custom-network'/),
    );
    expect(found).toContainEqual(
      expect.stringMatching(/step 9 .*look.machines: the step opens no all-machines page/),
    );
  });
});

describe('tourProblems() of a choice question', () => {
  it('wants each choice that compares two values to read its own', () => {
    const tour = copy();
    const a = { series: 'latency_vs_offered', at: 'first' } as const;
    const b = { series: 'latency_vs_offered', at: 'last' } as const;
    tour.steps[1]!.question = {
      kind: 'choice',
      prompt: 'p',
      choices: [
        { label: 'first', when: { value: a, below: b } },
        { label: 'last', when: { value: a, atLeast: b } },
      ],
      expect: 0,
    };
    expect(problems(tour)).toEqual([
      "tour networks, step 2 (Where the mesh saturates): question.choices.1.when.value: 'last' reads the same value as another choice: each choice compares its own value with the others'",
    ]);
    tour.steps[1]!.question.choices[1] = { label: 'last', when: { value: b, above: a } };
    expect(problems(tour)).toEqual([]);
  });
});

describe('stepState()', () => {
  it("gives the link's fields a step sets", () => {
    const tour = copy();
    tour.steps[2]!.seed = 7;
    tour.steps[2]!.charts = { accepted: { yLog: true } };
    tour.steps[2]!.view = { kind: 'packets', chart: 'latency-load', from: 2000, length: 300 };
    expect(stepState(tour, 2)).toEqual({
      presetId: 'custom-network',
      params: { packet_flits: 32 },
      seed: 7,
      charts: { accepted: { yLog: true } },
      view: { kind: 'packets', chart: 'latency-load', from: 2000, length: 300 },
    });
    expect(stepState(tour, 0)).toEqual({
      presetId: 'custom-network',
      params: { sweep_rates: [0.05, 0.1, 0.2] },
      charts: { 'latency-load': { yLog: true } },
    });
    expect(() => stepState(tour, 99)).toThrow(/has no step 100/);
  });

  it('gives the layout a step opens: a right pane (its preset by default) or every machine', () => {
    const tour = copy();
    tour.steps[1]!.layout = { kind: 'side', right: { params: { vcs: 2 }, seed: 3 } };
    expect(stepState(tour, 1).layout).toEqual({
      kind: 'side',
      right: {
        presetId: 'custom-network',
        params: { vcs: 2 },
        seed: 3,
        charts: {},
        pins: [],
      },
    });
    tour.steps[1]!.layout = { kind: 'machines' };
    expect(stepState(tour, 1).layout).toEqual({ kind: 'machines', unit: 'us', params: {} });
  });
});
