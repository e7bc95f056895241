// A guided tour: steps that each set the page through the link's fields, point at what to look
// at, and may ask the student to predict a number or pick a choice before the run reveals it.
// Answers are read from the run (never written here); checks say what the prose relies on, so
// the tour walker fails when the model no longer supports a tour.
import { z } from 'zod';

import type { ParamValue } from '../engine/types';
import { StepOutputs } from './outputs';
export type { StepOutputsSpec } from './outputs';
import type { ChartChoice, PageLayout, Pane, ViewLink } from '../link/url_state';
import { ChartChoiceSchema, ViewLinkSchema } from '../link/url_state';

const Id = z
  .string()
  .max(60, 'at most 60 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case words joined by hyphens');

/**
 * The longest each text may be: a lesson read from a link or a file is someone else's text, and a
 * huge one would swamp the panel (the built-in tours' longest are about a quarter of these).
 */
export const TEXT_LIMITS = {
  title: 120,
  audience: 300,
  summary: 1200,
  text: 4000,
  prompt: 400,
  explain: 2000,
  label: 120,
  why: 400,
} as const;

/** A text of at most `limit` characters, refused in words naming the limit. */
const Text = (limit: number) => z.string().min(1).max(limit, `at most ${limit} characters`);

/**
 * Which run of the step a value is read from: the step's own (its first pane) unless it names
 * the right pane of a side-by-side step, or a machine (a LogP preset) of an all-machines step.
 */
const runOf = {
  side: z.literal('right').optional(),
  machine: Id.optional(),
};

/**
 * A number read from a run: a readout of the step's preset (by its place in the list), a scalar
 * result, a curve's value at an x (exactly, or between two of its points), at its first or last
 * point, or its largest or smallest value, or the x where a curve first reaches a level.
 */
const runValueShapes = [
  { readout: z.number().int().nonnegative(), ...runOf },
  { scalar: z.string().min(1), ...runOf },
  {
    series: z.string().min(1),
    at: z.union([z.number().finite(), z.enum(['first', 'last', 'max', 'min'])]),
    ...runOf,
  },
  { series: z.string().min(1), crosses: z.number().finite(), ...runOf },
] as const;

const [readoutShape, scalarShape, seriesShape, crossingShape] = runValueShapes;
const RunValue = z.union([
  z.object(readoutShape).strict(),
  z.object(scalarShape).strict(),
  z.object(seriesShape).strict(),
  z.object(crossingShape).strict(),
]);

/**
 * What a check compares with: a constant, or a value of a run, this step's or (with `step`, the
 * number of another step of the tour, from 1) another step's, times a factor.
 */
const operandExtra = {
  step: z.number().int().min(1).optional(),
  times: z.number().finite().optional(),
};
const Operand = z.union([
  z.number().finite(),
  z.object({ ...readoutShape, ...operandExtra }).strict(),
  z.object({ ...scalarShape, ...operandExtra }).strict(),
  z.object({ ...seriesShape, ...operandExtra }).strict(),
  z.object({ ...crossingShape, ...operandExtra }).strict(),
]);

const BOUNDS = ['above', 'atLeast', 'below', 'atMost'] as const;
type BoundKey = (typeof BOUNDS)[number];

/** Exactly one of above, atLeast, below, atMost, each taking `operand`, beside `fields`. */
function bounded<T extends z.ZodType, F extends z.ZodRawShape>(operand: T, fields: F) {
  return z
    .object({
      ...fields,
      above: operand.optional(),
      atLeast: operand.optional(),
      below: operand.optional(),
      atMost: operand.optional(),
    })
    .strict()
    .refine(
      (b) => BOUNDS.filter((k) => (b as Record<string, unknown>)[k] !== undefined).length === 1,
      {
        message: 'give one bound: above, atLeast, below or atMost',
      },
    );
}

/** A bound on a question's answer. */
const Bound = bounded(Operand, {});

/** A check the run must pass for the step's words to hold: a value of this step's run, bounded. */
const Check = bounded(Operand, { value: RunValue, why: Text(TEXT_LIMITS.why) });

/**
 * What gives a question's answer away other than its number (a curve that goes on, a readout
 * that is not zero, the experiment's description saying what happens): a chart, a readout or the
 * description, each held back until the answer is revealed. A number that states the answer
 * needs no entry: it is held back wherever the page prints it.
 */
const ShownBy = z
  .array(
    z.union([
      z.object({ chart: Id }).strict(),
      z.object({ readout: z.number().int().nonnegative() }).strict(),
      z.object({ description: z.literal(true) }).strict(),
    ]),
  )
  .min(1);

/**
 * What the answer means, shown with it after Reveal: the words a step would otherwise give away
 * before the student predicts (a step's checks bound them as they bound its text).
 */
const Explain = Text(TEXT_LIMITS.explain).optional();

const NumberQuestion = z
  .object({
    kind: z.literal('number'),
    prompt: Text(TEXT_LIMITS.prompt),
    /** The answer, read from the step's run. */
    answer: RunValue,
    /** A prediction within this share of the answer counts as close; 0.2 unless set. */
    close: z.number().positive().max(10).optional(),
    /** What the answer must satisfy for the step's words to hold (checked by the tour walker). */
    checks: z.array(Bound).optional(),
    shownBy: ShownBy.optional(),
    explain: Explain,
  })
  .strict();

/**
 * A choice between a few answers; the right one is the choice whose `when` holds in the step's
 * run (a value of the run against a constant or another value of the same run).
 */
const ChoiceQuestion = z
  .object({
    kind: z.literal('choice'),
    prompt: Text(TEXT_LIMITS.prompt),
    choices: z
      .array(
        z
          .object({
            label: Text(TEXT_LIMITS.label),
            when: bounded(z.union([z.number().finite(), RunValue]), { value: RunValue }),
            /** What a reader who chose this when it is wrong is told after Reveal: why not. */
            feedback: Text(TEXT_LIMITS.why).optional(),
          })
          .strict(),
      )
      .min(2)
      .max(5),
    /** The choice the step's words rely on (checked by the walker, never shown as the answer). */
    expect: z.number().int().nonnegative(),
    shownBy: ShownBy.optional(),
    explain: Explain,
  })
  .strict()
  .refine((q) => q.expect < q.choices.length, {
    message: 'expect must be the index of a choice',
    path: ['expect'],
  });

/**
 * What a step points at: a parameter's control, a chart's card (on both sides, side by side), a
 * readout, the trace view, or on the all-machines page its chart or its table.
 */
const Target = z.union([
  z.object({ param: z.string().min(1) }).strict(),
  z.object({ chart: Id }).strict(),
  z.object({ readout: z.number().int().nonnegative() }).strict(),
  z.object({ view: z.literal(true) }).strict(),
  z.object({ machines: z.enum(['chart', 'table']) }).strict(),
]);

const ParamValueSchema = z.union([z.number().finite(), z.array(z.number().finite()).min(1)]);
const ParamsSchema = z.record(z.string(), ParamValueSchema);

/**
 * The layout a step opens around its first pane (the step's own preset and parameters): side by
 * side, with a right pane that differs from the first in its preset (absent: the same) and
 * parameters; or every machine on one chart, in a unit, with some machines' parameters changed.
 */
const StepLayout = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('side'),
      right: z
        .object({
          presetId: Id.optional(),
          params: ParamsSchema.optional(),
          seed: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
          charts: z.record(Id, ChartChoiceSchema).optional(),
        })
        .strict(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('machines'),
      unit: z.enum(['us', 'cycles']).optional(),
      params: z.record(Id, ParamsSchema).optional(),
    })
    .strict(),
]);

export const StepSchema = z
  .object({
    title: Text(TEXT_LIMITS.title),
    presetId: Id,
    /** Parameters that differ from the preset's. */
    params: ParamsSchema.optional(),
    seed: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
    charts: z.record(Id, ChartChoiceSchema).optional(),
    view: ViewLinkSchema.optional(),
    layout: StepLayout.optional(),
    look: Target,
    /** What to see and why, in two or three sentences. */
    text: Text(TEXT_LIMITS.text),
    /** The only parameters shown in this step; absent: all. */
    show: z.array(z.string().min(1)).min(1).optional(),
    /**
     * What of the step's runs it shows: only these charts, only these readouts (by their place),
     * the model-vs-paper table or not; a kind left out: all of it. A step shows what its words and
     * question are about, and never what a later step asks (the tour walker checks it).
     */
    outputs: StepOutputs.optional(),
    question: z.union([NumberQuestion, ChoiceQuestion]).optional(),
    checks: z.array(Check).optional(),
  })
  .strict();

/** The most steps a tour or lesson may have. */
export const MAX_STEPS = 20;

export const TourSchema = z
  .object({
    id: Id,
    title: Text(TEXT_LIMITS.title),
    /** Who it is for and what it covers, for the landing page's card. */
    audience: Text(TEXT_LIMITS.audience),
    summary: Text(TEXT_LIMITS.summary),
    /** From one step (a teacher's short lesson) to twenty. */
    steps: z.array(StepSchema).min(1).max(MAX_STEPS),
  })
  .strict();

export type Tour = z.infer<typeof TourSchema>;
export type TourStep = Tour['steps'][number];
export type RunValueSpec = z.infer<typeof RunValue>;
export type OperandSpec = z.infer<typeof Operand>;
export type BoundSpec = z.infer<typeof Bound>;
export type CheckSpec = z.infer<typeof Check>;
export type TargetSpec = z.infer<typeof Target>;
export type ShownBySpec = z.infer<typeof ShownBy>[number];
export type StepLayoutSpec = z.infer<typeof StepLayout>;
export type QuestionSpec = NonNullable<TourStep['question']>;
export type NumberQuestionSpec = z.infer<typeof NumberQuestion>;
export type ChoiceQuestionSpec = z.infer<typeof ChoiceQuestion>;
export { BOUNDS };
export type { BoundKey };

/** Parses raw JSON as a tour; the error names the file and every problem with its path. */
export function parseTour(raw: unknown, origin: string): Tour {
  const parsed = TourSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`,
    );
    throw new Error(`invalid tour ${origin}: ${lines.join('; ')}`);
  }
  return parsed.data;
}

/** The link fields a step sets; the page merges them into its state. */
export interface StepState {
  presetId: string;
  params: Record<string, ParamValue>;
  seed?: number;
  charts: Record<string, ChartChoice>;
  view?: ViewLink;
  /** The layout the step opens around its first pane; absent: the first pane alone. */
  layout?: PageLayout;
}

export function stepState(tour: Tour, stepIndex: number): StepState {
  const step = tour.steps[stepIndex];
  if (!step) throw new Error(`tour ${tour.id} has no step ${stepIndex + 1}`);
  const layout = step.layout ? pageLayoutOf(step.presetId, step.layout) : undefined;
  return {
    presetId: step.presetId,
    params: { ...step.params },
    ...(step.seed !== undefined ? { seed: step.seed } : {}),
    charts: { ...step.charts },
    ...(step.view ? { view: { ...step.view } } : {}),
    ...(layout ? { layout } : {}),
  };
}

/** A step's layout as the link holds it. */
function pageLayoutOf(presetId: string, layout: StepLayoutSpec): PageLayout {
  if (layout.kind === 'machines') {
    return { kind: 'machines', unit: layout.unit ?? 'us', params: { ...layout.params } };
  }
  const { right } = layout;
  const pane: Pane = {
    presetId: right.presetId ?? presetId,
    params: { ...right.params },
    charts: { ...right.charts },
    pins: [],
    ...(right.seed !== undefined ? { seed: right.seed } : {}),
  };
  return { kind: 'side', right: pane };
}
