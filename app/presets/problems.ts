// Presets checked against the engine's models and each other, without running anything: names the
// model knows with the same units and values in range, outputs a chart or target reads, the
// presets a target names.
import type { ModelInfo, OutputSpec } from '../engine/types';
import { checkParamValue, placeholderParams, resolveValues, specsAt } from './param_values';
import { chartOutputs } from './chart_specs';
import type { OutputNames, ValueRefSpec } from './fields';
import type { ConditionsSpec, Preset } from './schema';
import { ROBUST_SEEDS } from './validation_summary';
import { presetParams, unreadParams } from './schema';

/** Checks a preset against its model's specs: known names, same units, values in range. */
export function presetProblems(preset: Preset, models: ModelInfo[]): string[] {
  const model = models.find((m) => m.name === preset.model);
  if (!model) {
    return [`unknown model '${preset.model}'; valid: ${models.map((m) => m.name).join(', ')}`];
  }
  const problems: string[] = [];
  const texts = [
    ['description', preset.description],
    ...preset.charts.map((c, i) => [`charts.${i}.about.mechanism`, c.about.mechanism]),
    ...preset.charts.map((c, i) => [`charts.${i}.title`, c.title]),
  ] as const;
  for (const [path, text] of texts) {
    for (const name of placeholderParams(text).filter(
      (n) => !model.params.some((p) => p.name === n),
    ))
      problems.push(`${path}: {param.${name}} is not a parameter of ${model.name}`);
  }
  const specs = specsAt(model.params, presetParams(preset));
  for (const [name, entry] of Object.entries(preset.params)) {
    const spec = specs.find((p) => p.name === name);
    if (!spec) {
      problems.push(`params.${name}: not a parameter of ${model.name}`);
      continue;
    }
    if (spec.unit !== entry.unit) {
      const why = spec.unitFrom ? `, as ${spec.unitFrom} names it` : '';
      problems.push(
        `params.${name}: unit '${entry.unit}' but the engine uses '${spec.unit}'${why}`,
      );
    }
    if (entry.value === undefined) continue;
    const checked = checkParamValue(spec, entry.value);
    if ('error' in checked) problems.push(`params.${name}: ${checked.error}`);
  }
  preset.reference.forEach(({ stochastic }, i) => {
    if (stochastic === undefined || stochastic === 'seed') return;
    const spec = model.params.find((p) => p.name === stochastic);
    const draws =
      spec && [1, ROBUST_SEEDS.seeds].every((v) => !('error' in checkParamValue(spec, v)));
    if (!draws)
      problems.push(
        `reference.${i}.stochastic: '${stochastic}' is neither 'seed' nor a parameter of ` +
          `${model.name} taking 1 to ${ROBUST_SEEDS.seeds}`,
      );
  });
  for (const group of preset.groups) {
    for (const name of group.params) {
      if (!model.params.some((p) => p.name === name)) {
        problems.push(`groups '${group.title}': '${name}' is not a parameter of ${model.name}`);
      }
    }
  }
  const checkConditions = (conditions: ConditionsSpec | undefined, path: string) =>
    (conditions ?? []).forEach((condition, j) => {
      const { param } = condition;
      const spec = model.params.find((p) => p.name === param);
      if ('several' in condition) {
        if (!spec?.maxItems) {
          problems.push(`${path}.${j}.param: '${param}' is not a list of ${model.name}`);
        }
        return;
      }
      const choices = spec?.choices ?? [];
      if (choices.length === 0) {
        problems.push(`${path}.${j}.param: '${param}' is not a choice of ${model.name}`);
      }
      for (const value of condition.is.filter((v) => choices.length > 0 && !choices.includes(v))) {
        problems.push(`${path}.${j}.is: '${value}' is not one of ${choices.join(', ')}`);
      }
    });
  // A name the model's declaration leaves out at the preset's values is the declaration's to show
  // again when the choice changes, not the list's to keep hidden.
  const unread = unreadParams(model, resolveValues(model.params, presetParams(preset)));
  (preset.unused ?? []).forEach((rule, i) => {
    for (const name of rule.params) {
      if (!model.params.some((p) => p.name === name))
        problems.push(`unused.${i}.params: '${name}' is not a parameter of ${model.name}`);
      else if (unread.includes(name))
        problems.push(
          `unused.${i}.params: '${name}' is left out already: no chosen ${model.reads?.param} value reads it`,
        );
    }
  });
  preset.charts.forEach((chart, i) => {
    checkConditions(chart.when, `charts.${i}.when`);
    const points = chart.watch?.points;
    if (points !== undefined && !preset.charts.some((c) => c.id === points))
      problems.push(`charts.${i}.watch.points: no chart '${points}'`);
  });
  return [...problems, ...outputProblems(preset, model)];
}

/**
 * Whether two names with '*' standing for any text (a preset's `prefix*` pattern, a model's
 * family of outputs) can name the same output.
 */
export function namesMeet(a: string, b: string): boolean {
  const memo = new Map<number, boolean>();
  const meet = (i: number, j: number): boolean => {
    const key = i * (b.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (i === a.length && j === b.length) result = true;
    else if (a[i] === '*') result = meet(i + 1, j) || (j < b.length && meet(i, j + 1));
    else if (b[j] === '*') result = meet(i, j + 1) || (i < a.length && meet(i + 1, j));
    else result = i < a.length && j < b.length && a[i] === b[j] && meet(i + 1, j + 1);
    memo.set(key, result);
    return result;
  };
  return meet(0, 0);
}

/**
 * The outputs a preset names that its model does not declare (model.outputs): scalars its
 * readouts, charts and paper targets read, series patterns, networks and timelines; checked
 * without running anything.
 */
export function outputProblems(preset: Preset, model: ModelInfo): string[] {
  const problems: string[] = [];
  const declared = (kind: OutputSpec['kind'], name: string) =>
    model.outputs.some((o) => o.kind === kind && namesMeet(o.name, name));
  const lacks = (path: string, kind: OutputSpec['kind'], name: string) => {
    if (!declared(kind, name)) {
      const names = model.outputs.filter((o) => o.kind === kind).map((o) => o.name);
      problems.push(
        `${path}: '${name}' is no ${kind} output of ${model.name}; ` +
          `its ${kind} outputs: ${names.join(', ') || 'none'}`,
      );
    }
  };
  const scalar = (path: string, ref: ValueRefSpec | undefined) => {
    if (typeof ref === 'string' && !ref.startsWith('param.')) lacks(path, 'scalar', ref);
  };
  const templates = (path: string, text: string | undefined) => {
    for (const [, ref] of (text ?? '').matchAll(/\{([^{}:]+)(?::(?:%|yes|unit|if))?\}/g))
      scalar(path, ref);
  };
  const series = (path: string, patterns: string[] | undefined) =>
    (patterns ?? []).forEach((p, j) => lacks(`${path}.${j}`, 'series', p));
  // A state is a scalar that is true or false.
  const states = (path: string, instead: { when: string; text?: string; detail?: string }[]) =>
    instead.forEach((state, j) => {
      const at = `${path}.${j}`;
      const output = model.outputs.find((o) => o.kind === 'scalar' && o.name === state.when);
      if (output && output.unit !== 'boolean') {
        problems.push(`${at}.when: '${state.when}' is no boolean output of ${model.name}`);
      } else lacks(`${at}.when`, 'scalar', state.when);
      templates(`${at}.text`, state.text);
      templates(`${at}.detail`, state.detail);
    });
  preset.readouts.forEach((r, i) => {
    scalar(`readouts.${i}.value`, r.value);
    templates(`readouts.${i}.detail`, r.detail);
    states(`readouts.${i}.instead`, r.instead ?? []);
  });
  preset.reference.forEach((r, i) => {
    if (!r.notSimulated) scalar(`reference.${i}.metric`, r.metric);
    else if (declared('scalar', r.metric))
      problems.push(`reference.${i}.notSimulated: '${r.metric}' is an output of ${model.name}`);
  });
  const names: OutputNames = { scalar, series, states, output: lacks };
  preset.charts.forEach((chart, i) => chartOutputs(chart, `charts.${i}`, names));
  return problems;
}

/** The presets a preset's targetsIn names: presets of its model with targets of their own. */
export function targetsInProblems(presets: Preset[]): string[] {
  return presets.flatMap((preset) =>
    (preset.targetsIn ?? []).flatMap((id, i) => {
      const other = presets.find((p) => p.id === id);
      const path = `${preset.id}: targetsIn.${i}`;
      if (!other) return [`${path}: no preset '${id}'`];
      if (other.model !== preset.model) {
        return [`${path}: '${id}' runs ${other.model}, not ${preset.model}`];
      }
      return other.reference.length === 0 ? [`${path}: '${id}' has no paper targets`] : [];
    }),
  );
}

/**
 * The targets calibrated values name (fittedOn): a target of the preset named, in a preset that
 * has the value too (its validation reads the calibration from its own parameters).
 */
export function fittedOnProblems(presets: Preset[]): string[] {
  return presets.flatMap((preset) =>
    Object.entries(preset.params).flatMap(([name, entry]) =>
      (entry.fittedOn ?? []).flatMap(({ preset: id, metric }, i) => {
        const path = `${preset.id}: params.${name}.fittedOn.${i}`;
        const other = presets.find((p) => p.id === id);
        if (!other) return [`${path}: no preset '${id}'`];
        if (!other.reference.some((r) => r.metric === metric)) {
          return [`${path}: '${id}' has no target '${metric}'`];
        }
        return other.params[name]?.fittedOn?.some((t) => t.preset === id && t.metric === metric)
          ? []
          : [`${path}: '${id}' does not have ${name} fitted on '${metric}'`];
      }),
    ),
  );
}

/**
 * The rows a row restates: a target of this preset or of the preset named, not the row itself,
 * and not a row that restates another in turn (the chain would hide which row is judged).
 */
export function restatesProblems(presets: Preset[]): string[] {
  return presets.flatMap((preset) =>
    preset.reference.flatMap((row, i) => {
      if (!row.restates) return [];
      const path = `${preset.id}: reference.${i}.restates`;
      const id = row.restates.preset ?? preset.id;
      const other = presets.find((p) => p.id === id);
      if (!other) return [`${path}: no preset '${id}'`];
      const target = other.reference.find((r) => r.metric === row.restates!.metric);
      if (!target) return [`${path}: '${id}' has no target '${row.restates.metric}'`];
      if (target === row) return [`${path}: a row cannot restate itself`];
      return target.restates ? [`${path}: '${row.restates.metric}' restates another row`] : [];
    }),
  );
}
