import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { tours } from '../tours/bundled';
import type { Tour } from '../tours/schema';
import { lessonFileText } from './lesson_file';
import { MAX_LESSON_CHARS, readLesson } from './read_lesson';

const presets = loadPresetsFromDisk();
const engine = createInProcessEngine(await loadNodeModule());
let models: ModelInfo[];

beforeAll(async () => {
  models = await engine.listModels();
});

const networks = tours.find((t) => t.id === 'networks')!;
const copy = (): Tour => structuredClone(networks);
const read = (input: unknown) => readLesson(input, presets, models);

describe('readLesson(input, presets, models)', () => {
  it('reads a lesson file and the JSON a link holds as the lesson written', () => {
    expect(read(lessonFileText(networks))).toEqual({
      lesson: networks,
      refused: [],
      kept: [0, 1, 2, 3, 4, 5, 6, 7, 8],
    });
    expect(read(copy()).lesson).toEqual(networks);
  });

  it('refuses a step naming what does not exist, keeps the rest, and renumbers', () => {
    const lesson = copy();
    lesson.steps[1]!.presetId = 'x';
    lesson.steps[5]!.params = { no_such: 1 };
    // Step 9 reads step 3, which becomes step 2 once step 2 is refused.
    lesson.steps[8]!.checks!.push({
      value: { readout: 0 },
      above: { scalar: 'latency_vs_offered_saturation', step: 3, times: 0 },
      why: 'w',
    });
    const { lesson: kept, refused, kept: places } = read(lesson);
    expect(refused).toEqual([
      "step 2 (Where the mesh saturates): presetId: no preset 'x'",
      "step 6 (Head-of-line blocking in a crossbar): params.no_such: 'no_such' is not a parameter of network_traffic",
      'step 4 (Circuit switching: set up first, then stream): checks.0: left out, as it reads step 2, which is not in the lesson',
      'step 5 (Virtual channels): checks.1: left out, as it reads step 2, which is not in the lesson',
      'step 5 (Virtual channels): checks.2: left out, as it reads step 2, which is not in the lesson',
      'step 5 (Virtual channels): question.checks.1: left out, as it reads step 2, which is not in the lesson',
      'step 7 (A hot spot): question.checks.0: left out, as it reads step 2, which is not in the lesson',
    ]);
    expect(places).toEqual([0, 2, 3, 4, 6, 7, 8]);
    expect(kept!.steps.map((s) => s.title)).toEqual(places.map((i) => networks.steps[i]!.title));
    expect(kept!.steps[6]!.checks!.at(-1)!.above).toEqual({
      scalar: 'latency_vs_offered_saturation',
      step: 2,
      times: 0,
    });
    // The step that lost its only check has none, rather than an empty list.
    expect(kept!.steps[2]!.checks).toBeUndefined();
  });

  it('refuses hostile and huge text by field, naming the limit and quoting little', () => {
    const lesson = copy() as unknown as { steps: Record<string, unknown>[] };
    const huge = 'x'.repeat(1_000_000);
    lesson.steps[0]!.text = huge;
    lesson.steps[1]!.title = `<script>alert(1)</script>${huge}`;
    lesson.steps[2]!.evil = '<img src=x onerror=alert(1)>';
    const { lesson: kept, refused } = read(lesson);
    expect(refused).toEqual([
      'step 1 (Latency with the network empty): text: at most 4000 characters',
      `step 2 (<script>alert(1)</script>${'x'.repeat(35)}…): title: at most 120 characters`,
      "step 3 (Wormhole: latency adds the length, it does not multiply it): 'evil': not a field this archex knows (written by a newer one?)",
      ...Array(6).fill(expect.stringMatching(/^step \d \(.*left out, as it reads step [12],/)),
    ]);
    expect(kept!.steps).toHaveLength(6);
    expect(refused.every((r) => r.length < 300)).toBe(true);
  });

  it('refuses whole, in words, a lesson with nothing to keep', () => {
    expect(read('{"id": "a", "ti').refused).toEqual([
      expect.stringMatching(/^the lesson is not JSON \(/),
    ]);
    expect(read(' '.repeat(MAX_LESSON_CHARS + 1)).refused).toEqual([
      `the lesson is ${MAX_LESSON_CHARS + 1} characters long; at most ${MAX_LESSON_CHARS} are read`,
    ]);
    expect(read([1, 2]).refused).toEqual([
      'the lesson is not a lesson (no id, title, summary or steps)',
    ]);
    expect(read({ ...copy(), version: 9 }).refused).toEqual([
      "the lesson's 'version': not a field this archex knows (written by a newer one?)",
    ]);
    expect(read({ ...copy(), id: 'Not An Id' }).refused).toEqual([
      "the lesson's id: lower-case words joined by hyphens",
    ]);
    expect(read({ ...copy(), steps: [] })).toEqual({
      refused: ['the lesson has no steps'],
      kept: [],
    });
    const lesson = copy();
    lesson.steps = lesson.steps.slice(0, 2).map((s) => ({ ...s, presetId: 'gone' }));
    expect(read(lesson)).toEqual({
      refused: [
        "step 1 (Latency with the network empty): presetId: no preset 'gone'",
        "step 2 (Where the mesh saturates): presetId: no preset 'gone'",
        'no step of the lesson could be read',
      ],
      kept: [],
    });
  });

  it('keeps the first 20 steps of a longer lesson and says so', () => {
    const lesson = copy();
    lesson.steps = Array.from({ length: 22 }, () => structuredClone(networks.steps[8]!));
    const { lesson: kept, refused } = read(lesson);
    expect(refused).toEqual(['steps 21 to 22: a lesson has at most 20']);
    expect(kept!.steps).toHaveLength(20);
  });
});
