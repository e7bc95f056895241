import LZString from 'lz-string';
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo } from '../engine/types';
import type { UrlContext } from '../link/url_state';
import { parseUrlState, serializeUrlState } from '../link/url_state';
import { urlContext } from '../page/page';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { tours } from '../tours/bundled';
import type { Tour } from '../tours/schema';
import { compactLessonLink, lessonLink, lessonState, MAX_LESSON_LINK_CHARS } from './lesson_link';
import { compactLessonSnippet } from '../link/embed_snippet';
import { layoutTour } from './playing';

const presets = loadPresetsFromDisk();
const engine = createInProcessEngine(await loadNodeModule());
let models: ModelInfo[];
let ctx: UrlContext;

beforeAll(async () => {
  models = await engine.listModels();
  ctx = urlContext(presets, models, tours);
});

const BASE = 'https://example.org/archex/';
const networks = tours.find((t) => t.id === 'networks')!;
const lesson: Tour = {
  ...structuredClone(networks),
  id: 'my-mesh',
  title: 'My mesh',
  steps: structuredClone(networks.steps.slice(0, 3)),
};
const search = (url: string) => url.slice(BASE.length);
/** A link's state as it is written, for links no writer of this version makes. */
const link = (state: unknown) =>
  `?s=z${LZString.compressToEncodedURIComponent(JSON.stringify(state))}`;

describe('lessonLink(lesson, base)', () => {
  it('opens the whole lesson at its first step, and reads back as written', () => {
    const made = lessonLink(lesson, BASE);
    if (!('url' in made)) throw new Error('too long');
    expect(made.url.startsWith(`${BASE}?s=z`)).toBe(true);
    const parsed = parseUrlState(search(made.url), ctx);
    expect(parsed.dropped).toEqual([]);
    expect(parsed.state.presetId).toBe('custom-network');
    expect(parsed.state.layout).toEqual({ kind: 'tour', tour: 'my-mesh', step: 0, lesson });
    expect(serializeUrlState(parsed.state)).toBe(search(made.url));
  });

  it(`says how long a link past ${MAX_LESSON_LINK_CHARS} characters would be`, () => {
    // Words that do not compress: a pseudo-random letter each.
    let seed = 1;
    const noise = (n: number) =>
      Array.from({ length: n }, () => {
        seed = (seed * 48271) % 2147483647;
        return String.fromCharCode(97 + (seed % 26));
      }).join('');
    const long: Tour = {
      ...lesson,
      steps: Array.from({ length: 12 }, () => ({ ...lesson.steps[1]!, text: noise(1500) })),
    };
    const made = lessonLink(long, BASE);
    expect(made).toEqual({ tooLong: { chars: expect.any(Number), limit: MAX_LESSON_LINK_CHARS } });
    expect('tooLong' in made && made.tooLong.chars).toBeGreaterThan(MAX_LESSON_LINK_CHARS);
  });
});

describe('a lesson in a link (version 6)', () => {
  it('keeps its place and predictions across a step it refuses, saying which and why', () => {
    const damaged = structuredClone(lesson);
    damaged.steps[1]!.presetId = 'x';
    const { layout: _layout, ...pane } = lessonState(damaged, 2);
    const parsed = parseUrlState(
      link({
        v: 6,
        preset: pane.presetId,
        layout: {
          kind: 'tour',
          tour: 'my-mesh',
          step: 2,
          answers: { 0: { typed: '15' }, 1: { typed: '3' }, 2: { choice: 1 } },
          lesson: damaged,
        },
      }),
      ctx,
    );
    expect(parsed.dropped).toEqual([
      "the lesson: step 2 (Where the mesh saturates): presetId: no preset 'x'",
      "the prediction of step '1'",
    ]);
    expect(parsed.state.layout).toEqual({
      kind: 'tour',
      tour: 'my-mesh',
      step: 1,
      answers: { 0: { typed: '15' }, 1: { choice: 1 } },
      lesson: { ...lesson, steps: [lesson.steps[0], lesson.steps[2]] },
    });
  });

  it('refuses in words a lesson with no step left, and one in a page that opens none', () => {
    const bare = { v: 6, preset: 'custom-network', layout: { kind: 'tour', tour: 'a', lesson: 7 } };
    const parsed = parseUrlState(link(bare), ctx);
    expect(parsed.dropped).toEqual([
      'the lesson: the lesson is not a lesson (no id, title, summary or steps)',
    ]);
    expect(parsed.state.layout).toBeUndefined();
    const { lesson: _reader, ...without } = ctx;
    expect(
      parseUrlState(link({ ...bare, layout: { ...bare.layout, lesson } }), without).dropped,
    ).toEqual(['the lesson (this page opens no lessons)']);
  });

  it('never reads a hostile lesson as markup: its words stay words', () => {
    const hostile = structuredClone(lesson);
    hostile.title = '<script>alert(1)</script>';
    hostile.steps[0]!.text = '[x](javascript:alert(1)) <img src=x onerror=alert(1)>';
    const made = lessonLink(hostile, BASE);
    const parsed = parseUrlState(search('url' in made ? made.url : ''), ctx);
    expect(parsed.dropped).toEqual([]);
    expect(layoutTour(parsed.state.layout)?.title).toBe('<script>alert(1)</script>');
  });

  it('still reads version 5 tour links, and refuses a newer version in words', () => {
    const v5 = parseUrlState(
      link({ v: 5, preset: 'custom-network', layout: { kind: 'tour', tour: 'networks', step: 2 } }),
      ctx,
    );
    expect(v5.dropped).toEqual([]);
    expect(v5.state.layout).toEqual({ kind: 'tour', tour: 'networks', step: 2 });
    const newer = parseUrlState(link({ v: 7, layout: { kind: 'tour', tour: 'a', lesson } }), ctx);
    expect(newer.dropped).toEqual(['the link state (version 7, this app reads 1 to 6)']);
    expect(newer.unread).toEqual({ reason: 'version', version: '7' });
    const cut = lessonLink(lesson, BASE);
    const damaged = parseUrlState(search('url' in cut ? cut.url : '').slice(0, 200), ctx);
    expect(damaged.unread).toEqual({ reason: 'damaged' });
  });
});

describe('compactLessonLink(lesson, base)', () => {
  it('opens the same lesson state on the compact page beside the explorer, from any page of it', () => {
    const whole = lessonLink(lesson, BASE);
    const compact = compactLessonLink(lesson, BASE);
    const fromFile = compactLessonLink(lesson, `${BASE}index.html`);
    if (!('url' in whole) || !('url' in compact) || !('url' in fromFile))
      throw new Error('too long');
    expect(compact.url).toBe(`${BASE}lesson.html${search(whole.url)}`);
    expect(fromFile.url).toBe(compact.url);
    expect(compactLessonSnippet(compact.url, 'My <mesh> & "lesson"')).toBe(
      `<iframe src="${compact.url}" title="My &lt;mesh> &amp; &quot;lesson&quot;" width="100%" ` +
        'height="720" frameborder="0" loading="lazy"></iframe>',
    );
  });
});
