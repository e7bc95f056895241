import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo, RunResult } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { presetParams } from '../presets/schema';
import { sharedRun } from '../presets/shared_runs';
import type { StepRun } from '../tours/answers';
import { readStepValue } from '../tours/answers';
import { readoutDetail } from '../results/chart_builder';
import type { Tour, TourStep } from '../tours/schema';
import { lessonChecks, unfinished } from './lesson_checks';

const presets = loadPresetsFromDisk();
const preset = presets.find((p) => p.id === 'custom-network')!;
let models: ModelInfo[];
beforeAll(async () => {
  models = await createInProcessEngine(await loadNodeModule()).listModels();
});

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

const step = (over: Partial<TourStep> = {}): TourStep => ({
  title: 'A step',
  presetId: 'custom-network',
  look: { chart: preset.charts[0]!.id },
  text: 'Look at the latency.',
  ...over,
});
const asks = {
  question: {
    kind: 'number' as const,
    prompt: 'How many cycles?',
    answer: { scalar: 'latency_mean_cycles' },
  },
};
const lesson = (steps: TourStep[], over: Partial<Tour> = {}): Tour => ({
  id: 'a-lesson',
  title: 'A lesson',
  audience: 'Students',
  summary: 'What it covers.',
  steps,
  ...over,
});

describe('unfinished()', () => {
  it("says what keeps a lesson from going out in the checks' words, not the schema's", () => {
    expect(unfinished(lesson([step()], { title: '' }))).toBe('give it a title');
    expect(unfinished(lesson([step(), step({ text: '' })]))).toBe('step 2: write its words');
    expect(unfinished(lesson([step()]))).toBeNull();
    expect(unfinished(lesson([]))).toBe('add a step');
  });
});

describe('lessonChecks()', () => {
  it('say what is empty, of the lesson and of each step', () => {
    const checks = lessonChecks(lesson([step({ text: '' })], { summary: '' }), presets, models, []);
    expect(checks.lesson).toContain('give it a summary');
    expect(checks.steps[0]).toContain('write its words');
  });

  it('name what a step sets that the model lacks', () => {
    const checks = lessonChecks(lesson([step({ params: { nope: 1 } })]), presets, models, []);
    expect(checks.steps[0]!.join()).toMatch(/'nope' is not a parameter/);
  });

  it('refuse a question whose answer the run does not give, with the reason', () => {
    const q = { ...asks.question, answer: { scalar: 'nope' } };
    const checks = lessonChecks(lesson([step({ question: q })]), presets, models, [run(45)]);
    expect(checks.steps[0]!.join()).toMatch(/no result 'nope'/);
  });

  it('flag words that give the answer away before Reveal, and a later step’s answer', () => {
    const told = step({ ...asks, text: 'It takes about 45 cycles.' });
    const checks = lessonChecks(lesson([told]), presets, models, [run(45.25)]);
    expect(checks.steps[0]!.join()).toMatch(/before Reveal, text: .*45 cycles.* states the answer/);
    const earlier = step({ text: 'Next you will see 45.25 cycles.' });
    const later = lessonChecks(lesson([earlier, step(asks)]), presets, models, [
      run(30),
      run(45.25),
    ]);
    expect(later.steps[0]!.join()).toMatch(/gives step 2's answer away/);
    expect(later.steps[1]).toEqual([]);
  });

  it('find nothing in a step whose words hold and give nothing away', () => {
    const checks = lessonChecks(lesson([step(asks)]), presets, models, [run(45.25)]);
    expect(checks).toEqual({ lesson: [], steps: [[]] });
  });
});

describe('lessonChecks() on a J-Machine lesson (issue 68)', () => {
  const jm = presets.find((p) => p.id === 'jmachine-latency-load')!;
  const params = { message_words: [2, 4, 8, 16] };
  let runs: StepRun;
  beforeAll(async () => {
    const outcome = await sharedRun({
      model: jm.model,
      params: { ...presetParams(jm), ...params },
      seed: jm.seed,
    });
    runs = { preset: jm, run: outcome };
  });
  const on = (over: Partial<TourStep>): TourStep =>
    step({ presetId: jm.id, params, look: { chart: 'latency-load' }, ...over });
  const half16 = { scalar: 'half_power_cycles_n16' };
  const longer = on({
    title: 'Longer messages',
    text: 'Now the longest messages.',
    outputs: { charts: ['latency-load'], readouts: [], table: false },
    question: {
      kind: 'choice',
      prompt: 'Does a 16-word message need more than 300 cycles of work to keep a node half busy?',
      choices: [
        { label: 'Yes', when: { value: half16, above: 300 } },
        { label: 'No', when: { value: half16, atMost: 300 } },
      ],
      expect: 0,
    },
  });
  const grain = on({
    title: 'The grain a program needs',
    text: 'Efficiency is the share of time a node computes.',
    look: { chart: 'efficiency' },
    outputs: { charts: ['efficiency'], readouts: [1], table: false },
    question: {
      kind: 'number',
      prompt: 'With 8-word messages, how much work keeps a node busy half the time?',
      answer: { readout: 1 },
    },
  });
  const fourSteps = (third: TourStep) =>
    lesson([
      on({
        title: 'A loop of requests',
        look: { chart: 'efficiency' },
        outputs: { charts: ['efficiency'], readouts: [], table: false },
      }),
      on({
        title: 'Words only',
        text: 'Each node waits for its reply.',
        look: { chart: 'efficiency' },
        outputs: { charts: ['efficiency'], readouts: [], table: false },
      }),
      third,
      longer,
    ]);

  it("flag step 3's readout detail, which answers step 4's choice against a constant", () => {
    const checks = lessonChecks(fourSteps(grain), presets, models, [runs, runs, runs, runs]);
    // Step 3 prints the 16-word grain in its readout's detail, as the issue saw it.
    expect(readoutDetail(jm.readouts[1]!, runs.run)).toMatch(/16-word: [\d.]+ cycles/);
    expect(checks.steps[2]!.join('\n')).toMatch(
      /gives step 4's answer away: readout 1 detail: “[\d.]+ cycles” states a value the choice compares/,
    );
    expect([checks.steps[0], checks.steps[1], checks.steps[3]]).toEqual([[], [], []]);
    expect(checks.lesson).toEqual([]);
  });

  it("flag a reveal that prints a later step's answer, and the explain text", () => {
    const compares = on({
      title: 'Four words against sixteen',
      look: { chart: 'efficiency' },
      outputs: { charts: ['efficiency'], readouts: [], table: false },
      question: {
        kind: 'choice',
        prompt: 'Which needs more work between messages?',
        choices: [
          { label: '16-word', when: { value: half16, above: { scalar: 'half_power_cycles_n4' } } },
          { label: '4-word', when: { value: { scalar: 'half_power_cycles_n4' }, above: half16 } },
        ],
        expect: 0,
      },
    });
    const asks16 = on({
      title: 'Sixteen words',
      outputs: { charts: ['latency-load'], readouts: [], table: false },
      question: { kind: 'number', prompt: 'How much work for 16 words?', answer: half16 },
    });
    const four = lesson([compares, asks16]);
    const checks = lessonChecks(four, presets, models, [runs, runs]);
    expect(checks.steps[0]!.join('\n')).toMatch(
      /gives step 2's answer away: reveal: [\d.]+.cycles/,
    );
    // The words shown after Reveal: step 1 asks the 4-word grain and explains with the 16-word.
    const told = readStepValue(half16, runs).text.replace(/\u00a0/g, ' ');
    const explained = on({
      title: 'Four words',
      look: { chart: 'efficiency' },
      outputs: { charts: ['efficiency'], readouts: [], table: false },
      question: {
        kind: 'number',
        prompt: 'How much work for 4 words?',
        answer: { scalar: 'half_power_cycles_n4' },
        explain: `Sixteen words need ${told}.`,
      },
    });
    const again = lessonChecks(lesson([explained, asks16]), presets, models, [runs, runs]);
    expect(again.steps[0]!.join('\n')).toMatch(
      /gives step 2's answer away: explain: “[\d.]+ cycles” states the answer/,
    );
    expect(again.steps[0]!.join('\n')).not.toMatch(/reveal/);
  });
});
