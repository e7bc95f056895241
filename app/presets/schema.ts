import { z } from 'zod';

import type { ModelInfo, ParamValue } from '../engine/types';
import type { Baseline } from './param_values';
import type { ChartSpec } from './chart_specs';
import { ChartSpecSchema } from './chart_specs';
import type { Conditions, ValueRefSpec } from './fields';
import { InsteadBase, ValueRef } from './fields';
import { Accept, Band, Tolerance } from './bands';

/**
 * Where a value comes from when the paper does not state it: `assumed` (a choice the model
 * needs, said why in the source) or `calibrated` (fitted on the targets `fittedOn` names, as the
 * source says, and validated on the others). Absent: the paper states it.
 */
export const PARAM_BASES = ['assumed', 'calibrated'] as const;
export type ParamBasis = (typeof PARAM_BASES)[number];

/**
 * One input of a preset: its value, its unit (must match the engine's spec) and where it is from.
 * Without a value the entry says where the engine's own value comes from (a cost whose number
 * lives only in the engine's table); `override` says why a preset sets another.
 */
const ParamEntry = z
  .object({
    value: z.union([z.number().finite(), z.array(z.number().finite()).min(1)]).optional(),
    unit: z.string(),
    basis: z.enum(PARAM_BASES).optional(),
    /**
     * A calibrated value's paper targets it was fitted on: a preset's id and the metric of its
     * target (those rows are calibration, not validation). At least one: a value fitted on a
     * ratio of two targets names the one the fit makes follow from the other.
     */
    fittedOn: z
      .array(z.object({ preset: z.string().min(1), metric: z.string().min(1) }).strict())
      .min(1, 'a calibrated value names at least one target it was fitted on')
      .optional(),
    source: z.string().min(1),
    override: z.string().min(1).optional(),
  })
  .strict()
  .refine((e) => e.override === undefined || e.value !== undefined, {
    message: 'an override needs the value it sets',
    path: ['override'],
  })
  .refine((e) => (e.basis === 'calibrated') === (e.fittedOn !== undefined), {
    message: 'a calibrated value names the targets it was fitted on (fittedOn), no other does',
    path: ['fittedOn'],
  });

/** What every paper target has: the metric, what it is, why it is checked so, where it is from. */
const referenceBase = {
  metric: z.string().min(1),
  label: z.string().min(1),
  unit: z.string(),
  why: z.string().min(1),
  /** Where in the paper: a section, table or figure, and the paper's words where they help. */
  source: z.string().min(1),
  /**
   * Why the simulation misses this target, for a target it is known not to reach: the row is
   * shown and checked as a miss (the tests fail once it passes, so the note cannot go stale).
   */
  knownMiss: z.string().min(1).optional(),
  /** Where the band of values accepted (the tolerance, a claim's bounds) comes from. */
  band: Band,
  /**
   * Why this row checks no more than the model's consistency: it redoes the paper's own
   * arithmetic on its inputs, or reads an input back out. Shown and checked, but counted apart
   * from the independent targets; a row is consistency or restates another, not both.
   */
  consistency: z.string().min(1).optional(),
  /**
   * The row this one follows from (a Mips figure from the time it is computed from, a count set
   * by the same search size): shown and checked, but counted apart from the independent targets.
   * The metric of this preset's row, or of another preset's where `preset` names it.
   */
  restates: z
    .object({ metric: z.string().min(1), preset: z.string().min(1).optional() })
    .strict()
    .optional(),
  /**
   * What the simulated value depends on by chance: `seed` (the run's: random traffic, keys,
   * permutations) or a whole-number parameter that draws an instance (`tsp_instance_seed`, the
   * cities). The target is judged over its values 1 to 16 as well as on the preset's own
   * (ROBUST_SEEDS).
   */
  stochastic: z.string().min(1).optional(),
  /**
   * A number the paper gives that the model has no mechanism for (no output of its model): the
   * row is shown and counted, and misses, with `knownMiss` saying what is missing.
   */
  notSimulated: z.literal(true).optional(),
};

/** A paper target the paper states as a number: the simulation must come within a tolerance. */
const StatedReference = z
  .object({
    ...referenceBase,
    value: z.number().finite(),
    /**
     * Significant digits the paper gives, where its number has zeros the JSON number drops
     * (6.50, 17.0 x 10^3); absent: those of the value as written (153 has 3, 0.0218 has 3).
     */
    digits: z.number().int().min(1).max(15).optional(),
    tolerance: Tolerance,
    /** Where the paper's value is drawn: a chart id and the x (a number, or a bar's label). */
    plot: z
      .object({ chart: z.string().min(1), x: z.union([z.number(), z.string()]) })
      .strict()
      .optional(),
  })
  .strict();

/**
 * A paper target the paper states in words ("less than 2.5 %", "overestimates", "rises"): its
 * words as written (translated where the paper is not in English) and the values that read as
 * meeting them. No number is drawn for it, since the paper gives none.
 */
const ClaimReference = z
  .object({ ...referenceBase, claim: z.string().min(1), accept: Accept })
  .strict();

/** A paper target: what the simulation should come close to, never an input of the engine. */
const Reference = z.union([StatedReference, ClaimReference]);

export const PresetSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case words joined by hyphens'),
    title: z.string().min(1),
    machine: z.string().min(1),
    /** What this experiment shows, for the picker card, e.g. "latency vs load". */
    experiment: z.string().min(1),
    /** The paper's year; absent where no paper is reproduced (the values are then defaults). */
    year: z.number().int().min(1900).max(2100).optional(),
    model: z.string().min(1),
    description: z.string().min(1),
    citation: z
      .object({ text: z.string().min(1), seed: z.string().min(1), sections: z.string().min(1) })
      .strict(),
    seed: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    params: z.record(z.string(), ParamEntry),
    reference: z.array(Reference),
    /**
     * An aggregate's experiments that have presets of their own, which hold the paper targets of
     * this run's curves (the J-Machine's four programs): ids of presets of the same model.
     */
    targetsIn: z.array(z.string().min(1)).min(1).optional(),
    /** Parameter groups of the panel, in order; parameters in no group come last. */
    groups: z.array(z.object({ title: z.string().min(1), params: z.array(z.string()) }).strict()),
    /**
     * Parameters the model takes that this experiment never reads, left out of the panel (the URL
     * and the CLI still take them). Those read only under some choices (a fly's radix on a fly)
     * the engine declares itself (a spec's `when`).
     */
    unused: z.array(z.object({ params: z.array(z.string().min(1)).min(1) }).strict()).optional(),
    /**
     * Headline numbers above the charts; `detail` may hold `{ref}`, `{ref:%}` or `{ref:yes}`
     * placeholders, and parts in [square brackets] left out where a value in them is missing.
     */
    readouts: z.array(
      z
        .object({
          label: z.string().min(1),
          value: ValueRef,
          unit: z.string(),
          detail: z.string().optional(),
          /**
           * What the readout says while a state holds (the first that does), in place of its
           * value (`text`) and of its detail (`detail`, or none), both templates.
           */
          instead: z
            .array(
              z
                .object({
                  ...InsteadBase,
                  text: z.string().min(1).optional(),
                  detail: z.string().min(1).optional(),
                })
                .strict()
                .refine((i) => i.text !== undefined || i.detail !== undefined, {
                  message: 'say what is shown instead: text, detail or both',
                }),
            )
            .min(1)
            .optional(),
        })
        .strict(),
    ),
    charts: z.array(ChartSpecSchema).min(1),
  })
  .strict()
  .superRefine((preset, ctx) => {
    const ids = preset.charts.map((c) => c.id);
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i)
        ctx.addIssue({
          code: 'custom',
          path: ['charts', i, 'id'],
          message: `duplicate chart id '${id}'`,
        });
    });
    preset.reference.forEach((ref, i) => {
      if (ref.notSimulated && ref.knownMiss === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['reference', i, 'knownMiss'],
          message: 'a target not simulated is a known miss: say what the model lacks',
        });
      }
      if (ref.consistency !== undefined && ref.restates !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['reference', i, 'consistency'],
          message:
            'a row follows from another (restates) or from the inputs (consistency), not both',
        });
      }
      const claim = 'claim' in ref;
      if ((ref.band.from === 'rounding' && claim) || (ref.band.from === 'as-written' && !claim)) {
        ctx.addIssue({
          code: 'custom',
          path: ['reference', i, 'band', 'from'],
          message: 'rounding is of a stated number, as-written of a claim',
        });
      }
      if ('plot' in ref && ref.plot && !ids.includes(ref.plot.chart)) {
        ctx.addIssue({
          code: 'custom',
          path: ['reference', i, 'plot', 'chart'],
          message: `no chart '${ref.plot.chart}'; charts: ${ids.join(', ')}`,
        });
      }
    });
  });

export type Preset = z.infer<typeof PresetSchema>;
export type ReferencePoint = z.infer<typeof Reference>;
export type StatedReferencePoint = z.infer<typeof StatedReference>;
export type ClaimReferencePoint = z.infer<typeof ClaimReference>;
export type Accepted = z.infer<typeof Accept>;
export type BandSource = z.infer<typeof Band>;
export type ToleranceSpec = z.infer<typeof Tolerance>;
export type ConditionsSpec = z.infer<typeof Conditions>;
export type { ChartSpec, ValueRefSpec };

/**
 * Each problem as `path: message`. A value that fits none of a union's forms (a paper target
 * stated as a number, or in words) is reported against the form it comes closest to, the one
 * with the fewest problems, rather than as a bare "invalid input".
 */
function issueLines(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []): string[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const closest = issue.errors.reduce((a, b) => (b.length < a.length ? b : a));
      return issueLines(closest, path);
    }
    return [`${path.map(String).join('.') || '(root)'}: ${issue.message}`];
  });
}

/** Parses raw JSON as a preset; the error lists every problem with its path. */
export function parsePreset(raw: unknown, origin: string): Preset {
  const parsed = PresetSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`invalid preset ${origin}: ${issueLines(parsed.error.issues).join('; ')}`);
  }
  return parsed.data;
}

/** The paper values drawn on a chart: numbers the paper states, with a `plot` naming it. */
export function plottedReferences(preset: Preset, chart: string) {
  type Plotted = StatedReferencePoint & { plot: NonNullable<StatedReferencePoint['plot']> };
  return preset.reference.filter((r): r is Plotted => 'plot' in r && r.plot?.chart === chart);
}

/** Whether every condition holds at these values (no conditions: true). */
export function conditionsHold(
  conditions: ConditionsSpec | undefined,
  specs: ModelInfo['params'],
  params: Record<string, ParamValue>,
): boolean {
  return (conditions ?? []).every((condition) => {
    const value = params[condition.param];
    if ('several' in condition) return Array.isArray(value) && value.length > 1;
    const chosen = specs.find((s) => s.name === condition.param)?.choices[Number(value)];
    return chosen !== undefined && condition.is.includes(chosen);
  });
}

/**
 * The parameters no run at these values reads, by the model's declaration: each spec's `when` (a
 * fly's radix on a fly only) and what each value of a choosing list reads (the J-Machine's
 * programs, none of the latter while a chosen value is not one of it).
 */
export function unreadParams(
  model: Pick<ModelInfo, 'params' | 'reads'>,
  params: Record<string, ParamValue>,
): string[] {
  // A condition on a value not (yet) chosen or valid leaves the parameter shown.
  const holds = ({ param, is }: { param: string; is: string[] }) => {
    const chosen = model.params.find((s) => s.name === param)?.choices[Number(params[param])];
    return chosen === undefined || is.includes(chosen);
  };
  const unread = model.params.filter((s) => !s.when.every(holds)).map((s) => s.name);
  const reads = model.reads;
  if (!reads) return unread;
  const chosen = params[reads.param];
  const byValue = (Array.isArray(chosen) ? chosen : [chosen]).map((v) =>
    v === undefined ? undefined : reads.byValue[v],
  );
  if (byValue.some((names) => names === undefined)) return unread;
  const read = new Set([...reads.always, ...byValue.flatMap((names) => names ?? [])]);
  return model.params.map((s) => s.name).filter((name) => !read.has(name) || unread.includes(name));
}

/**
 * The parameters the panel leaves out at these values: those no run reads (unreadParams) and the
 * preset's `unused`.
 */
export function unusedParams(
  preset: Preset,
  model: Pick<ModelInfo, 'params' | 'reads'>,
  params: Record<string, ParamValue>,
): Set<string> {
  return new Set([
    ...unreadParams(model, params),
    ...(preset.unused ?? []).flatMap((rule) => rule.params),
  ]);
}

/** The charts shown at these values: those whose `when` holds. */
export function shownCharts(
  preset: Preset,
  specs: ModelInfo['params'],
  params: Record<string, ParamValue>,
): ChartSpec[] {
  return preset.charts.filter((chart) => conditionsHold(chart.when, specs, params));
}

/** The machine and, for a paper's machine, its year: "MIT J-Machine, 1993". */
export function machineAndYear(preset: Preset): string {
  return preset.year === undefined ? preset.machine : `${preset.machine}, ${preset.year}`;
}

/** A preset without a year reproduces no paper: its values are defaults, not paper values. */
export function presetBaseline(preset: Preset): Baseline {
  return preset.year === undefined ? 'default' : 'paper value';
}

/**
 * Whether the preset runs an experiment of its paper: one with paper targets, its own or in the
 * presets it names (targetsIn). A paper's machine in an experiment of archex's own (a LogP
 * signature, a planned size) has the paper's values but no paper figure to stand for.
 */
export function paperExperiment(preset: Preset): boolean {
  return (
    preset.year !== undefined && (preset.reference.length > 0 || preset.targetsIn !== undefined)
  );
}

/** The values a preset sets; a parameter it leaves to the engine is absent (the engine's holds). */
export function presetParams(preset: Preset): Record<string, ParamValue> {
  return Object.fromEntries(
    Object.entries(preset.params).flatMap(([k, v]) =>
      v.value === undefined ? [] : [[k, v.value]],
    ),
  );
}
