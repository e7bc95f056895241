import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo, RunResult } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import type { StepRun } from '../tours/answers';
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
