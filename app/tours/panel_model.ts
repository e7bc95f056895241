// What the tour panel shows and points at, as pure functions of the tour, the step and its run.
import type { ParamSpec } from '../engine/types';
import { i18n } from '../i18n/i18n';
import { fillParams, resolveValues } from '../presets/param_values';
import type { Preset } from '../presets/schema';
import { presetParams } from '../presets/schema';
import type { RunView } from '../results/chart_builder';
import { formatTemplate } from '../results/chart_builder';
import type { ReadValue, StepRun } from './answers';
import { judgePrediction, readStepValue, rightChoice, valueText } from './answers';
import { comparedNames } from './compared';
import type { QuestionSpec, RunValueSpec, TargetSpec, TourStep } from './schema';

/** The runs of a step as the page has them: its first pane's, the right pane's, each machine's. */
export interface PageRuns {
  /** The first pane's latest run; null while it runs. */
  outcome: RunView | null;
  /** Side by side: the right pane's; null while it runs. */
  right?: RunView | null;
  /** On the all-machines page: each machine's, by preset id, as they come in. */
  machines?: Record<string, RunView>;
}

/**
 * A step's runs for its question, once every run it shows is in: side by side both panes, on
 * the all-machines page every machine (the step's own preset is one); null until then.
 */
export function stepRuns(step: TourStep, presets: Preset[], page: PageRuns): StepRun | null {
  const find = (id: string) => presets.find((p) => p.id === id);
  const layout = step.layout;
  if (layout?.kind === 'machines') {
    const runs = page.machines ?? {};
    const own = find(step.presetId);
    const run = runs[step.presetId];
    if (!own || !run) return null;
    const machines = Object.fromEntries(
      Object.entries(runs).flatMap(([id, r]) => {
        const preset = find(id);
        return preset ? [[id, { preset, run: r }] as const] : [];
      }),
    );
    return { preset: own, run, machines };
  }
  const preset = find(step.presetId);
  if (!preset || !page.outcome) return null;
  if (layout?.kind !== 'side') return { preset, run: page.outcome };
  const right = find(layout.right.presetId ?? step.presetId);
  if (!right || !page.right) return null;
  return { preset, run: page.outcome, right: { preset: right, run: page.right } };
}

/** The page element a step points at, as a CSS selector over the explorer's data attributes. */
export function targetSelector(look: TargetSpec, preset: Preset): string | null {
  if ('param' in look) return `[data-param-number="${look.param}"]`;
  if ('chart' in look) return `[data-chart-card="${look.chart}"]`;
  if ('view' in look) return '.trace-view';
  if ('machines' in look)
    return look.machines === 'chart' ? '.machines-chart' : 'table.machines-table';
  const readout = preset.readouts[look.readout];
  return readout ? `[data-readout="${String(readout.value)}"]` : null;
}

/** What a step points at, in words: "the chart “Accepted load”", "the field vcs". */
export function targetLabel(
  look: TargetSpec,
  preset: Preset,
  run: RunView | null,
  specs: ParamSpec[] = [],
): string {
  if ('param' in look) {
    const label = specs.find((s) => s.name === look.param)?.label ?? look.param;
    return i18n.t('tour.target.field', { label });
  }
  if ('view' in look) return i18n.t('tour.target.view');
  if ('machines' in look)
    return look.machines === 'chart'
      ? i18n.t('tour.target.machinesChart')
      : i18n.t('tour.target.machinesTable');
  if ('chart' in look) {
    const chart = preset.charts.find((c) => c.id === look.chart);
    // A title may name a parameter's value ({param.x}): the run's, else the preset's.
    const values = run?.params ?? resolveValues(specs, presetParams(preset));
    const title = chart ? fillParams(chart.title, specs, values) : look.chart;
    return i18n.t('tour.target.chart', { title });
  }
  const readout = preset.readouts[look.readout];
  if (!readout) return i18n.t('tour.target.readouts');
  // A label may name a parameter's value ({param.x}); without a run it is left out.
  const label = run
    ? formatTemplate(readout.label, run)
    : readout.label.replace(/\s*\{[^}]*\}/g, '');
  return i18n.t('tour.target.readout', { label });
}

/** The parameters a step leaves out of the panel: those its `show` does not list. */
export function hiddenParams(step: TourStep, specs: ParamSpec[]): Set<string> {
  if (!step.show) return new Set();
  const shown = new Set(step.show);
  return new Set(specs.map((s) => s.name).filter((name) => !shown.has(name)));
}

/** A prediction as typed: a number, or the index of a choice. */
export type Prediction = { kind: 'number'; value: number } | { kind: 'choice'; index: number };

export interface Reveal {
  /** The run's answer in words, with its unit: "45.2 cycles", or the right choice's label. */
  answer: string;
  /** How the prediction compared: "close", "too high", "right", "not this time". */
  verdict: 'close' | 'high' | 'low' | 'right' | 'wrong';
  /** One sentence for the student, read out by the live region. */
  sentence: string;
  /** A wrong choice's own words: why not that one. */
  feedback?: string;
}

/** A value the reveal prints: read from the run (`ref`), or a choice's constant (`ref` null). */
export interface SaidValue {
  read: ReadValue;
  ref: RunValueSpec | null;
  /** What tells it apart from the other value compared ("at 8 processors"), or ''. */
  name: string;
}

/** What the reveal says of the run, whatever was predicted. */
export interface RunSays {
  /** A number question's answer as printed ("45.2 cycles"), or the right choice's label. */
  label: string;
  /** The values it prints: the answer, or the two a choice's condition compares. */
  values: SaidValue[];
  /** As the sentence prints it: "Yes (291 MB/s at 8 processors against 237 MB/s at 16 …)". */
  words: string;
}

/** What the reveal says of the run (the page prints it; the walker reads it as drawn). */
export function runSays(question: QuestionSpec, runs: StepRun): RunSays {
  if (question.kind === 'number') {
    const read = readStepValue(question.answer, runs);
    return {
      label: read.text,
      values: [{ read, ref: question.answer, name: '' }],
      words: read.text,
    };
  }
  const right = rightChoice(question, runs);
  const label = right === null ? i18n.t('tour.noSingleChoice') : question.choices[right]!.label;
  const choice = question.choices[right ?? 0]!;
  const bound = (['above', 'atLeast', 'below', 'atMost'] as const).find(
    (k) => choice.when[k] !== undefined,
  )!;
  const than = choice.when[bound]!;
  const read = readStepValue(choice.when.value, runs);
  // Each value named by what sets it apart from the other: which is which.
  const [valueName, thanName] = comparedNames(choice.when.value, than, runs);
  const values: SaidValue[] = [
    { read, ref: choice.when.value, name: valueName },
    typeof than === 'number'
      ? {
          read: { value: than, unit: read.unit, text: valueText(than, read.unit), percent: false },
          ref: null,
          name: '',
        }
      : { read: readStepValue(than, runs), ref: than, name: thanName },
  ];
  const [a, b] = values.map((v) => (v.name ? `${v.read.text} ${v.name}` : v.read.text));
  return { label, values, words: i18n.t('tour.compared', { label, a, b }) };
}

/** The step's runs' answer to a question, and how a prediction compared with it. */
export function reveal(question: QuestionSpec, prediction: Prediction, runs: StepRun): Reveal {
  const says = runSays(question, runs);
  if (question.kind === 'number') {
    const answer: ReadValue = readStepValue(question.answer, runs);
    const guess = prediction.kind === 'number' ? prediction.value : Number.NaN;
    const close = question.close ?? 0.2;
    // An answer the page prints as a percentage is predicted as one (10 for 9.8 %).
    const verdict = judgePrediction(answer.percent ? guess / 100 : guess, answer.value, close);
    return {
      answer: says.label,
      verdict,
      sentence: i18n.t('tour.verdictNumber', {
        answer: says.words,
        guess: `${guess}${answer.percent ? ' %' : ''}`,
        verdict,
        within: close * 100,
      }),
    };
  }
  const right = rightChoice(question, runs);
  const chosen = prediction.kind === 'choice' ? question.choices[prediction.index]?.label : '';
  const verdict = right !== null && prediction.kind === 'choice' && prediction.index === right;
  const feedback =
    !verdict && prediction.kind === 'choice'
      ? question.choices[prediction.index]?.feedback
      : undefined;
  return {
    answer: says.label,
    verdict: verdict ? 'right' : 'wrong',
    ...(feedback ? { feedback } : {}),
    sentence: i18n.t('tour.verdictChoice', {
      answer: says.words,
      chosen,
      right: verdict ? 'yes' : 'no',
    }),
  };
}
