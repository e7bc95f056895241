// The tour walker: every step of every tour in presets/tours/ loads, runs in-process, and every
// answer it asks for is read from its run and every check its words rely on holds.
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { presetParams } from '../presets/schema';
import type { StepRun } from './answers';
import { readRunValue, rightChoice, stepFailures } from './answers';
import { loadToursFromDisk } from './from_disk';
import type { Tour } from './schema';
import { stepState, tourProblems } from './schema';

const presets = loadPresetsFromDisk();
const tours = loadToursFromDisk();
const engine = createInProcessEngine(await loadNodeModule());
let models: ModelInfo[];

beforeAll(async () => {
  models = await engine.listModels();
});

/** Every step's run, in order, as the page would run the step's link state. */
async function walk(tour: Tour): Promise<StepRun[]> {
  const runs: StepRun[] = [];
  for (let i = 0; i < tour.steps.length; i++) {
    const state = stepState(tour, i);
    const preset = presets.find((p) => p.id === state.presetId)!;
    const outcome = await engine.run({
      model: preset.model,
      params: { ...presetParams(preset), ...state.params },
      seed: state.seed ?? preset.seed,
    });
    runs.push({ preset, run: outcome });
  }
  return runs;
}

describe('the tours in presets/tours/', () => {
  it('are there: one per paper, one on networks, one across machines', () => {
    expect(tours.map((t) => t.id).sort()).toEqual(
      expect.arrayContaining(['networks', 'multipsi', 'jmachine-network', 'jmachine-programs']),
    );
    expect(tours.length).toBeGreaterThanOrEqual(8);
  });

  it('name presets, parameters, charts, readouts and outputs that exist', () => {
    for (const tour of tours) expect(tourProblems(tour, presets, models)).toEqual([]);
  });

  // One test per tour: its steps run one after another, since a check may read an earlier step.
  for (const tour of tours) {
    it(`${tour.id}: every step runs, every answer is read from the run, every check holds`, async () => {
      const runs = await walk(tour);
      const failures = tour.steps.flatMap((_, i) => stepFailures(tour, i, runs));
      expect(failures).toEqual([]);
      tour.steps.forEach((step, i) => {
        const own = runs[i]!;
        if (step.question?.kind === 'number')
          expect(readRunValue(step.question.answer, own.preset, own.run).text).toMatch(/\d/);
        if (step.question?.kind === 'choice')
          expect(rightChoice(step.question, own.preset, own.run)).toBe(step.question.expect);
      });
    });
  }
});
