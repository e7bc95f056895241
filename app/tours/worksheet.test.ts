import { describe, expect, it } from 'vitest';

import type { RunResult } from '../engine/types';
import { presets } from '../presets/bundled';
import type { StepRun } from './answers';
import { readStepValue, rightChoice } from './answers';
import type { ChoiceQuestionSpec, Tour, TourStep } from './schema';
import { worksheetModel } from './worksheet';

const preset = presets.find((p) => p.id === 'custom-network')!;
/** A run of the custom network whose mean latency is `latency` cycles. */
function run(latency: number): StepRun {
  const result: RunResult = {
    scalars: [{ name: 'latency_mean_cycles', value: latency, unit: 'cycles', description: '' }],
    series: [],
    networks: [],
    timelines: [],
  };
  return { preset, run: { result, params: {} } };
}
const latency = { scalar: 'latency_mean_cycles' };
const choice: ChoiceQuestionSpec = {
  kind: 'choice',
  prompt: 'Is it above 40 cycles?',
  choices: [
    { label: 'Yes', when: { value: latency, above: 40 } },
    { label: 'No', when: { value: latency, atMost: 40 } },
  ],
  expect: 0,
  explain: 'The pipeline adds up.',
};
const step = (over: Partial<TourStep>): TourStep => ({
  title: 'A step',
  presetId: preset.id,
  look: { chart: preset.charts[0]!.id },
  text: 'Look at the *latency*.',
  ...over,
});
const tour: Tour = {
  id: 'sheet',
  title: 'A worksheet',
  audience: 'Students',
  summary: 'Two questions.',
  steps: [
    step({ title: 'Words only' }),
    step({
      title: 'How long',
      question: { kind: 'number', prompt: 'How many cycles?', answer: latency, close: 0.1 },
    }),
    step({ title: 'Which side', question: choice }),
  ],
};
const runs = [run(45.25), run(45.25), run(33)];

describe('worksheetModel(tour, runs)', () => {
  const sheet = worksheetModel(tour, runs);

  it("prints each step's words and question, a number's unit and a choice's boxes", () => {
    expect(sheet.title).toBe('A worksheet');
    expect(sheet.steps.map((s) => s.question)).toEqual([
      null,
      { prompt: 'How many cycles?', unit: 'cycles', choices: [] },
      { prompt: 'Is it above 40 cycles?', unit: null, choices: ['Yes', 'No'] },
    ]);
    expect(sheet.steps[0]!.text).toBe('Look at the *latency*.');
  });

  it("reads the key's answers from the steps' runs, with their units, as the reveal says them", () => {
    const number = readStepValue(latency, runs[1]!).text.replace(/\u00a0/g, ' ');
    const key = sheet.key.map((k) => ({ ...k, answer: k.answer.replace(/\u00a0/g, ' ') }));
    expect(key).toEqual([
      {
        n: 2,
        prompt: 'How many cycles?',
        answer: number,
        close: 'within 10 % counts as close',
        explain: null,
      },
      {
        n: 3,
        prompt: 'Is it above 40 cycles?',
        answer: `${choice.choices[rightChoice(choice, runs[2]!)!]!.label} (33 cycles against 40 cycles)`,
        close: null,
        explain: 'The pipeline adds up.',
      },
    ]);
    expect(number).toBe('45.3 cycles');
    // Another run, another key: nothing of it is written down.
    expect(worksheetModel(tour, [run(1), run(50), run(50)]).key[1]!.answer).toMatch(/^Yes/);
  });

  it("keeps every answer off the student's pages", () => {
    const student = JSON.stringify(sheet.steps);
    for (const entry of sheet.key) expect(student).not.toContain(entry.answer);
    expect(student).not.toMatch(/45\.3|33 cycles/);
  });

  it('says where a run is missing or gives no answer, in words', () => {
    const broken = {
      ...tour,
      steps: [
        step({
          question: {
            ...choice,
            choices: choice.choices.map((c) => ({
              ...c,
              when: { ...c.when, value: { scalar: 'nope' } },
            })),
          },
        }),
      ],
    };
    expect(worksheetModel(broken, [run(1)]).key[0]!.answer).toBe(
      "the run gives no answer: the run has no result 'nope'",
    );
    expect(worksheetModel(tour, []).key[0]!.answer).toBe('the step has not run yet');
  });
});
