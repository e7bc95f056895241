import type { CostModelSignature, LogpSignature, ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';

/**
 * What the all-machines page reads of a model's declarations (engine/src/core/signatures.h):
 * which models are LogP benchmarks and which of their outputs are what, and which draws the
 * papers' cost models. Outputs are families whose '*' is a machine's key.
 */

/** The item a family's member holds for its '*' ("t805" of "one_way_us_t805"), or undefined. */
export function familyItem(family: string, name: string): string | undefined {
  const star = family.indexOf('*');
  const head = family.slice(0, star);
  const tail = family.slice(star + 1);
  if (name.length <= head.length + tail.length) return undefined;
  if (!name.startsWith(head) || !name.endsWith(tail)) return undefined;
  return name.slice(head.length, name.length - tail.length);
}

/** The family's member for `item`. */
export function familyMember(family: string, item: string): string {
  return family.replace('*', item);
}

function modelOf(preset: Preset, models: ModelInfo[]): ModelInfo | undefined {
  return models.find((m) => m.name === preset.model);
}

/** The LogP signature of a preset's model, if it is a LogP benchmark. */
export function logpSignature(preset: Preset, models: ModelInfo[]): LogpSignature | undefined {
  return modelOf(preset, models)?.logp;
}

/**
 * The preset whose run draws the papers' cost models: the first of a model declaring them whose
 * charts draw their curves (the other presets of that model run its programs).
 */
export function costModelPreset(
  presets: Preset[],
  models: ModelInfo[],
): { preset: Preset; signature: CostModelSignature } | undefined {
  for (const preset of presets) {
    const signature = modelOf(preset, models)?.costModels;
    if (!signature) continue;
    const draws = preset.charts.some(
      (c) => 'series' in c && c.series.some((s) => familyItem(signature.curves, s) !== undefined),
    );
    if (draws) return { preset, signature };
  }
  return undefined;
}
