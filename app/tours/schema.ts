// A guided tour: steps that each set the page through the link's fields, point at what to look
// at, and may ask the student to predict a number or pick a choice before the run reveals it.
// Answers are read from the run (never written here); checks say what the prose relies on, so
// the tour walker fails when the model no longer supports a tour.
import { z } from 'zod';

import type { ModelInfo, OutputSpec, ParamValue } from '../engine/types';
import { logpPresets } from '../compare/machines';
import { checkParamValue } from '../presets/param_values';
import type { Preset } from '../presets/schema';
import { namesMeet } from '../presets/schema';
import { curvePatterns, shownBy, StepOutputs } from './outputs';
export type { StepOutputsSpec } from './outputs';
import type { ChartChoice, PageLayout, Pane, ViewLink } from '../link/url_state';
import { ChartChoiceSchema, ViewLinkSchema } from '../link/url_state';

const Id = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case words joined by hyphens');

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
 * result, or a curve's value at an x (exactly, or between two of its points), at its first or
 * last point, or its largest or smallest value.
 */
const runValueShapes = [
  { readout: z.number().int().nonnegative(), ...runOf },
  { scalar: z.string().min(1), ...runOf },
  {
    series: z.string().min(1),
    at: z.union([z.number().finite(), z.enum(['first', 'last', 'max', 'min'])]),
    ...runOf,
  },
] as const;

const [readoutShape, scalarShape, seriesShape] = runValueShapes;
const RunValue = z.union([
  z.object(readoutShape).strict(),
  z.object(scalarShape).strict(),
  z.object(seriesShape).strict(),
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
const Check = bounded(Operand, { value: RunValue, why: z.string().min(1) });

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
const Explain = z.string().min(1).optional();

const NumberQuestion = z
  .object({
    kind: z.literal('number'),
    prompt: z.string().min(1),
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
    prompt: z.string().min(1),
    choices: z
      .array(
        z
          .object({
            label: z.string().min(1),
            when: bounded(z.union([z.number().finite(), RunValue]), { value: RunValue }),
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

const Step = z
  .object({
    title: z.string().min(1),
    presetId: Id,
    /** Parameters that differ from the preset's. */
    params: ParamsSchema.optional(),
    seed: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
    charts: z.record(Id, ChartChoiceSchema).optional(),
    view: ViewLinkSchema.optional(),
    layout: StepLayout.optional(),
    look: Target,
    /** What to see and why, in two or three sentences. */
    text: z.string().min(1),
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

export const TourSchema = z
  .object({
    id: Id,
    title: z.string().min(1),
    /** Who it is for and what it covers, for the landing page's card. */
    audience: z.string().min(1),
    summary: z.string().min(1),
    steps: z.array(Step).min(4).max(10),
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

/** The preset of the run a value is read from, in a step: its own, its right pane's, a machine's. */
export function runPresetId(step: TourStep, value: RunValueSpec): string {
  if (value.machine !== undefined) return value.machine;
  if (value.side === 'right' && step.layout?.kind === 'side')
    return step.layout.right.presetId ?? step.presetId;
  return step.presetId;
}

/** Every run value a step reads, with where it is in the step, and the step it is read from. */
export function runValues(step: TourStep, index: number): [string, RunValueSpec, number][] {
  const out: [string, RunValueSpec, number][] = [];
  const operand = (path: string, o: OperandSpec | RunValueSpec | number | undefined) => {
    if (o === undefined || typeof o === 'number') return;
    const from = 'step' in o && typeof o.step === 'number' ? o.step - 1 : index;
    out.push([path, o, from]);
  };
  const bounds = (path: string, b: Partial<Record<BoundKey, OperandSpec | RunValueSpec>>) =>
    BOUNDS.forEach((k) => operand(`${path}.${k}`, b[k]));
  const q = step.question;
  if (q?.kind === 'number') {
    operand('question.answer', q.answer);
    (q.checks ?? []).forEach((c, j) => bounds(`question.checks.${j}`, c));
  }
  if (q?.kind === 'choice') {
    q.choices.forEach((c, j) => {
      operand(`question.choices.${j}.when.value`, c.when.value);
      bounds(`question.choices.${j}.when`, c.when);
    });
  }
  (step.checks ?? []).forEach((c, j) => {
    operand(`checks.${j}.value`, c.value);
    bounds(`checks.${j}`, c);
  });
  return out;
}

/**
 * Checks a tour against the presets and their models without running anything: each step's
 * preset exists, its parameters are the model's and in range, and what it points at, shows and
 * reads exists. Each problem names the tour, the step and the field.
 */
export function tourProblems(tour: Tour, presets: Preset[], models: ModelInfo[]): string[] {
  const problems: string[] = [];
  tour.steps.forEach((step, i) => {
    const where = `tour ${tour.id}, step ${i + 1} (${step.title})`;
    const say = (path: string, message: string) => problems.push(`${where}: ${path}: ${message}`);
    const preset = presets.find((p) => p.id === step.presetId);
    if (!preset) {
      say('presetId', `no preset '${step.presetId}'`);
      return;
    }
    const model = models.find((m) => m.name === preset.model);
    if (!model) {
      say('presetId', `the preset's model '${preset.model}' is not in the engine`);
      return;
    }
    const param = (path: string, name: string, of = model) => {
      const spec = of.params.find((p) => p.name === name);
      if (!spec) say(path, `'${name}' is not a parameter of ${of.name}`);
      return spec;
    };
    const params = (path: string, values: Record<string, ParamValue>, of = model) => {
      for (const [name, value] of Object.entries(values)) {
        const spec = param(`${path}.${name}`, name, of);
        const checked = spec && checkParamValue(spec, value);
        if (checked && 'error' in checked) say(`${path}.${name}`, checked.error);
      }
    };
    params('params', step.params ?? {});
    (step.show ?? []).forEach((name, j) => param(`show.${j}`, name));
    const chartIds = preset.charts.map((c) => c.id);
    const chart = (path: string, id: string, of = preset) => {
      const ids = of.charts.map((c) => c.id);
      if (!ids.includes(id)) say(path, `no chart '${id}' in ${of.id}: ${ids.join(', ')}`);
    };
    Object.keys(step.charts ?? {}).forEach((id) => chart(`charts.${id}`, id));
    const machines = logpPresets(presets, models).map((p) => p.id);
    const layout = step.layout;
    if (layout?.kind === 'side') {
      const rightId = layout.right.presetId ?? preset.id;
      const right = presets.find((p) => p.id === rightId);
      const rightModel = right && models.find((m) => m.name === right.model);
      if (!right || !rightModel) say('layout.right.presetId', `no preset '${rightId}'`);
      else {
        params('layout.right.params', layout.right.params ?? {}, rightModel);
        Object.keys(layout.right.charts ?? {}).forEach((id) =>
          chart(`layout.right.charts.${id}`, id, right),
        );
      }
    }
    if (layout?.kind === 'machines') {
      // The page shows every machine, not the first pane: the step's preset is the machine whose
      // run it reads by default, and nothing of a pane applies.
      if (!machines.includes(preset.id))
        say('presetId', `an all-machines step reads a machine's run: ${machines.join(', ')}`);
      for (const key of ['params', 'seed', 'charts', 'view', 'show', 'outputs'] as const) {
        if (step[key] !== undefined) say(key, 'the all-machines page has no pane to set');
      }
      if (!('machines' in step.look))
        say('look', 'an all-machines step points at its chart or table');
      for (const [id, values] of Object.entries(layout.params ?? {})) {
        const machine = presets.find((p) => p.id === id);
        const machineModel = machine && models.find((m) => m.name === machine.model);
        if (!machineModel || !machines.includes(id))
          say(`layout.params.${id}`, `no machine '${id}': ${machines.join(', ')}`);
        else params(`layout.params.${id}`, values, machineModel);
      }
    } else if ('machines' in step.look) say('look.machines', 'the step opens no all-machines page');
    const readout = (path: string, n: number) => {
      if (n >= preset.readouts.length)
        say(
          path,
          `${preset.id} has ${preset.readouts.length} readouts (0 to ${preset.readouts.length - 1})`,
        );
    };
    if ('param' in step.look) param('look.param', step.look.param);
    if ('chart' in step.look) chart('look.chart', step.look.chart);
    if ('readout' in step.look) readout('look.readout', step.look.readout);
    const outputs = step.outputs;
    (outputs?.charts ?? []).forEach((c, j) => {
      const id = typeof c === 'string' ? c : c.chart;
      chart(`outputs.charts.${j}`, id);
      const spec = preset.charts.find((s) => s.id === id);
      if (typeof c === 'string' || !spec) return;
      const patterns = curvePatterns(spec);
      if (patterns.length === 0)
        say(`outputs.charts.${j}.series`, `the chart '${id}' draws no curves`);
      c.series.forEach((name, k) => {
        if (patterns.length > 0 && !patterns.some((p) => namesMeet(p, name)))
          say(
            `outputs.charts.${j}.series.${k}`,
            `'${name}' is no curve of the chart '${id}': ${patterns.join(', ')}`,
          );
      });
    });
    const shows = shownBy(outputs);
    (outputs?.readouts ?? []).forEach((n, j) => readout(`outputs.readouts.${j}`, n));
    if ('chart' in step.look && !shows.chart(step.look.chart))
      say('look.chart', `the step does not show the chart '${step.look.chart}' (outputs.charts)`);
    if (
      'readout' in step.look &&
      outputs?.readouts &&
      !outputs.readouts.includes(step.look.readout)
    )
      say('look.readout', `the step does not show readout ${step.look.readout} (outputs.readouts)`);
    if (step.view && !shows.chart(step.view.chart))
      say('view.chart', `the step does not show the chart '${step.view.chart}' (outputs.charts)`);
    if ('view' in step.look && !step.view) say('look.view', 'the step opens no view');
    (step.question?.shownBy ?? []).forEach((held, j) => {
      const path = `question.shownBy.${j}`;
      if ('chart' in held) chart(`${path}.chart`, held.chart);
      if ('readout' in held) readout(`${path}.readout`, held.readout);
      const look = step.look;
      const same =
        ('chart' in held && 'chart' in look && held.chart === look.chart) ||
        ('readout' in held && 'readout' in look && held.readout === look.readout);
      if (same) say(path, 'the step points at what it holds back');
    });
    if (step.view) {
      const watch = preset.charts.find((c) => c.id === step.view!.chart)?.watch;
      chart('view.chart', step.view.chart);
      if (chartIds.includes(step.view.chart) && !watch)
        say('view.chart', 'the chart opens no view');
      if (watch && watch.view !== step.view.kind)
        say('view.kind', `the chart '${step.view.chart}' opens the ${watch.view} view`);
    }
    const q = step.question;
    if (q?.kind === 'choice') {
      // A choice that compares two values of the run reads its own: the reveal names the choice
      // with the first value ("BPRAM (0.8 % against 33.5 %)"), so two choices reading the same
      // first value would name one by the other's number.
      const compared = q.choices.filter((c) => {
        const bound = BOUNDS.map((k) => c.when[k]).find((b) => b !== undefined);
        return typeof bound === 'object';
      });
      const seen = new Set<string>();
      compared.forEach((c) => {
        const key = JSON.stringify(c.when.value);
        if (seen.has(key))
          say(
            `question.choices.${q.choices.indexOf(c)}.when.value`,
            `'${c.label}' reads the same value as another choice: each choice compares its own value with the others'`,
          );
        seen.add(key);
      });
    }
    for (const [path, value, from] of runValues(step, i)) {
      const other = tour.steps[from];
      if (!other) {
        say(path, `no step ${from + 1} (steps are numbered from 1 to ${tour.steps.length})`);
        continue;
      }
      if (value.side !== undefined && other.layout?.kind !== 'side')
        say(path, `step ${from + 1} has no right pane (it opens no side by side)`);
      if (value.machine !== undefined) {
        if (other.layout?.kind !== 'machines')
          say(path, `step ${from + 1} shows no machines (it opens no all-machines page)`);
        else if (!machines.includes(value.machine))
          say(path, `no machine '${value.machine}': ${machines.join(', ')}`);
      }
      const otherPreset = presets.find((p) => p.id === runPresetId(other, value));
      const otherModel = otherPreset && models.find((m) => m.name === otherPreset.model);
      if (!otherPreset || !otherModel) continue;
      if ('readout' in value && value.readout >= otherPreset.readouts.length)
        say(path, `${otherPreset.id} has ${otherPreset.readouts.length} readouts`);
      if ('scalar' in value) declared(otherModel, 'scalar', value.scalar, path, say);
      if ('series' in value) declared(otherModel, 'series', value.series, path, say);
    }
  });
  return problems;
}

function declared(
  model: ModelInfo,
  kind: OutputSpec['kind'],
  name: string,
  path: string,
  say: (path: string, message: string) => void,
) {
  if (model.outputs.some((o) => o.kind === kind && namesMeet(o.name, name))) return;
  say(path, `'${name}' is no ${kind} output of ${model.name}`);
}
