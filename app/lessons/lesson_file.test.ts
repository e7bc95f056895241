import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

import prettierrc from '../../.prettierrc.json';
import { tourFromFile, tours } from '../tours/bundled';
import type { Tour } from '../tours/schema';
import { lessonFileName, lessonFileText } from './lesson_file';

const prettierConfig = prettierrc as prettier.Options;
const deadlock = tours.find((t) => t.id === 'deadlock')!;
/** A teacher's three steps, as the builder writes them. */
const lesson: Tour = {
  ...structuredClone(deadlock),
  id: 'my-ring',
  title: 'My ring',
  steps: structuredClone(deadlock.steps.slice(0, 3)),
};

describe('lessonFileText(lesson)', () => {
  it('writes the tours’ own schema, which presets/tours/ reads as it is', () => {
    const text = lessonFileText(lesson);
    expect(lessonFileName(lesson)).toBe('my-ring.json');
    expect(tourFromFile(lessonFileName(lesson), JSON.parse(text))).toEqual(lesson);
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('lays the file out as prettier does, so the formatting check passes in presets/tours/', async () => {
    for (const tour of [lesson, ...tours]) {
      const text = lessonFileText(tour);
      const pretty = await prettier.format(text, { ...prettierConfig, parser: 'json' });
      expect(text, tour.id).toBe(pretty);
    }
  });

  it('refuses to write what is not a lesson', () => {
    expect(() => lessonFileText({ ...lesson, steps: [] })).toThrow(/steps/);
  });
});
