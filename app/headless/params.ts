// A run's parameters as a user gives them: `name=value` settings (the CLI's --set), a JSON file's
// `params` (the explorer's export, run --json; the library's run options), and the engine's
// request of a preset with them over its values.
import { EngineError } from '../engine/engine';
import type { ModelInfo, Params, RunRequest } from '../engine/types';
import type { Preset } from '../presets/schema';
import { presetParams } from '../presets/schema';
import { unitSymbol } from '../presets/units';
import {
  checkParamValue,
  listItems,
  otherBase,
  parseDecimal,
  specsAt,
  unknownChoice,
  valueWords,
} from '../presets/param_values';
import { UsageError } from './usage_error';

/** Why --set's text is no number, in the engine's words: "is not a finite number". */
function notNumber(text: string): string {
  const other = otherBase(text);
  return other ? `is not a decimal number (${other})` : 'is not a finite number';
}

/** Overrides of a preset's parameters and seed. */
export interface Overrides {
  params: Params;
  seed?: number;
}

/**
 * Parses `name=value` settings, checking names against the model's specs and that values are
 * numbers; ranges and item counts are left to the engine, which names them. A list parameter
 * takes its `listItems` (8x8x8, or numbers separated by commas), and one number is a one-item
 * list; a choice takes its name or its number.
 */
export function parseSettings(model: ModelInfo, settings: string[], base: Params = {}): Overrides {
  const params: Params = {};
  // Units as the run reads them: a choice set anywhere in the line names a unit (sweep_scale).
  const chosen = settings.map((s) => s.split('=', 2)).filter(([n]) => n !== undefined);
  const specs = specsAt(model.params, {
    ...base,
    ...Object.fromEntries(
      chosen.flatMap(([name, text]) => {
        const index = model.params
          .find((p) => p.name === name)
          ?.choices.indexOf(text?.trim() ?? '');
        return index === undefined || index < 0 ? [] : [[name, index]];
      }),
    ),
  });
  let seed: number | undefined;
  for (const setting of settings) {
    const eq = setting.indexOf('=');
    if (eq <= 0) throw new UsageError(`--set expects name=value, got '${setting}'`);
    const name = setting.slice(0, eq);
    const text = setting.slice(eq + 1).trim();
    if (name === 'seed') {
      const value = parseDecimal(text);
      if (!Number.isSafeInteger(value) || value < 0) {
        throw new UsageError(
          `seed must be a whole number in [0, ${Number.MAX_SAFE_INTEGER}], got '${text}'`,
        );
      }
      seed = value;
      continue;
    }
    const spec = specs.find((p) => p.name === name);
    if (!spec) {
      const valid = ['seed', ...model.params.map((p) => p.name)].join(', ');
      throw new UsageError(`unknown parameter '${name}' for ${model.name}; valid: ${valid}`);
    }
    const range = `[${spec.min}, ${spec.max}]${spec.unit ? ` ${unitSymbol(spec.unit)}` : ''}`;
    if (spec.choices.length > 0) {
      // A choice by its name (topology=torus) or by its number.
      const index = spec.choices.indexOf(text);
      const value = index >= 0 ? index : parseDecimal(text);
      if (!Number.isInteger(value) || value < 0 || value >= spec.choices.length) {
        throw new UsageError(`parameter '${name}': ${unknownChoice(spec, text)}`, name);
      }
      params[name] = value;
      continue;
    }
    if (spec.maxItems > 0) {
      params[name] = listItems(text).map((item, i) => {
        const value = parseDecimal(item);
        if (!Number.isFinite(value)) {
          throw new UsageError(
            `parameter '${name}' item ${i + 1} = '${item.trim()}' ${notNumber(item)}; ` +
              `valid range ${range}`,
          );
        }
        return value;
      });
      continue;
    }
    if (text.includes(',')) {
      throw new UsageError(
        `parameter '${name}' = '${text}' requires a single number, not a list; valid range ${range}`,
      );
    }
    const value = parseDecimal(text);
    if (!Number.isFinite(value)) {
      throw new UsageError(
        `parameter '${name}' = '${text}' ${notNumber(text)}; valid range ${range}`,
      );
    }
    params[name] = value;
  }
  return seed === undefined ? { params } : { params, seed };
}

/**
 * The parameters and seed of a JSON file the explorer or `run --json` wrote (`params`, `seed`,
 * `preset`): a choice by its name or its number, a list as numbers or as text ("8x8"), each
 * checked as a field would be. `where` names the file in messages.
 */
export function parseParamsJson(
  model: ModelInfo,
  json: unknown,
  where: string,
): Overrides & { preset?: string } {
  const record = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!record(json) || !record(json.params)) {
    throw new UsageError(`${where}: no "params" object (an explorer JSON export or run --json)`);
  }
  const params: Params = {};
  for (const [name, value] of Object.entries(json.params)) {
    const spec = model.params.find((p) => p.name === name);
    if (!spec) {
      const valid = model.params.map((p) => p.name).join(', ');
      throw new UsageError(
        `${where}: unknown parameter '${name}' for ${model.name}; valid: ${valid}`,
        name,
      );
    }
    const checked = checkParamValue(spec, value);
    if ('error' in checked) {
      throw new UsageError(
        `${where}: parameter '${name}' = ${valueWords(value)}: ${checked.error}`,
        name,
      );
    }
    params[name] = checked.value;
  }
  const out: Overrides & { preset?: string } = { params };
  if (json.seed !== undefined) {
    if (!Number.isSafeInteger(json.seed) || (json.seed as number) < 0) {
      throw new UsageError(
        `${where}: seed ${valueWords(json.seed)} is not a whole number from 0`,
        'seed',
      );
    }
    out.seed = json.seed as number;
  }
  if (typeof json.preset === 'string') out.preset = json.preset;
  return out;
}

/** The engine request of a preset with `base` (a --params file's) and `settings` over it. */
export function runRequest(
  model: ModelInfo,
  preset: Preset,
  settings: string[],
  base?: Overrides,
): RunRequest {
  const overrides = parseSettings(model, settings, { ...presetParams(preset), ...base?.params });
  return {
    model: preset.model,
    params: { ...presetParams(preset), ...base?.params, ...overrides.params },
    seed: overrides.seed ?? base?.seed ?? preset.seed,
  };
}

/** The engine's work, with a parameter's error turned into a usage error that names it. */
export async function namingParam<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof EngineError && error.param !== undefined) {
      throw paramError(error.message, error.param);
    }
    throw error;
  }
}

/**
 * The engine's refusal of parameter `param` as a usage error: a range error names its parameter
 * already; a combination error (a pattern that needs a cube) is named here.
 */
export function paramError(message: string, param: string): UsageError {
  const named = message.includes(`'${param}'`);
  return new UsageError(named ? message : `parameter '${param}': ${message}`, param);
}
