// A preset or a model described without running it: its parameters (units as this run reads
// them), its outputs and its machine's networks. `cli describe --json` prints it and the
// library's describe() gives it, so the two cannot differ.
import type { Engine } from '../engine/engine';
import type { ModelInfo, Params } from '../engine/types';
import { networkJson } from '../engine/types';
import { specsAt } from '../presets/param_values';
import type { Preset } from '../presets/schema';
import { presetParams } from '../presets/schema';
import { namingParam } from './params';
import type { ParamInput } from './target';
import { resolveTarget } from './target';

/** A preset as the list shows it. */
export interface PresetSummary {
  id: string;
  title: string;
  machine: string;
  model: string;
  seed: number;
  /** The values it sets, by parameter name (the model's defaults for the others). */
  params: Params;
  /** How many paper targets it is validated against. */
  targets: number;
}

export function presetSummary(p: Preset): PresetSummary {
  return {
    id: p.id,
    title: p.title,
    machine: p.machine,
    model: p.model,
    seed: p.seed,
    params: presetParams(p),
    targets: p.reference.length,
  };
}

/** A model or preset described without running it. */
export interface Description {
  model: ModelInfo;
  /** The preset described, when a preset was named. */
  preset?: PresetSummary;
  /** The parameters given over the preset's (or the defaults), checked: what it is described at. */
  given?: Params;
  /** The networks its machine is built as for these parameters, as `run --json` writes them. */
  networks: Record<string, ReturnType<typeof networkJson>>;
}

/**
 * The preset or model `target` (of `models`, `presets`) described with `params` over it, but for
 * its networks, which the engine builds; `all`: the parameters it is described at.
 */
export function describeWithoutNetworks(
  models: ModelInfo[],
  presets: Preset[],
  target: string,
  params?: Record<string, ParamInput>,
): { description: Omit<Description, 'networks'>; all: Params } {
  const { model, preset, overrides } = resolveTarget(
    models,
    presets,
    target,
    params,
    undefined,
    'describe',
  );
  const all = { ...(preset ? presetParams(preset) : {}), ...overrides.params };
  const description = {
    // Units as this run reads them: the curve's loads in what sweep_scale names.
    model: { ...structuredClone(model), params: specsAt(model.params, all) },
    ...(preset ? { preset: presetSummary(preset) } : {}),
    ...(Object.keys(overrides.params).length > 0 ? { given: overrides.params } : {}),
  };
  return { description, all };
}

/** The preset or model `target` (of `models`, `presets`) described with `params` over it. */
export async function describeTarget(
  engine: Engine,
  models: ModelInfo[],
  presets: Preset[],
  target: string,
  params?: Record<string, ParamInput>,
): Promise<Description> {
  const { description, all } = describeWithoutNetworks(models, presets, target, params);
  const networks = await namingParam(engine.describe(description.model.name, all));
  return {
    ...description,
    networks: Object.fromEntries(networks.map((n) => [n.name, networkJson(n)])),
  };
}
