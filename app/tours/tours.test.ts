// The tour walker: every step of every tour in presets/tours/ loads, runs in-process, and every
// answer it asks for is read from its run and every check its words rely on holds. On the data
// the page draws (drawn.ts): before a question's reveal nothing on its step states the answer
// (a number in its unit within the question's closeness, in a chart, a readout, a table or a
// sentence), after it the outcome is drawn, and no step ever states a later step's answer.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { machineRequest } from '../compare/machines';
import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo, Params } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { presetParams } from '../presets/schema';
import { formatTemplate, readoutDetail, readoutText } from '../results/chart_builder';
import { sharedRun } from '../presets/shared_runs';
import type { PaneRun, StepRun } from './answers';
import { readStepValue, rightChoice, stepFailures } from './answers';
import { tours as bundledTours, tourFromFile, tourIn } from './bundled';
import { chooseLanguage } from '../i18n/i18n';
import { LANGUAGES, SOURCE_LANG } from '../i18n/languages';
import { answerLeaks, stepDrawing } from './drawn';
import { answersQuestion } from './withhold';
import type { Tour } from './schema';
import { runValues, tourProblems } from './problems';
import { stepState } from './schema';

const presets = loadPresetsFromDisk();
const tours = bundledTours;
const engine = createInProcessEngine(await loadNodeModule());
let models: ModelInfo[];

beforeAll(async () => {
  models = await engine.listModels();
});

/**
 * A pane's run as the page runs it: its preset with the parameters that differ (shared with the
 * suite: a step that shows a preset as it is reads the preset's own run).
 */
async function runPane(presetId: string, params: Params, seed?: number): Promise<PaneRun> {
  const preset = presets.find((p) => p.id === presetId)!;
  const outcome = await sharedRun({
    model: preset.model,
    params: { ...presetParams(preset), ...params },
    seed: seed ?? preset.seed,
  });
  return { preset, run: outcome };
}

/**
 * Every step's runs, in order, as the page would run the step's link state: its first pane, its
 * right pane side by side, and on the all-machines page each machine the tour reads there (as the
 * page runs it). The runs are asked for all at once, so the shared runs' threads run them side by
 * side.
 */
function walk(tour: Tour): Promise<StepRun[]> {
  return Promise.all(
    tour.steps.map(async (_, i): Promise<StepRun> => {
      const state = stepState(tour, i);
      const layout = state.layout;
      if (layout?.kind === 'machines') {
        const read = tour.steps.flatMap((step, j) =>
          runValues(step, j).flatMap(([, value, from]) =>
            from === i && value.machine !== undefined ? [value.machine] : [],
          ),
        );
        const machines: Record<string, PaneRun> = {};
        for (const id of new Set([state.presetId, ...read])) {
          const preset = presets.find((p) => p.id === id)!;
          const model = models.find((m) => m.name === preset.model);
          const request = machineRequest(preset, model, layout);
          machines[id] = { preset, run: await sharedRun(request) };
        }
        return { ...machines[state.presetId]!, machines };
      }
      const own = await runPane(state.presetId, state.params, state.seed);
      if (layout?.kind === 'side') {
        const { presetId, params, seed } = layout.right;
        return { ...own, right: await runPane(presetId!, params, seed) };
      }
      return own;
    }),
  );
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

  it('step into side by side and into the all-machines page where a lesson needs them', () => {
    const kinds = (id: string) =>
      tours.find((t) => t.id === id)!.steps.map((step) => step.layout?.kind);
    expect([...kinds('networks'), ...kinds('deadlock')]).toContain('side');
    expect(kinds('across-machines')).toContain('machines');
  });

  // One test per tour, its steps' runs together: a check may read an earlier step's run.
  for (const tour of tours) {
    // The timeout only guards against a hang: the J-Machine tours run whole programs on up to 512
    // nodes, minutes on a busy host; their speed is the bench's to measure.
    it(
      `${tour.id}: every step runs, every answer is read from the run, every check holds`,
      { timeout: 600_000 },
      async () => expect(await walkAndCheck(tour)).toEqual([]),
    );
  }
});

// A lesson file as a teacher's builder downloads it, walked as the tours in presets/tours/ are,
// under the name it would have there (e2e/lessons.spec.ts gives the path of one it downloaded).
const lessonFile = process.env.ARCHEX_LESSON_FILE;
describe.runIf(lessonFile)('a lesson file', () => {
  it(
    'is a tour of presets/tours/: it names what exists, runs, and its answers hold',
    { timeout: 600_000 },
    async () => {
      const tour = tourFromFile(
        basename(lessonFile!),
        JSON.parse(readFileSync(lessonFile!, 'utf8')),
      );
      expect(tourProblems(tour, presets, models)).toEqual([]);
      expect(await walkAndCheck(tour)).toEqual([]);
    },
  );
});

/**
 * Walks a tour: every step runs, every answer is read from the run, every check holds; gives
 * where a step shows an answer early or not at all (outcomeProblems).
 */
async function walkAndCheck(tour: Tour): Promise<string[]> {
  const runs = await walk(tour);
  const failures = tour.steps.flatMap((_, i) => stepFailures(tour, i, runs));
  expect(failures).toEqual([]);
  // Every question's answer is there in its step's run, and a choice's is the one expected.
  const answers = tour.steps.flatMap((step, i): (string | boolean)[] => {
    const own = runs[i]!;
    const q = step.question;
    if (q?.kind === 'number') return [readStepValue(q.answer, own).text];
    if (q?.kind === 'choice') return [rightChoice(q, own) === q.expect];
    return [];
  });
  expect(answers.every((a) => a === true || /\d/.test(String(a)))).toBe(true);
  // No readout a step shows names a number its run lacks ("512 nodes –x" on a sweep that
  // stops at 64 nodes).
  const missing = runs.flatMap((own, i) =>
    [own, ...(own.right ? [own.right] : [])].flatMap(({ preset, run }) =>
      tour.steps[i]!.layout?.kind === 'machines'
        ? []
        : preset.readouts.flatMap((r) => {
            const text = `${formatTemplate(r.label, run)}: ${readoutText(r, run)}; ${readoutDetail(r, run) ?? ''}`;
            return text.includes('–') ? [`step ${i + 1}: ${text}`] : [];
          }),
    ),
  );
  expect(missing).toEqual([]);
  // The same walk judges each language's words of the tour, over the same runs.
  const problems = outcomeProblems(tour, runs);
  for (const { code } of LANGUAGES.filter((l) => l.code !== SOURCE_LANG)) {
    await chooseLanguage(code);
    try {
      const own = tourIn(tour, code);
      problems.push(...outcomeProblems(own, runs).map((p) => `${code}: ${p}`));
    } finally {
      await chooseLanguage(SOURCE_LANG);
    }
  }
  return problems;
}

/**
 * Where a tour shows an answer early or not at all: a step that states its own question's answer
 * before the reveal, a step whose reveal draws nothing of the run that answers it, and a step that
 * states a later step's answer (before or after its own reveal).
 */
function outcomeProblems(tour: Tour, runs: StepRun[]): string[] {
  const specsOf = (preset: { model: string }) =>
    models.find((m) => m.name === preset.model)?.params ?? [];
  const problems: string[] = [];
  tour.steps.forEach((step, i) => {
    const where = `${tour.id} step ${i + 1} (${step.title})`;
    const before = stepDrawing(step, runs[i]!, false, specsOf);
    const after = stepDrawing(step, runs[i]!, true, specsOf);
    const q = step.question;
    if (q) {
      for (const leak of answerLeaks(before, q, runs[i]!, false))
        problems.push(`${where}, before Reveal: ${leak}`);
      for (const pane of ['first', 'right'] as const) {
        if (step.layout?.kind !== 'machines' && answersQuestion(q, pane) && after.shown[pane] === 0)
          problems.push(`${where}, after Reveal: nothing of the ${pane} pane's run is drawn`);
      }
    }
    tour.steps.slice(i + 1).forEach((later, k) => {
      if (!later.question) return;
      for (const leak of answerLeaks(after, later.question, runs[i + 1 + k]!, true))
        problems.push(`${where}: ${leak} of step ${i + 2 + k}`);
    });
  });
  return problems;
}
