import { z } from 'zod';

import type { ModelInfo } from '../engine/types';

/** One input of a preset: its value, its unit (must match the engine's spec) and where it is from. */
const ParamEntry = z
  .object({
    value: z.number().finite(),
    unit: z.string(),
    source: z.string().min(1),
  })
  .strict();

const Tolerance = z.union([
  z.object({ abs: z.number().nonnegative() }).strict(),
  z.object({ rel: z.number().nonnegative() }).strict(),
]);

/** A paper target: what the simulation should come close to, never an input of the engine. */
const Reference = z
  .object({
    metric: z.string().min(1),
    label: z.string().min(1),
    value: z.number().finite(),
    unit: z.string(),
    tolerance: Tolerance,
    why: z.string().min(1),
    source: z.string().min(1),
  })
  .strict();

export const PresetSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case words joined by hyphens'),
    title: z.string().min(1),
    machine: z.string().min(1),
    year: z.number().int().min(1900).max(2100),
    model: z.string().min(1),
    description: z.string().min(1),
    citation: z
      .object({ text: z.string().min(1), seed: z.string().min(1), sections: z.string().min(1) })
      .strict(),
    seed: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    params: z.record(z.string(), ParamEntry),
    reference: z.array(Reference),
    charts: z.array(z.string().min(1)).min(1),
  })
  .strict();

export type Preset = z.infer<typeof PresetSchema>;
export type ReferencePoint = z.infer<typeof Reference>;

/** Parses raw JSON as a preset; the error lists every problem with its path. */
export function parsePreset(raw: unknown, origin: string): Preset {
  const parsed = PresetSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `${i.path.join('.') || '(root)'}: ${i.message}`,
    );
    throw new Error(`invalid preset ${origin}: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** Checks a preset against its model's specs: known names, same units, values in range. */
export function presetProblems(preset: Preset, models: ModelInfo[]): string[] {
  const model = models.find((m) => m.name === preset.model);
  if (!model) {
    return [`unknown model '${preset.model}'; valid: ${models.map((m) => m.name).join(', ')}`];
  }
  const problems: string[] = [];
  for (const [name, entry] of Object.entries(preset.params)) {
    const spec = model.params.find((p) => p.name === name);
    if (!spec) {
      problems.push(`params.${name}: not a parameter of ${model.name}`);
      continue;
    }
    if (spec.unit !== entry.unit) {
      problems.push(`params.${name}: unit '${entry.unit}' but the engine uses '${spec.unit}'`);
    }
    if (entry.value < spec.min || entry.value > spec.max) {
      problems.push(`params.${name}: ${entry.value} outside [${spec.min}, ${spec.max}]`);
    }
    if (spec.integer && !Number.isInteger(entry.value)) {
      problems.push(`params.${name}: ${entry.value} is not a whole number`);
    }
  }
  return problems;
}

/** The parameter values a preset sets, as the engine takes them. */
export function presetParams(preset: Preset): Record<string, number> {
  return Object.fromEntries(Object.entries(preset.params).map(([k, v]) => [k, v.value]));
}
