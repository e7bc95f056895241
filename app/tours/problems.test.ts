import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { tours as bundledTours } from './bundled';
import type { Tour } from './schema';
import { tourProblems } from './problems';

const presets = loadPresetsFromDisk();
const engine = createInProcessEngine(await loadNodeModule());
let models: ModelInfo[];

beforeAll(async () => {
  models = await engine.listModels();
});

const networks = bundledTours.find((t) => t.id === 'networks')!;
const copy = (): Tour => structuredClone(networks);
const problems = (tour: Tour) => tourProblems(tour, presets, models);

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
