// Reading the page's layout from a link: side by side, every machine, or a tour's step with the
// layout it opened, its predictions and, for a teacher's lesson, the lesson itself.
import { z } from 'zod';

import type {
  Layout,
  MachinesLayout,
  PageLayout,
  StepAnswer,
  TourLayout,
  UrlContext,
} from './link_types';
import { MAX_TYPED } from './link_types';
import { isRecord, readPane, readParams, show } from './read_pane';

const PANE_FIELDS = new Set(['preset', 'params', 'seed', 'charts', 'view']);

export function readLayout(raw: unknown, ctx: UrlContext, dropped: string[]): Layout | undefined {
  if (raw === undefined) return undefined;
  if (isRecord(raw) && raw.kind === 'tour' && typeof raw.tour === 'string') {
    const tour = readTour(raw, raw.tour, ctx, dropped);
    if (!tour || raw.open === undefined) return tour;
    if (isRecord(raw.open) && raw.open.kind === 'tour') {
      dropped.push("the step's layout (a tour inside a tour)");
      return tour;
    }
    const open = readPageLayout(raw.open, ctx, dropped);
    if (open) tour.open = open;
    return tour;
  }
  return readPageLayout(raw, ctx, dropped);
}

function readTour(
  raw: Record<string, unknown>,
  id: string,
  ctx: UrlContext,
  dropped: string[],
): TourLayout | undefined {
  const tour: TourLayout = { kind: 'tour', tour: id, step: 0 };
  let steps = ctx.tours?.[id];
  // A lesson's steps as written, by their place now: a refused step is not there.
  let placeOf = (step: number) => step;
  if (raw.lesson !== undefined) {
    if (!ctx.lesson) {
      dropped.push('the lesson (this page opens no lessons)');
      return undefined;
    }
    const read = ctx.lesson(raw.lesson);
    dropped.push(...read.refused.map((r) => `the lesson: ${r}`));
    if (!read.lesson) return undefined;
    tour.lesson = read.lesson;
    tour.tour = read.lesson.id;
    steps = read.lesson.steps.length;
    placeOf = (step) => read.kept.indexOf(step);
  }
  if (steps === undefined) {
    dropped.push(`tour '${show(id)}'`);
    return undefined;
  }
  const step = raw.step ?? 0;
  const answers = readAnswers(raw.answers, steps, placeOf, dropped);
  const place = typeof step === 'number' && Number.isInteger(step) ? placeOf(step) : -1;
  if (place >= 0 && place < steps) tour.step = place;
  else dropped.push(`tour step ${show(step)} (the tour has steps 1 to ${steps})`);
  if (Object.keys(answers).length > 0) tour.answers = answers;
  return tour;
}

const StepAnswerSchema = z
  .object({
    typed: z.string().max(MAX_TYPED).optional(),
    choice: z.number().int().min(0).max(9).optional(),
    revealed: z.literal(true).optional(),
  })
  .strict();

function readAnswers(
  raw: unknown,
  steps: number,
  placeOf: (step: number) => number,
  dropped: string[],
): Record<number, StepAnswer> {
  const answers: Record<number, StepAnswer> = {};
  if (raw === undefined) return answers;
  if (!isRecord(raw)) {
    dropped.push('the predictions (unreadable)');
    return answers;
  }
  for (const [key, value] of Object.entries(raw)) {
    const step = placeOf(Number(key));
    const parsed = StepAnswerSchema.safeParse(value);
    if (!/^\d+$/.test(key) || step < 0 || step >= steps)
      dropped.push(`the prediction of step '${show(key)}'`);
    else if (!parsed.success) dropped.push(`the prediction of step ${step + 1} (unreadable)`);
    else answers[step] = parsed.data;
  }
  return answers;
}

function readPageLayout(raw: unknown, ctx: UrlContext, dropped: string[]): PageLayout | undefined {
  if (isRecord(raw) && raw.kind === 'side' && isRecord(raw.right)) {
    const where = 'right side: ';
    for (const key of Object.keys(raw.right))
      if (!PANE_FIELDS.has(key)) dropped.push(`${where}unknown field '${key}'`);
    const right = readPane(raw.right, ctx, dropped, where);
    if (right.presetId !== null) return { kind: 'side', right };
    dropped.push('the right side (no experiment)');
    return undefined;
  }
  if (isRecord(raw) && raw.kind === 'machines') {
    const layout: MachinesLayout = { kind: 'machines', unit: 'us', params: {} };
    if (raw.unit === 'cycles') layout.unit = 'cycles';
    else if (raw.unit !== undefined && raw.unit !== 'us')
      dropped.push(`unit ${show(raw.unit)} (us or cycles)`);
    if (typeof raw.machine === 'string' && ctx.presetIds.includes(raw.machine))
      layout.machine = raw.machine;
    else if (raw.machine !== undefined) dropped.push(`machine '${show(raw.machine)}'`);
    if (isRecord(raw.params)) {
      for (const [id, params] of Object.entries(raw.params)) {
        if (!ctx.presetIds.includes(id)) {
          dropped.push(`machine '${show(id)}'`);
          continue;
        }
        const read = readParams(params, ctx.specsFor(id), dropped, `${id}: `);
        if (Object.keys(read).length > 0) layout.params[id] = read;
      }
    } else if (raw.params !== undefined) dropped.push('machine parameters (unreadable)');
    return layout;
  }
  dropped.push('the layout (unreadable)');
  return undefined;
}
