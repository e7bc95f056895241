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
      params: {},
      charts: { 'latency-load': { yLog: true } },
    });
    expect(() => stepState(tour, 99)).toThrow(/has no step 100/);
  });
});
