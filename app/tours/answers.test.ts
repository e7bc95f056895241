import { describe, expect, it } from 'vitest';

import type { RunResult } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import type { StepRun } from './answers';
import { judgePrediction, readRunValue, rightChoice, stepFailures } from './answers';
import type { Tour } from './schema';

const preset = loadPresetsFromDisk().find((p) => p.id === 'custom-network')!;

function run(latency: number, saturation: number): StepRun {
  const result: RunResult = {
    scalars: [
      { name: 'latency_mean_cycles', value: latency, unit: 'cycles', description: '' },
      { name: 'latency_vs_offered_saturation', value: saturation, unit: 'x', description: '' },
      { name: 'acceptance', value: 0.725, unit: 'fraction', description: '' },
    ],
    series: [
      {
        name: 'latency_vs_offered',
        label: '',
        xName: 'offered',
        xUnit: '',
        yName: 'latency',
        yUnit: 'cycles',
        key: '',
        labels: [],
        x: [0.1, 0.2, 0.4],
        y: [10, 20, 60],
      },
    ],
    networks: [],
    timelines: [],
  };
  return { preset, run: { result, params: {} } };
}

describe('readRunValue()', () => {
  const { run: view } = run(45.25, 0.3);

  it('reads a readout, a scalar and a curve, with units', () => {
    expect(readRunValue({ readout: 0 }, preset, view)).toEqual({
      value: 45.25,
      unit: 'cycles',
      text: '45.25 cycles',
      percent: false,
    });
    expect(readRunValue({ scalar: 'acceptance' }, preset, view)).toMatchObject({
      text: '72.5\u00a0%',
      percent: true,
    });
    const at = (x: number | 'first' | 'last' | 'max' | 'min') =>
      readRunValue({ series: 'latency_vs_offered', at: x }, preset, view).value;
    expect([at(0.2), at('first'), at('last'), at('max'), at('min')]).toEqual([20, 10, 60, 60, 10]);
    expect(at(0.3)).toBeCloseTo(40, 9);
  });

  it('reads where a curve first reaches a level, in its x unit', () => {
    const crosses = (level: number) =>
      readRunValue({ series: 'latency_vs_offered', crosses: level }, preset, view).value;
    expect([crosses(10), crosses(20), crosses(60)]).toEqual([0.1, 0.2, 0.4]);
    expect(crosses(40)).toBeCloseTo(0.3, 9);
    expect(() => crosses(61)).toThrow(/never reaches 61 \(y: 10 to 60\)/);
  });

  it('names what the run lacks', () => {
    expect(() => readRunValue({ scalar: 'nope' }, preset, view)).toThrow(/no result 'nope'/);
    expect(() => readRunValue({ series: 'latency_vs_offered', at: 0.9 }, preset, view)).toThrow(
      /no value at 0.9 \(x: 0.1 to 0.4\)/,
    );
    expect(() => readRunValue({ readout: 5 }, preset, view)).toThrow(/has no readout 5/);
  });
});

describe('judgePrediction()', () => {
  it('counts a prediction within the share as close, else high or low', () => {
    expect(judgePrediction(110, 100)).toBe('close');
    expect(judgePrediction(130, 100)).toBe('high');
    expect(judgePrediction(70, 100)).toBe('low');
    expect(judgePrediction(140, 100, 0.5)).toBe('close');
  });
});

const tour: Tour = {
  id: 't',
  title: 'T',
  audience: 'a',
  summary: 's',
  steps: [0, 1, 2, 3].map((i) => ({
    title: `S${i}`,
    presetId: 'custom-network',
    look: { readout: 0 },
    text: 'x',
  })),
};

describe('stepFailures()', () => {
  const runs = [run(40, 0.3), run(80, 0.2), run(40, 0.3), run(40, 0.3)];

  it('passes when the answer meets its checks, and fails naming the step when one is broken', () => {
    const t = structuredClone(tour);
    t.steps[1]!.question = {
      kind: 'number',
      prompt: 'p',
      answer: { readout: 0 },
      checks: [{ above: { readout: 0, step: 1, times: 1.5 } }, { below: 100 }],
    };
    expect(stepFailures(t, 1, runs)).toEqual([]);
    t.steps[1]!.question.checks![1] = { below: 60 };
    expect(stepFailures(t, 1, runs)).toEqual([
      'tour t, step 2 (S1): question: 80\u00a0cycles is not below 60\u00a0cycles',
    ]);
  });

  it('fails when the run picks another choice than the words expect, or none', () => {
    const t = structuredClone(tour);
    const question = {
      kind: 'choice' as const,
      prompt: 'p',
      choices: [
        { label: 'fast', when: { value: { readout: 0 }, below: 50 } },
        { label: 'slow', when: { value: { readout: 0 }, atLeast: 50 } },
      ],
      expect: 0,
    };
    t.steps[0]!.question = question;
    t.steps[1]!.question = question;
    expect(rightChoice(question, runs[1]!)).toBe(1);
    expect(stepFailures(t, 0, runs)).toEqual([]);
    expect(stepFailures(t, 1, runs)).toEqual([
      "tour t, step 2 (S1): question: the run picks 'slow', the words expect 'fast'",
    ]);
    t.steps[0]!.question = { ...question, choices: [question.choices[0]!, question.choices[0]!] };
    expect(stepFailures(t, 0, runs)).toEqual([
      'tour t, step 1 (S0): question: the run singles out no one choice',
    ]);
  });

  it("reads the right pane's run side by side, and a machine's on the all-machines page", () => {
    const t = structuredClone(tour);
    const step: StepRun = {
      ...run(10, 0.3),
      right: run(30, 0.5),
      machines: { 'jmachine-logp': run(70, 0.1) },
    };
    const steps = [step, ...runs.slice(1)];
    t.steps[0]!.checks = [
      { value: { readout: 0, side: 'right' }, above: { readout: 0, times: 2 }, why: 'right' },
      { value: { readout: 0, machine: 'jmachine-logp' }, above: 60, why: 'machine' },
    ];
    expect(stepFailures(t, 0, steps)).toEqual([]);
    t.steps[0]!.checks[1]!.value = { readout: 0, machine: 'paragon-logp' };
    t.steps[1]!.checks = [{ value: { readout: 0, side: 'right' }, above: 0, why: 'none' }];
    expect([...stepFailures(t, 0, steps), ...stepFailures(t, 1, steps)]).toEqual([
      "tour t, step 1 (S0): check 2 (machine): the step has no run of the machine 'paragon-logp'",
      'tour t, step 2 (S1): check 1 (none): the step has no right pane',
    ]);
  });

  it("checks a step's own values, with why in the failure", () => {
    const t = structuredClone(tour);
    t.steps[2]!.checks = [
      {
        value: { scalar: 'latency_vs_offered_saturation' },
        above: { scalar: 'latency_vs_offered_saturation', step: 2 },
        why: 'more than before',
      },
    ];
    expect(stepFailures(t, 2, runs)).toEqual([]);
    t.steps[2]!.checks[0]!.above = { scalar: 'latency_vs_offered_saturation', step: 4 };
    expect(stepFailures(t, 2, runs)).toEqual([
      'tour t, step 3 (S2): check 1 (more than before): 0.3× is not above 0.3×',
    ]);
  });
});
