// A tour checked against the presets and their models without running anything: every run value
// a step reads, the run it is read from, and each problem named by tour, step and field.
import type { ModelInfo, OutputSpec, ParamValue } from '../engine/types';
import { logpPresets } from '../compare/machines';
import { checkParamValue } from '../presets/param_values';
import type { Preset } from '../presets/schema';
import { namesMeet } from '../presets/problems';
import { curvePatterns, shownBy } from './outputs';
import type { BoundKey, OperandSpec, RunValueSpec, Tour, TourStep } from './schema';
import { BOUNDS } from './schema';

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
  return stepProblems(tour, presets, models).map(
    ({ step, path, message }) =>
      `tour ${tour.id}, step ${step + 1} (${tour.steps[step]!.title}): ${path}: ${message}`,
  );
}

/** A problem of a tour's step: the step (from 0), the field and what is wrong. */
export interface StepProblem {
  step: number;
  path: string;
  message: string;
}

/** The problems tourProblems words, by step, for a reader that keeps the steps that are fine. */
export function stepProblems(tour: Tour, presets: Preset[], models: ModelInfo[]): StepProblem[] {
  const problems: StepProblem[] = [];
  tour.steps.forEach((step, i) => {
    const say = (path: string, message: string) => problems.push({ step: i, path, message });
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
