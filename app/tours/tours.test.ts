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
import { tours as bundledTours } from './bundled';
import type { Tour } from './schema';
import { stepState, tourProblems } from './schema';

const presets = loadPresetsFromDisk();
const tours = bundledTours;
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
      // Every question's answer is there in its step's run, and a choice's is the one expected.
      const answers = tour.steps.flatMap((step, i): (string | boolean)[] => {
        const own = runs[i]!;
        const q = step.question;
        if (q?.kind === 'number') return [readRunValue(q.answer, own.preset, own.run).text];
        if (q?.kind === 'choice') return [rightChoice(q, own.preset, own.run) === q.expect];
        return [];
      });
      expect(answers.every((a) => a === true || /\d/.test(String(a)))).toBe(true);
    });
  }
});
