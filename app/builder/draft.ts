// A teacher's lesson as the builder holds it while it is written: a tour (the built-in tours'
// own schema) whose fields may still be empty. A step is the explorer's state as it was taken,
// plus words and a question; the lesson's checks say what is still missing. Pure.
import type { Params } from '../engine/types';
import type { UrlState } from '../link/url_state';
import { firstPane, pageLayout } from '../link/url_state';
import type { Preset } from '../presets/schema';
import type { StepLayoutSpec, TargetSpec, Tour, TourStep } from '../tours/schema';

/** The lesson being written: a tour whose id is made from its title. */
export interface LessonDraft {
  title: string;
  audience: string;
  summary: string;
  steps: TourStep[];
}

export const EMPTY_DRAFT: LessonDraft = { title: '', audience: '', summary: '', steps: [] };

/** A tour id from a title: its words in lower case joined by hyphens ("lesson" for none). */
export function lessonId(title: string): string {
  const words = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .slice(0, 8);
  return words.length > 0 ? words.join('-') : 'lesson';
}

/** The draft as a tour in the built-in tours' schema (which the lesson's checks then read). */
export function draftTour(draft: LessonDraft): Tour {
  return {
    id: lessonId(draft.title),
    title: draft.title,
    audience: draft.audience,
    summary: draft.summary,
    steps: draft.steps,
  };
}

/** A tour opened for editing (a lesson file, a built-in tour) as a draft. */
export function tourDraft(tour: Tour): LessonDraft {
  const { title, audience, summary, steps } = tour;
  return { title, audience, summary, steps };
}

const some = (o: object | undefined) => o !== undefined && Object.keys(o).length > 0;

/** What the step points at unless the teacher says otherwise: the open view, or the first chart. */
function defaultLook(preset: Preset, state: UrlState): TargetSpec {
  if (state.view) return { view: true };
  const page = pageLayout(state.layout);
  if (page?.kind === 'machines') return { machines: 'chart' };
  return { chart: preset.charts[0]!.id };
}

/**
 * The step the explorer's state makes, as it is: the first pane's preset, parameters, seed,
 * chart choices and open view, and the layout around it (side by side, every machine); only the
 * fields it changed shown. Taken again over an earlier step (`old`), the words, question and what
 * it shows are kept.
 */
export function stepFromState(state: UrlState, preset: Preset, old?: TourStep): TourStep {
  const pane = firstPane(state);
  const page = pageLayout(state.layout);
  let layout: StepLayoutSpec | undefined;
  if (page?.kind === 'side') {
    const right = page.right;
    layout = {
      kind: 'side',
      right: {
        ...(right.presetId && right.presetId !== preset.id ? { presetId: right.presetId } : {}),
        ...(some(right.params) ? { params: { ...right.params } } : {}),
        ...(right.seed !== undefined ? { seed: right.seed } : {}),
        ...(some(right.charts) ? { charts: { ...right.charts } } : {}),
      },
    };
  } else if (page?.kind === 'machines') {
    layout = {
      kind: 'machines',
      unit: page.unit,
      ...(some(page.params) ? { params: page.params as Record<string, Params> } : {}),
    };
  }
  const keepLook = old && old.presetId === preset.id && !('view' in old.look && !pane.view);
  return {
    title: old?.title ?? preset.title,
    presetId: preset.id,
    ...(some(pane.params) ? { params: { ...pane.params } } : {}),
    ...(pane.seed !== undefined ? { seed: pane.seed } : {}),
    ...(some(pane.charts) ? { charts: { ...pane.charts } } : {}),
    ...(pane.view ? { view: { ...pane.view } } : {}),
    ...(layout ? { layout } : {}),
    look: keepLook ? old.look : defaultLook(preset, state),
    text: old?.text ?? '',
    // A step is about the fields it changed: only those shown, unless the teacher says otherwise.
    ...(old?.show
      ? { show: old.show }
      : some(pane.params)
        ? { show: Object.keys(pane.params!) }
        : {}),
    ...(old?.outputs ? { outputs: old.outputs } : {}),
    ...(old?.question ? { question: old.question } : {}),
  };
}

/** The draft with step `from` moved to `to` (both from 0). */
export function moveStep(draft: LessonDraft, from: number, to: number): LessonDraft {
  if (to < 0 || to >= draft.steps.length || from === to) return draft;
  const steps = [...draft.steps];
  const [step] = steps.splice(from, 1);
  steps.splice(to, 0, step!);
  return { ...draft, steps };
}

/** The draft with step `index` replaced by `edit` of it. */
export function editStep(
  draft: LessonDraft,
  index: number,
  edit: (step: TourStep) => TourStep,
): LessonDraft {
  return { ...draft, steps: draft.steps.map((s, i) => (i === index ? edit(s) : s)) };
}

export function removeStep(draft: LessonDraft, index: number): LessonDraft {
  return { ...draft, steps: draft.steps.filter((_, i) => i !== index) };
}
