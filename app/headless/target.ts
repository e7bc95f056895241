// What a name given to a command or the library means: a preset (its model, with the preset's
// values under the parameters given) or a model (its defaults under them).
import type { ModelInfo, RunRequest } from '../engine/types';
import type { Preset } from '../presets/schema';
import type { Overrides } from './params';
import { parseParamsJson, runRequest } from './params';
import { UsageError } from './usage_error';

/** A parameter's value: a number, a list of numbers (or its text, "8x8x8"), a choice by name. */
export type ParamInput = number | readonly number[] | string;

/**
 * The preset or model `target` names among `presets` and `models`, and the run's parameters and
 * seed, checked; `what` names the call in messages (`run('id')`).
 */
export function resolveTarget(
  models: ModelInfo[],
  presets: Preset[],
  target: string,
  params: Record<string, ParamInput> | undefined,
  seed: number | undefined,
  what: string,
): { model: ModelInfo; preset?: Preset; overrides: Overrides } {
  const preset = presets.find((p) => p.id === target);
  const model = models.find((m) => m.name === (preset ? preset.model : target));
  if (!model) {
    throw new UsageError(
      `unknown preset or model '${target}'; presets: ${presets.map((p) => p.id).join(', ')}; ` +
        `models: ${models.map((m) => m.name).join(', ')}`,
    );
  }
  // One number for a list parameter is a one-item list, as the CLI's --set takes it.
  const given = Object.entries(params ?? {}).map(([name, value]) => {
    const list = model.params.find((p) => p.name === name)?.maxItems;
    return [name, list && typeof value === 'number' ? [value] : value];
  });
  const overrides = parseParamsJson(
    model,
    { params: Object.fromEntries(given), ...(seed !== undefined ? { seed } : {}) },
    `${what}('${target}')`,
  );
  return { model, ...(preset ? { preset } : {}), overrides };
}

/**
 * The engine request of `target` with `params` and `seed` over it: a preset's values under them,
 * or a model's defaults (seed 1 unless given). The library and the Python package run this.
 */
export function targetRequest(
  models: ModelInfo[],
  presets: Preset[],
  target: string,
  params: Record<string, ParamInput> | undefined,
  seed: number | undefined,
  what: string,
): { model: ModelInfo; preset?: Preset; request: RunRequest } {
  const { model, preset, overrides } = resolveTarget(models, presets, target, params, seed, what);
  const request = preset
    ? runRequest(model, preset, [], overrides)
    : { model: model.name, params: overrides.params, seed: overrides.seed ?? 1 };
  return { model, ...(preset ? { preset } : {}), request };
}
