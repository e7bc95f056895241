import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

import plugin, { LAYERS } from './archex.mjs';

const app = resolve(__dirname, '..', 'app');

/** The messages the layers rule reports for one import in one file. */
function reports(file: string, source: string): string[] {
  const messages: string[] = [];
  const context = {
    filename: resolve(app, file),
    report: ({ message }: { message: string }) => messages.push(message),
  };
  const visitor = plugin.rules.layers.create(context);
  visitor.ImportDeclaration?.({ source: { value: source } });
  return messages;
}

describe('archex/layers', () => {
  it('lets a room import its own room, a lower one and one beside it', () => {
    expect(reports('page/Explorer.tsx', './Picker')).toEqual([]);
    expect(reports('page/Explorer.tsx', '../results/chart_builder')).toEqual([]);
    expect(reports('views/ViewPanel.tsx', '../ui/focus')).toEqual([]);
    expect(reports('main.tsx', './page/Explorer')).toEqual([]);
  });

  it('reports an import from a higher room, and one from a folder that is no room', () => {
    expect(reports('results/chart_builder.ts', '../charts/LineChart')).toEqual([
      'app/results/ imports upward from app/charts/ (lint/archex.mjs LAYERS)',
    ]);
    expect(reports('presets/schema.ts', '../page/Picker')).toHaveLength(1);
    // A chart kind draws with the charts; the charts never reach up to the kinds.
    expect(reports('chart_kinds/line.tsx', '../charts/LineChart')).toEqual([]);
    expect(reports('charts/LineChart.tsx', '../chart_kinds/registry')).toEqual([
      'app/charts/ imports upward from app/chart_kinds/ (lint/archex.mjs LAYERS)',
    ]);
    expect(reports('presets/chart_specs.ts', '../chart_kinds/registry')).toHaveLength(1);
    expect(reports('charts/LineChart.tsx', '../shell/ChartView')).toEqual([
      'app/shell/ is not a room in lint/archex.mjs LAYERS',
    ]);
  });

  it('puts the lessons above the tours and the builder above the lessons, under the page', () => {
    expect(reports('lessons/read_lesson.ts', '../tours/schema')).toEqual([]);
    expect(reports('builder/LessonShare.tsx', '../lessons/lesson_link')).toEqual([]);
    expect(reports('page/use_lesson_builder.tsx', '../builder/LessonBuilder')).toEqual([]);
    // What they share sits lower: the Markdown in ui/, the embed snippet in link/.
    expect(reports('tours/TourPanel.tsx', '../ui/Markdown')).toEqual([]);
    expect(reports('builder/LessonShare.tsx', '../link/embed_snippet')).toEqual([]);
    expect(reports('tours/TourPanel.tsx', '../lessons/Markdown')).toEqual([
      'app/tours/ imports upward from app/lessons/ (lint/archex.mjs LAYERS)',
    ]);
    expect(reports('builder/LessonShare.tsx', '../page/page')).toEqual([
      'app/builder/ imports upward from app/page/ (lint/archex.mjs LAYERS)',
    ]);
    expect(reports('lessons/lesson_link.ts', '../builder/draft')).toHaveLength(1);
  });

  it('keeps the CLI, the library and the Python core apart, on the core they share', () => {
    expect(reports('lib/archex.ts', '../headless/run')).toEqual([]);
    expect(reports('cli/main.ts', '../headless/run')).toEqual([]);
    expect(reports('lib/archex.ts', '../cli/commands')).toEqual([
      'app/lib/ imports from app/cli/, which it stays apart from (lint/archex.mjs APART)',
    ]);
    expect(reports('cli/describe.ts', '../lib/archex')).toEqual([
      'app/cli/ imports from app/lib/, which it stays apart from (lint/archex.mjs APART)',
    ]);
    expect(reports('headless/run.ts', '../cli/text')).toEqual([
      'app/headless/ imports upward from app/cli/ (lint/archex.mjs LAYERS)',
    ]);
    expect(reports('bench/engine_runs.ts', '../cli/shard')).toEqual([]);
    expect(reports('pycore/api.ts', '../headless/run')).toEqual([]);
    expect(reports('pycore/api.ts', '../cli/figure')).toEqual([
      'app/pycore/ imports from app/cli/, which it stays apart from (lint/archex.mjs APART)',
    ]);
  });

  it('leaves tests, stylesheets and packages alone', () => {
    expect(reports('results/chart_builder.test.ts', '../charts/LineChart')).toEqual([]);
    expect(reports('exports/figure.tsx', '../styles.css?raw')).toEqual([]);
    expect(reports('engine/engine.ts', 'd3-scale')).toEqual([]);
  });

  it('places every folder of app/ on a line', async () => {
    const { readdirSync } = await import('node:fs');
    const rooms = readdirSync(app, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(rooms.filter((r) => !LAYERS.flat().includes(r))).toEqual([]);
  });
});
