// The parts of a preset that its charts share with the rest of it (values, conditions, states)
// and with each other (a chart's id, title, about and watch; axes, series patterns, rules).
// Every chart kind's own fields are in chart_specs/, one file a kind.
import { z } from 'zod';

import type { OutputSpec } from '../engine/types';
import { VIEW_KINDS } from './view_kinds';

// Zod would probe for `new Function` to compile parsers; under the pages' content security policy
// that probe is a reported violation, so it parses without compiling (fast enough for presets).
// Zod reads this as each schema is made, so it is set here, where the first schemas are.
z.config({ jitless: true });

/**
 * A choice parameter holding one of the named values. In a list, every condition must hold:
 * a Clos's sizes matter only for a router network shaped as a Clos.
 */
export const Conditions = z
  .array(
    z.union([
      z.object({ param: z.string().min(1), is: z.array(z.string().min(1)).min(1) }).strict(),
      /** A list parameter holding more than one value (a mix of packet sizes). */
      z.object({ param: z.string().min(1), several: z.literal(true) }).strict(),
    ]),
  )
  .min(1);

/** A number from the run: a scalar result's name, `param.<name>` for an input, or a constant. */
export const ValueRef = z.union([z.string().min(1), z.number().finite()]);

/**
 * A state of the run in which a number is undefined or not to be read as measured: while the
 * boolean scalar `when` is true (the chosen load deadlocked, or did not sustain its load).
 */
export const InsteadBase = { when: z.string().min(1) };

export const AxisOverride = z
  .object({
    label: z.string().min(1).optional(),
    unit: z.string().optional(),
    scale: z.enum(['linear', 'log']).optional(),
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    format: z.enum(['number', 'percent']).optional(),
  })
  .strict();

export const chartBase = {
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case words joined by hyphens'),
  title: z.string().min(1),
  /** The "about" panel: what is plotted, by which formula or mechanism, from which paper. */
  about: z
    .object({ what: z.string().min(1), mechanism: z.string().min(1), citation: z.string().min(1) })
    .strict(),
  /**
   * Shown only when these choices hold: a chart that can show nothing for other choices (the
   * share of circuits dropped, where nothing is ever dropped).
   */
  when: Conditions.optional(),
  /**
   * The trace view that shows how this chart's numbers come about, opened from the chart at one
   * of its points (a point of the run's sweep): the view and the window it records by default, in
   * the trace's clock (cycles, or microseconds on the Paragon).
   */
  watch: z
    .object({
      view: z.enum(VIEW_KINDS),
      from: z.number().finite().nonnegative(),
      length: z.number().finite().positive(),
      /**
       * The chart whose points name the sweep's points (its x values), where this chart's own do
       * not (a work-rate stack drawn for one machine size of a sweep over sizes).
       */
      points: z.string().min(1).optional(),
      /**
       * The point the view opens at, the one the chart is about: where the sweep's x is this
       * value (the machine a work-rate stack draws, `param.breakdown_nodes`); absent: the first.
       */
      at: ValueRef.optional(),
    })
    .strict()
    .optional(),
};

/** Series by exact name, or every series whose name starts with a prefix written as `prefix*`. */
export const SeriesPattern = z.array(z.string().min(1)).min(1);

/** A horizontal (axis 'y') or vertical (axis 'x') line at a value. */
export const RuleSpec = z
  .object({
    label: z.string().min(1),
    axis: z.enum(['x', 'y']),
    value: ValueRef,
    /**
     * Labels for states of the run in which the line is another thing's (an adaptive routing's
     * bound walked along dimension order's routes); the first that holds names it.
     */
    instead: z
      .array(z.object({ ...InsteadBase, label: z.string().min(1) }).strict())
      .min(1)
      .optional(),
  })
  .strict();

export type ValueRefSpec = z.infer<typeof ValueRef>;
export type AxisOverrideSpec = z.infer<typeof AxisOverride>;

/**
 * What a chart spec names of its run, each name at its path in the preset: schema.ts's
 * outputProblems checks them against the outputs the model declares.
 */
export interface OutputNames {
  /** A scalar (a name, not `param.<name>` or a number). */
  scalar(path: string, ref: ValueRefSpec | undefined): void;
  /** Series by name or `prefix*` pattern. */
  series(path: string, patterns: string[] | undefined): void;
  /** A chart's states (`instead`): boolean scalars and the templates shown while they hold. */
  states(path: string, instead: { when: string; text?: string; detail?: string }[]): void;
  /** An output of another kind (a network, a timeline). */
  output(path: string, kind: OutputSpec['kind'], name: string): void;
}

/** A chart spec's schema: strict, its kinds as an enum (one kind, or kinds with the same fields). */
type SpecSchema = z.ZodObject<{ kind: z.ZodEnum } & z.core.$ZodShape, z.core.$strict>;

/** One chart kind's preset fields (zod) and the outputs a spec of it names. */
export interface ChartSpecKind<S extends SpecSchema> {
  schema: S;
  /** Reports to `names` what a chart names of its run, if the chart is of this spec's kinds. */
  outputs(chart: { kind: string }, path: string, names: OutputNames): void;
}

/** A chart kind's spec: its schema and the names a chart of it reads from the run. */
export function chartSpec<S extends SpecSchema>(
  schema: S,
  outputs: (chart: z.infer<S>, path: string, names: OutputNames) => void,
): ChartSpecKind<S> {
  const kinds: readonly unknown[] = schema.shape.kind.options;
  return {
    schema,
    outputs: (chart, path, names) => {
      // The kind picks the one schema that parsed the chart, so the chart has its type.
      if (kinds.includes(chart.kind)) outputs(chart as z.infer<S>, path, names);
    },
  };
}
