import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { tourFromFile, tours } from '../tours/bundled';
import type { Tour } from '../tours/schema';
import { draftFileName, draftFileText, readLessonFile } from './lesson_draft';
import { lessonFileText } from './lesson_file';

const presets = loadPresetsFromDisk();
let models: ModelInfo[];
beforeAll(async () => {
  models = await createInProcessEngine(await loadNodeModule()).listModels();
});
const read = (text: string) => readLessonFile(text, presets, models);

const deadlock = tours.find((t) => t.id === 'deadlock')!;
/** A lesson half written: no title, a step without words, a choice without a label. */
function halfWritten(): Tour {
  const tour = structuredClone(deadlock);
  const steps = tour.steps.slice(0, 2);
  steps[1] = { ...steps[1]!, text: '', title: '' };
  return { ...tour, id: 'lesson', title: '', summary: '', steps };
}

describe('draftFileText(draft) and readLessonFile(text)', () => {
  it('write a draft marked so, which reads back as it was, its empty fields empty', () => {
    const draft = halfWritten();
    const text = draftFileText(draft);
    expect(draftFileName(draft)).toBe('lesson.draft.json');
    expect(JSON.parse(text)).toMatchObject({ draft: true, title: '' });
    expect(read(text)).toEqual({ lesson: draft, refused: [], kept: [0, 1], draft: true });
  });

  it('read a draft with no steps yet', () => {
    const empty = { ...halfWritten(), steps: [] };
    expect(read(draftFileText(empty))).toMatchObject({ lesson: empty, refused: [], draft: true });
  });

  it('refuse in a draft what no lesson may hold, in words, without the empty fields’ stand-in', () => {
    const draft = halfWritten();
    draft.steps[1]!.presetId = 'x';
    const { lesson, refused } = read(draftFileText(draft));
    expect(refused).toEqual(["step 2: presetId: no preset 'x'"]);
    expect(lesson!.steps).toHaveLength(1);
  });

  it('keep a draft from passing for a lesson: a link, the tour walker and presets/tours/ refuse it', () => {
    const text = draftFileText(halfWritten());
    expect(() => tourFromFile('lesson.json', JSON.parse(text))).toThrow(/draft/);
    expect(read(text.replace('"draft": true', '"draft": "yes"')).refused).toEqual([
      "the lesson's 'draft': not a field this archex knows (written by a newer one?)",
    ]);
  });

  it("say what an unfinished lesson file lacks in the checks' words, not the schema's", () => {
    const { lesson, refused, draft } = read(JSON.stringify({ ...halfWritten(), title: '' }));
    expect(draft).toBe(false);
    expect(lesson).toBeUndefined();
    expect(refused).toEqual([
      "the lesson's title is empty: give it a title; summary is empty: give it a summary",
    ]);
    expect(read(lessonFileText(deadlock)).lesson).toEqual(deadlock);
  });
});
